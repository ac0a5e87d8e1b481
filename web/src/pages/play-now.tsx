import type { Catalog, GameId, NewSeek, Seek, SeekList } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { session } from '../session.js';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';

/** How often the page looks at the pools and at its own seek while it waits. */
const POLL_MS = 2_000;

const PACES: Record<string, string> = {
  live: 'Live: 5 min per turn, 1 min to react',
  daily: 'Daily: 3 days per turn, 1 day to react',
  correspondence: 'Correspondence: a 3-day bank, +1 day per move',
};

type Pace = Extract<NewSeek['deadlines'], string>;
const isPace = (value: unknown): value is Pace => value === 'live' || value === 'daily' || value === 'correspondence';

/** How many wait for exactly this game, number of players and pace (rated pools, where people play). */
function waitingFor(list: SeekList | null, game: string, seats: number, pace: string): number {
  return list?.waiting.find((w) => w.game === game && w.seats === seats && w.deadlines === pace && w.rated)?.waiting ?? 0;
}

/**
 * Play now: choose a game, how many players and a pace, see how many are
 * waiting, press Play now, and land at the table once a table of players of
 * close ratings forms (automatch: `POST /v1/seeks`; the page follows its seek
 * with `GET /v1/seeks` until it is seated).
 */
export function PlayNowPage() {
  const current = session.use();
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [pools, setPools] = useState<SeekList | null>(null);
  const [game, setGame] = useState('');
  const [seats, setSeats] = useState(2);
  const [pace, setPace] = useState<Pace>('daily');
  const [waiting, setWaiting] = useState<Seek | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    current?.client
      .catalog()
      .then((answer) => {
        setCatalog(answer);
        setGame((chosen) => chosen || answer.games[0]?.id || '');
      })
      .catch((failure) => setError(explain(failure)));
  }, [current]);

  // The pools and this player's own seek, now and every few seconds: a seated seek takes the player to the table.
  useEffect(() => {
    if (!current) return;
    let stopped = false;
    const look = async () => {
      try {
        const list = await current.client.seeks();
        if (stopped) return;
        setPools(list);
        const seated = list.seeks.find((s) => s.status === 'seated' && s.seekId === waiting?.seekId);
        if (seated?.gameId) return navigate(`/g/${seated.gameId}`);
        setWaiting((mine) => mine ?? list.seeks.find((s) => s.status === 'waiting') ?? null);
      } catch (failure) {
        if (!stopped) setError(explain(failure));
      }
    };
    void look();
    const timer = setInterval(look, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [current, waiting?.seekId]);

  if (!catalog) return error ? <Alert message={error} /> : <p aria-busy="true">Loading the games…</p>;
  const offered = catalog.games.find((g) => g.id === game);
  const lowest = Math.max(2, offered?.minSeats ?? 2);
  const counts = (offered?.maxSeats ?? lowest) - lowest + 1;

  const playNow = async () => {
    if (!current || !offered) return;
    setBusy(true);
    setError(null);
    try {
      const seek = await current.client.createSeek({ game: offered.id as GameId, seats, deadlines: pace });
      if (seek.status === 'seated' && seek.gameId) return navigate(`/g/${seek.gameId}`);
      setWaiting(seek);
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (seekId: string) => {
    if (!current) return;
    setError(null);
    try {
      await current.client.cancelSeek(seekId);
      setWaiting(null);
    } catch (failure) {
      setError(explain(failure));
    }
  };

  if (waiting) {
    const title = catalog.games.find((g) => g.id === waiting.game)?.title ?? waiting.game;
    const others = Math.max(0, waitingFor(pools, waiting.game, waiting.seats, String(waiting.deadlines)) - 1);
    return (
      <section>
        <h1>Play now</h1>
        <div class="panel" role="status" aria-live="polite">
          <h2>Looking for players…</h2>
          <p>
            {title}, {waiting.seats} players, {isPace(waiting.deadlines) ? PACES[waiting.deadlines] : 'custom time control'}
            {waiting.rated ? ', rated' : ''}.
          </p>
          <p>
            {others === 0 ? 'Nobody else is waiting for this yet.' : `${others} ${others === 1 ? 'other player is' : 'other players are'} waiting.`} You will be
            taken to the table as soon as it forms; you may leave this page and come back (until {new Date(waiting.expiresAt).toLocaleString()}).
          </p>
          <button type="button" onClick={() => cancel(waiting.seekId)}>
            Stop waiting
          </button>
        </div>
        <Alert message={error} />
      </section>
    );
  }

  return (
    <section>
      <h1>Play now</h1>
      <p>Choose what you would like to play: you will be seated with players of a rating close to yours as soon as enough of them are waiting.</p>
      <form
        class="panel"
        onSubmit={(event) => {
          event.preventDefault();
          void playNow();
        }}
      >
        <fieldset class="catalog">
          <legend>Game</legend>
          {catalog.games.map((g) => {
            const total = pools?.waiting.filter((w) => w.game === g.id).reduce((sum, w) => sum + w.waiting, 0) ?? 0;
            return (
              <label key={g.id} class={g.id === game ? 'game-choice chosen' : 'game-choice'}>
                <input
                  type="radio"
                  name="game"
                  value={g.id}
                  checked={g.id === game}
                  onChange={() => {
                    setGame(g.id);
                    setSeats(Math.max(2, g.minSeats));
                  }}
                />
                <strong>{g.title}</strong>
                <span class="muted">{total === 1 ? '1 player waiting' : `${total} players waiting`}</span>
              </label>
            );
          })}
        </fieldset>
        <label for="play-seats">Number of players</label>
        <select id="play-seats" value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
          {Array.from({ length: Math.max(0, counts) }, (_, i) => lowest + i).map((n) => (
            <option key={n} value={n}>
              {n} — {waitingFor(pools, game, n, pace)} waiting
            </option>
          ))}
        </select>
        <label for="play-pace">Time control</label>
        <select id="play-pace" value={pace} onChange={(e) => isPace(e.currentTarget.value) && setPace(e.currentTarget.value)}>
          {Object.entries(PACES).map(([value, label]) => (
            <option key={value} value={value}>
              {label} — {waitingFor(pools, game, seats, value)} waiting
            </option>
          ))}
        </select>
        <p aria-live="polite">
          {waitingFor(pools, game, seats, pace) === 1 ? '1 player is' : `${waitingFor(pools, game, seats, pace)} players are`} waiting for exactly this.
        </p>
        <button type="submit" disabled={busy || !offered}>
          Play now
        </button>
      </form>
      <Alert message={error} />
    </section>
  );
}
