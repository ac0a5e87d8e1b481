import type { Catalog, GameId, NewSeek, Seek, SeekList } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { navigate } from '../router.js';
import { session } from '../session.js';
import { Alert } from '../ui/alert.js';
import { explain } from '../ui/errors.js';
import { gameTitle } from '../ui/seats.js';
import { when } from '../ui/when.js';
import { num, t, type MessageKey } from '../i18n/i18n.js';

/** How often the page looks at the pools and at its own seek while it waits. */
const POLL_MS = 2_000;

const PACES: Record<string, MessageKey> = {
  live: 'lobby.live',
  daily: 'lobby.daily',
  correspondence: 'playNow.correspondence',
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

  if (!catalog) return error ? <Alert message={error} /> : <p aria-busy="true">{t('home.loading')}</p>;
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
    const others = Math.max(0, waitingFor(pools, waiting.game, waiting.seats, String(waiting.deadlines)) - 1);
    return (
      <section>
        <h1>{t('page.play')}</h1>
        <div class="panel" role="status" aria-live="polite">
          <h2>{t('playNow.looking')}</h2>
          <p>
            {t('playNow.seeking', {
              game: gameTitle(waiting.game),
              seats: waiting.seats,
              pace: isPace(waiting.deadlines) ? t(PACES[waiting.deadlines] ?? 'playNow.custom') : t('playNow.custom'),
              rated: waiting.rated ? 'yes' : 'no',
            })}
          </p>
          <p>
            {t('playNow.others', { others })} {t('playNow.until', { until: when(waiting.expiresAt) })}
          </p>
          <button type="button" onClick={() => cancel(waiting.seekId)}>
            {t('playNow.stop')}
          </button>
        </div>
        <Alert message={error} />
      </section>
    );
  }

  return (
    <section>
      <h1>{t('page.play')}</h1>
      <p>{t('playNow.intro')}</p>
      <form
        class="panel"
        onSubmit={(event) => {
          event.preventDefault();
          void playNow();
        }}
      >
        <fieldset class="catalog">
          <legend>{t('profile.game')}</legend>
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
                <strong>{gameTitle(g.id)}</strong>
                <span class="muted">{t('playNow.waiting-game', { count: total })}</span>
              </label>
            );
          })}
        </fieldset>
        <label for="play-seats">{t('lobby.seats')}</label>
        <select id="play-seats" value={seats} onChange={(e) => setSeats(Number(e.currentTarget.value))}>
          {Array.from({ length: Math.max(0, counts) }, (_, i) => lowest + i).map((n) => (
            <option key={n} value={n}>
              {t('playNow.option', { option: num(n), count: waitingFor(pools, game, n, pace) })}
            </option>
          ))}
        </select>
        <label for="play-pace">{t('lobby.time-control')}</label>
        <select id="play-pace" value={pace} onChange={(e) => isPace(e.currentTarget.value) && setPace(e.currentTarget.value)}>
          {Object.entries(PACES).map(([value, label]) => (
            <option key={value} value={value}>
              {t('playNow.option', { option: t(label), count: waitingFor(pools, game, seats, value) })}
            </option>
          ))}
        </select>
        <p aria-live="polite">{t('playNow.exactly', { count: waitingFor(pools, game, seats, pace) })}</p>
        <button type="submit" disabled={busy || !offered}>
          {t('page.play')}
        </button>
      </form>
      <Alert message={error} />
    </section>
  );
}
