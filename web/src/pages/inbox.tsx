import type { Inbox } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { notifications } from '../notifications.js';
import { session } from '../session.js';
import { Countdown } from '../ui/countdown.js';
import { explain } from '../ui/errors.js';
import { gameTitle, seatNames } from '../ui/seats.js';
import { when } from '../ui/when.js';
import { Alert } from '../ui/alert.js';

type Entry = Inbox['games'][number];

/** The inbox: games awaiting my move first (nearest deadline first), then the others, then finished ones. */
export function InboxPage() {
  const current = session.use();
  const [inbox, setInbox] = useState<Inbox | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Read again whenever a notification arrives (a move awaited, a game started or ended), and now and then for the rest.
  const newest = notifications.use().items[0]?.id;
  useEffect(() => {
    let live = true;
    const load = () =>
      current?.client
        .inbox({ limit: 100 })
        .then((answer) => live && setInbox(answer))
        .catch((failure) => live && setError(explain(failure)));
    void load();
    const timer = setInterval(load, 60_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [current, newest]);

  if (error) return <Alert message={error} />;
  if (!inbox) return <p aria-busy="true">Loading your games…</p>;
  const mine = inbox.games.filter((g) => g.yourMove);
  const waiting = inbox.games.filter((g) => !g.yourMove && g.status !== 'finished');
  const finished = inbox.games.filter((g) => g.status === 'finished');
  return (
    <section>
      <h1>Your games</h1>
      <p>
        <a class="button" href="/lobby">
          Start a new game
        </a>
      </p>
      <GameList title={`Your move (${mine.length})`} games={mine} empty="Nothing awaits you right now." />
      <GameList title="Waiting for others" games={waiting} empty="No other game in progress." />
      <GameList title="Finished" games={finished} empty="No finished game yet." />
    </section>
  );
}

function GameList({ title, games, empty }: { title: string; games: Entry[]; empty: string }) {
  return (
    <section class="list">
      <h2>{title}</h2>
      {games.length === 0 ? (
        <p class="muted">{empty}</p>
      ) : (
        <ul>
          {games.map((g) => (
            <li key={g.gameId} class={g.yourMove ? 'game-row yours' : 'game-row'}>
              <a href={`/g/${g.gameId}`}>{gameTitle(g.game)}</a>
              <span>
                with{' '}
                {seatNames(g.seats)
                  .map((name, seat) =>
                    awayNote(
                      name,
                      g.vacations.find((v) => v.seat === seat),
                    ),
                  )
                  .filter((_, i) => i !== g.seat)
                  .join(', ') || 'nobody yet'}
              </span>
              <span>
                {g.status === 'open' ? (
                  'waiting for players'
                ) : g.status === 'finished' ? (
                  <>
                    <Result gameId={g.gameId} /> · <a href={`/g/${g.gameId}/replay`}>replay</a>
                  </>
                ) : (
                  g.deadline && (
                    <>
                      {g.yourMove ? 'your move, ' : ''}time left <Countdown deadline={Date.parse(g.deadline)} />
                    </>
                  )
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** "Ben (away until Thu 3 Dec, 10:00)" for a player on vacation, whose deadlines in this game stand still. */
const awayNote = (name: string, away: { until: string } | undefined) => (away ? `${name} (away until ${when(away.until)})` : name);

/** A finished game's result: who won, and the scores. */
function Result({ gameId }: { gameId: string }) {
  const current = session.use();
  const [line, setLine] = useState('finished');
  useEffect(() => {
    current?.client
      .view(gameId)
      .then(({ view }) => {
        const sheet = view.state?.score;
        if (!sheet) return;
        const names = seatNames(view.seats).map((name, seat) => (seat === view.you ? 'you' : name));
        const winners = sheet.winners.map((seat) => names[seat]).join(' and ') || 'nobody';
        setLine(`${winners} won · ${sheet.scores.map((score, seat) => `${names[seat]} ${score}`).join(', ')}`);
      })
      .catch(() => undefined);
  }, [current, gameId]);
  return <>{line}</>;
}
