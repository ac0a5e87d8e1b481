import type { paths } from '@valeria-tabletop/client';
import { navigate } from '../router.js';
import { session } from '../session.js';
import { dataOf, explain } from '../ui/errors.js';
import { Alert } from '../ui/alert.js';
import { usePaged } from '../ui/paged.js';
import { GameTabs, gameOrFirst } from '../ui/game-tabs.js';
import { SeatNames } from '../ui/player-name.js';
import { gameTitle } from '../ui/seats.js';
import { percent, span, when } from '../ui/when.js';
import { isolate, t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';
import './community.css';

type OpenGames = paths['/v1/games/open']['get']['responses'][200]['content']['application/json'];
type OpenGame = OpenGames['games'][number];

/** "3 days a turn", "a time bank of 10 minutes, +30 s a move": a game's pace in words. */
function paceOf({ deadlines }: OpenGame): string {
  if (deadlines.bank) return t('openGames.bank', { bank: span(deadlines.bank.initialSeconds), increment: span(deadlines.bank.incrementSeconds) });
  return t('openGames.per-turn', { turn: span(deadlines.turnSeconds) });
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

  if (!shown) return <Alert message={t('leaderboard.no-game')} />;
  return (
    <section>
      <h1>{t('howto.open-games', { game: gameTitle(shown) })}</h1>
      <GameTabs base="/open-games" current={shown} label={t('openGames.each-game')} />
      <p class="muted">
        {tNodes('openGames.intro', {
          listIt: t('lobby.list-it'),
          lobby: (parts) => <a href="/lobby">{parts}</a>,
          play: (parts) => <a href="/play">{parts}</a>,
        })}
      </p>
      <Alert message={error} />
      {games === null ? (
        !error && <p aria-busy="true">{t('openGames.looking')}</p>
      ) : games.length === 0 ? (
        <p>{t('openGames.none', { game: gameTitle(shown) })}</p>
      ) : (
        <div class="list">
          <ul aria-label={t('page.open-games')}>
            {games.map((g) => (
              <li key={g.gameId} class="game-row">
                <strong>{t('openGames.seats', { players: g.seats.length, free: g.freeSeats })}</strong>
                <span>{tNodes('profile.with', { others: <SeatNames seats={g.seats.filter((s) => s.kind !== 'empty')} /> })}</span>
                <span>
                  {paceOf(g)} · {g.rated ? t('openGames.rated') : t('openGames.not-rated')}
                  {g.table.minReliability ? ` · ${t('openGames.reliability', { share: percent(g.table.minReliability) })}` : ''} ·{' '}
                  {t('openGames.created', { created: when(g.createdAt) })}
                </span>
                <button
                  type="button"
                  disabled={busy}
                  aria-label={t('openGames.join-label', {
                    who: isolate(g.seats.find((s) => s.kind === 'player')?.name ?? t('seat.nobody')),
                    created: when(g.createdAt),
                  })}
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
                  {t('openGames.join')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {next && (
        <button type="button" class="secondary" disabled={busy} onClick={more}>
          {t('openGames.more')}
        </button>
      )}
    </section>
  );
}
