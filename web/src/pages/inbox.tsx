import type { Inbox } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { notifications } from '../notifications.js';
import { session } from '../session.js';
import { Countdown } from '../ui/countdown.js';
import { explain } from '../ui/errors.js';
import { gameTitle, seatNames } from '../ui/seats.js';
import { when } from '../ui/when.js';
import { Alert } from '../ui/alert.js';
import { isolate, num, t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

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
  if (!inbox) return <p aria-busy="true">{t('inbox.loading')}</p>;
  const mine = inbox.games.filter((g) => g.yourMove);
  const waiting = inbox.games.filter((g) => !g.yourMove && g.status !== 'finished');
  const finished = inbox.games.filter((g) => g.status === 'finished');
  return (
    <section>
      <h1>{t('page.inbox')}</h1>
      <p>
        <a class="button" href="/lobby">
          {t('inbox.start')}
        </a>
      </p>
      <GameList title={t('inbox.yours', { count: mine.length })} games={mine} empty={t('inbox.yours-none')} />
      <GameList title={t('inbox.waiting')} games={waiting} empty={t('inbox.waiting-none')} />
      <GameList title={t('inbox.finished')} games={finished} empty={t('inbox.finished-none')} />
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
              <span>{withOthers(g)}</span>
              <span>
                {g.status === 'open' ? (
                  t('inbox.open')
                ) : g.status === 'finished' ? (
                  <>
                    <Result gameId={g.gameId} /> · <a href={`/g/${g.gameId}/replay`}>{t('inbox.replay')}</a>
                  </>
                ) : (
                  g.deadline && tNodes('inbox.time-left', { yours: g.yourMove ? 'yes' : 'no', left: <Countdown deadline={Date.parse(g.deadline)} /> })
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
const awayNote = (name: string, away: { until: string } | undefined) => (away ? t('inbox.away', { name, until: when(away.until) }) : name);

/** "with Ann, Ben (away until …)": the other seats of a game, names isolated. */
function withOthers(g: Entry): string {
  const others = seatNames(g.seats)
    .map((name, seat) =>
      awayNote(
        isolate(name),
        g.vacations.find((v) => v.seat === seat),
      ),
    )
    .filter((_, i) => i !== g.seat);
  return others.length > 0 ? t('inbox.with', { others: others.join(t('list.comma')) }) : t('inbox.with-nobody');
}

/** A finished game's result: who won, and the scores. */
function Result({ gameId }: { gameId: string }) {
  const current = session.use();
  const [line, setLine] = useState(() => t('inbox.finished-line'));
  useEffect(() => {
    current?.client
      .view(gameId)
      .then(({ view }) => {
        const sheet = view.state?.score;
        if (!sheet) return;
        const names = seatNames(view.seats).map((name, seat) => (seat === view.you ? t('seat.you') : isolate(name)));
        const winners = sheet.winners.map((seat) => names[seat]).join(` ${t('list.and-word')} `);
        const scores = sheet.scores.map((score, seat) => `${names[seat]} ${num(score)}`).join(t('list.comma'));
        setLine(winners ? t('inbox.result', { winners, scores }) : t('inbox.result-nobody', { scores }));
      })
      .catch(() => undefined);
  }, [current, gameId]);
  return <>{line}</>;
}
