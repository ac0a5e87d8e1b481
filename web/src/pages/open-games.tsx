import type { paths } from '@valeria-tabletop/client';
import { navigate } from '../router.js';
import { session } from '../session.js';
import { timeLeft } from '../ui/countdown.js';
import { dataOf, explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { usePaged } from '../ui/paged.js';
import { GameTabs, gameOrFirst } from '../ui/game-tabs.js';
import { SeatNames } from '../ui/player-name.js';
import { gameTitle } from '../ui/seats.js';
import { when } from '../ui/when.js';
import './community.css';

type OpenGames = paths['/v1/games/open']['get']['responses'][200]['content']['application/json'];
type OpenGame = OpenGames['games'][number];

const UNITS = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
] as const;

/** "3 days", "5 minutes": a span of whole units in words, else as a countdown reads it. */
function spanText(seconds: number): string {
  const [size, unit] = UNITS.find(([size]) => seconds >= size && seconds % size === 0) ?? [0, ''];
  if (size === 0) return timeLeft(seconds * 1000);
  const n = seconds / size;
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** "3 days a turn", "a time bank of 10 minutes, +30 s a move": a game's pace in words. */
function paceOf({ deadlines }: OpenGame): string {
  if (deadlines.bank) return `a time bank of ${spanText(deadlines.bank.initialSeconds)}, +${spanText(deadlines.bank.incrementSeconds)} a move`;
  return `${spanText(deadlines.turnSeconds)} a turn`;
}

/** Games with free seats anyone may join, newest first, a page at a time; joining takes a seat and opens the table. */
export function OpenGamesPage({ game }: { game: string | null }) {
  const current = session.use();
  const shown = gameOrFirst(game);
  const {
    items: games,
    next,
    error,
    busy,
    setError,
    setBusy,
    more,
  } = usePaged<OpenGame>(
    (cursor) =>
      !current || shown === null
        ? null
        : current.client.api
            .GET('/v1/games/open', { params: { query: { game: shown, ...(cursor ? { cursor } : {}) } } })
            .then(dataOf)
            .then((page) => ({ items: page.games, next: page.next })),
    [current, shown],
  );

  if (!shown) return <Alert message="There is no such game." />;
  return (
    <section>
      <h1>Open games of {gameTitle(shown)}</h1>
      <GameTabs base="/open-games" current={shown} label="Open games of each game" />
      <p class="muted">
        Games whose creator listed them for anyone to join, newest first. To list your own, tick “List it in Open games” in <a href="/lobby">New game</a>; to be
        seated with someone at once, use <a href="/play">Play now</a>.
      </p>
      <Alert message={error} />
      {games === null ? (
        !error && <p aria-busy="true">Looking for open games…</p>
      ) : games.length === 0 ? (
        <p>No open game of {gameTitle(shown)} right now.</p>
      ) : (
        <div class="list">
          <ul aria-label="Open games">
            {games.map((g) => (
              <li key={g.gameId} class="game-row">
                <strong>
                  {g.seats.length} players, {g.freeSeats} {g.freeSeats === 1 ? 'seat' : 'seats'} free
                </strong>
                <span>
                  with <SeatNames seats={g.seats.filter((s) => s.kind !== 'empty')} />
                </span>
                <span>
                  {paceOf(g)} · {g.rated ? 'rated' : 'not rated'}
                  {g.table.minReliability ? ` · reliability ${g.table.minReliability}% or more` : ''} · created {when(g.createdAt)}
                </span>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Join the game of ${g.seats.find((s) => s.kind === 'player')?.name ?? 'nobody'} created ${when(g.createdAt)}`}
                  onClick={async () => {
                    if (!current) return;
                    setBusy(true);
                    setError(null);
                    try {
                      await current.client.join(g.gameId);
                      navigate(`/g/${g.gameId}`);
                    } catch (failure) {
                      setError(explain(failure));
                      setBusy(false);
                    }
                  }}
                >
                  Join
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {next && (
        <button type="button" class="secondary" disabled={busy} onClick={more}>
          Show more open games
        </button>
      )}
    </section>
  );
}
