import {
  followGame,
  ProblemError,
  type CardsOf,
  type Commit,
  type GameFollower,
  type GameId,
  type GameView,
  type Move,
  type MoveAnswer,
  type Player,
  type Seen,
  type ValeriaClient,
} from '@valeria-tabletop/client';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameTable, Listed } from '../games/table.js';
import { session } from '../session.js';
import { noteAnswered } from '../notifications.js';
import { Countdown } from '../ui/countdown.js';
import { explain } from '../ui/errors.js';
import { Picker } from '../ui/picker.js';
import { gameTitle, seatNames } from '../ui/seats.js';
import { EndScreen } from './end.js';
import { GameLog } from './log.js';
import { OpenTable } from './open-table.js';
import { Alert } from '../ui/alert.js';
import { SeatStatus } from '../ui/seat-status.js';
import { SeatName } from '../ui/player-name.js';
import { SeatControls } from './seat-controls.js';
import { isolate, t } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';

/** A game's table, its module and its card catalog (from the API) loaded together. */
const tableWithCards =
  <G extends GameId>(game: G, load: () => Promise<{ tableFor(cards: CardsOf<G>): GameTable }>) =>
  async (client: ValeriaClient): Promise<GameTable> => {
    const [module, cards] = await Promise.all([load(), client.cards(game)]);
    return module.tableFor(cards);
  };

/** Each game's table, loaded only when a game of it is opened (or replayed). */
export const TABLES: { readonly [G in GameId]: (client: ValeriaClient) => Promise<GameTable> } = {
  'village-pillage': tableWithCards('village-pillage', () => import('../games/village-pillage.js')),
  'villages-of-valeria': tableWithCards('villages-of-valeria', () => import('../games/villages-of-valeria.js')),
  'valeria-card-kingdoms': tableWithCards('valeria-card-kingdoms', () => import('../games/card-kingdoms.js')),
};

interface Loaded {
  readonly view: GameView;
  readonly listed: Listed | null;
}

/** How long a write of mine waits on the stream for the commits that followed its own (bots, standing orders) before the page reads the game itself. */
const FOLLOWING_COMMITS_WITHIN_MS = 5_000;

/** What the page shows of a game the stream carried: the same as a read, since it is what GET …/{id} and …/moves answer. */
function loadedFrom({ game: view, moves }: Seen): Loaded {
  // The moves route's ETag is the quoted version, as documented.
  return { view, listed: view.status === 'active' && view.you !== null ? { moves, etag: `"${view.version}"` } : null };
}

/** A write's answer when it made a commit (a move, an undo, a seat taken back): the stream sends that commit to everyone else. */
function commitMadeBy(answer: unknown): MoveAnswer | null {
  return typeof answer === 'object' && answer !== null && 'commit' in answer && 'next' in answer ? (answer as MoveAnswer) : null;
}

export function GamePage({ gameId }: { gameId: string }) {
  const current = session.use();
  const client = current?.client;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [me, setMe] = useState<Player | null>(null);
  const [table, setTable] = useState<GameTable | null>(null);
  const [log, setLog] = useState<Commit[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const followerRef = useRef<GameFollower | null>(null);
  const focusNewState = useRef(false);

  const reload = async (): Promise<GameView | null> => {
    if (!client) return null;
    // One request: the view and the moves of the same version.
    const { view, listed } = await client.open(gameId);
    setLoaded({ view, listed: view.status === 'active' && view.you !== null ? listed : null });
    return view;
  };

  /** The game the stream carried, shown as it is unless the table plans a batch now: then the moves route's `followUps` are read too. */
  const show = async (seen: Seen, shown: GameTable | null): Promise<GameView | null> => {
    const loaded = loadedFrom(seen);
    const seated = loaded.listed && shown?.seat(loaded.view, loaded.listed, seatNames(loaded.view.seats));
    if (!seated?.plansBatch || !client) {
      setLoaded(loaded);
      return seen.game;
    }
    const listed = await client.legalMoves(gameId);
    if (listed.version !== seen.game.version) return reload();
    setLoaded({ ...loaded, listed });
    return seen.game;
  };

  useEffect(() => {
    if (!client) return;
    let follower: GameFollower | null = null;
    let live = true;
    void (async () => {
      try {
        setMe(await client.me());
        const view = await reload();
        // The table first: a game the stream brings is shown by it.
        const shown = view ? await TABLES[view.game](client) : null;
        if (!live) return;
        setTable(shown);
        const { commits, next } = await client.log(gameId);
        if (!live) return;
        setLog(commits);
        follower = followGame(client, gameId, {
          after: next,
          onCommits: (more, seen) => {
            setLog((old) => [...old, ...more]);
            // The stream carried the game these commits lead to: show it without reading it again.
            const showing = seen ? show(seen, shown) : reload();
            // Nothing follows the end: stop asking.
            void showing.then((view) => view?.status === 'finished' && follower?.stop()).catch((failure) => setError(explain(failure)));
          },
        });
        followerRef.current = follower;
      } catch (failure) {
        if (live) setError(explain(failure));
      }
    })();
    return () => {
      live = false;
      follower?.stop();
      followerRef.current = null;
    };
  }, [client, gameId]);

  // After a write of mine, and whenever the focus fell to the page's body (the control it was on is gone),
  // the focus goes to the state now shown, which a screen reader then reads: the turn, or the result. The page
  // stays where it is scrolled: a pointer's player reading the log is not moved.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    const target = loaded && document.getElementById(loaded.view.status === 'finished' ? 'result' : 'turn');
    if (busy || !target || !(focusNewState.current || lost)) return;
    focusNewState.current = false;
    target.focus({ preventScroll: true });
  }, [busy, loaded, table]);

  if (error && !loaded) return <Alert message={error} />;
  if (!loaded || !client || !me) return <p aria-busy="true">{t('game.loading')}</p>;
  const { view, listed } = loaded;
  const names = seatNames(view.seats);
  const title = gameTitle(view.game);

  if (view.status === 'open') return <OpenTable view={view} me={me} client={client} title={title} onChange={async () => void (await reload())} />;
  const seated = table?.seat(view, listed, names);
  if (!table || !seated || !view.state) return <p aria-busy="true">{t('game.setting')}</p>;

  const state = view.state;
  /**
   * Sends a write, then shows the game as it is now: its answer carries its
   * commit and the game after it (the stream sends that commit to everyone
   * else), and what bots and standing orders did next comes on the stream
   * while it is up; else the game is read. A refusal is shown in words
   * (`why`) and the game looked at again.
   */
  const run = async (send: () => Promise<unknown>, why: (failure: unknown) => string = explain) => {
    setBusy(true);
    setError(null);
    try {
      const made = commitMadeBy(await send());
      if (made) noteAnswered(made.notifications);
      const follower = followerRef.current;
      if (made && follower) await follower.wrote(made);
      const handed = made !== null && (await follower?.awaitCommit(made.next.version, FOLLOWING_COMMITS_WITHIN_MS));
      if (!handed) await reload();
    } catch (failure) {
      setError(why(failure));
      await reload().catch(() => undefined);
    } finally {
      focusNewState.current = true;
      setBusy(false);
    }
  };
  const play = (moves: readonly Move[]) =>
    listed &&
    run(
      () => playPinned(client, gameId, moves, listed),
      (failure) => (failure instanceof ProblemError && failure.code === 'version-mismatch' ? t('game.moved-on') : explain(failure)),
    );
  const families = seated.families();
  const awaitingNames = state.awaiting.map((seat) => (seat === view.you ? t('seat.you') : isolate(names[seat] ?? ''))).join(t('list.comma'));

  return (
    <div class="game" data-game={view.game}>
      <h1>
        {title}{' '}
        <small class="muted" dir="ltr">
          {view.gameId}
        </small>
      </h1>
      {view.status === 'finished' ? (
        <EndScreen view={view} names={names} seated={seated} client={client} />
      ) : (
        // The new state is announced (politely) and focused after each move: whose turn, the deadline, my resources.
        <p class="turn" role="status" id="turn" tabIndex={-1}>
          {state.pending && (
            <>
              {state.awaiting.includes(view.you ?? -1) ? (
                <strong>{t('game.your-move')}</strong>
              ) : (
                tNodes('game.waiting-for', { who: <strong>{awaitingNames || t('game.the-game')}</strong> })
              )}{' '}
              — {/* The time left is read with the state, not announced again at every tick. */}
              {tNodes('game.time-left', {
                left: (
                  <span aria-live="off">
                    <Countdown deadline={Date.parse(ownDeadline(state.pending, view.you))} />
                  </span>
                ),
              })}
              {view.you !== null && <span class="visually-hidden"> · {t('game.you-have', { what: seated.summary(view.you) })}</span>}
            </>
          )}
        </p>
      )}
      <div class="table-layout">
        <section class="board" aria-label={t('game.the-table')}>
          <ul class="scoreboard" aria-label={t('game.players')}>
            {names.map((name, seat) => (
              <li key={seat} class={state.awaiting.includes(seat) ? 'awaited' : ''}>
                <strong>
                  <SeatName seat={view.seats[seat]} you={seat === view.you} />
                </strong>
                {state.awaiting.includes(seat) ? ` · ${t('game.to-move')}` : ''} · {seated.summary(seat)}
                <SeatStatus view={view} seat={seat} />
              </li>
            ))}
          </ul>
          {seated.board}
        </section>
        <aside class="side">
          {view.status === 'active' && view.you !== null && (
            <section class="moves" aria-label={t('game.your-moves')}>
              <h2>{t('game.your-move')}</h2>
              <SeatControls view={view} you={view.you} log={log} client={client} busy={busy} run={(send) => void run(send)} />
              {(listed?.moves.length ?? 0) === 0 ? (
                <p class="muted">{t('game.nothing-to-do')}</p>
              ) : (
                <>
                  <p class="prompt">{seated.prompt()}</p>
                  {families.map((family) => (
                    <Picker key={`${state.pending?.id}:${family.title}`} family={family} busy={busy} send={(batch) => void play(batch)} />
                  ))}
                </>
              )}
              <Alert message={error} />
            </section>
          )}
          {table.StandingOrders && view.status === 'active' && view.you !== null && <table.StandingOrders client={client} gameId={gameId} />}
          <GameLog commits={log} names={names} table={table} />
        </aside>
      </div>
    </div>
  );
}

type Pending = NonNullable<NonNullable<GameView['state']>['pending']>;

/** When the awaited entry closes for this seat: its own part's later deadline while its player is away (a vacation), else the entry's. */
function ownDeadline(pending: Pending, you: number | null): string {
  const late = 'lateParts' in pending ? pending.lateParts?.find((part) => part.seat === you) : undefined;
  return late?.deadline ?? pending.deadline;
}

/**
 * Plays moves pinned to the version they were chosen at. When someone else
 * moved meanwhile (another player's secret plan in the same window, say), the
 * moves are sent again, pinned to the new version, if the first is still listed.
 */
async function playPinned(client: ValeriaClient, gameId: string, moves: readonly Move[], listed: Listed): Promise<MoveAnswer> {
  try {
    return await client.play(gameId, moves, { ifMatch: listed.etag });
  } catch (failure) {
    if (!(failure instanceof ProblemError && failure.code === 'version-mismatch')) throw failure;
    const fresh = await client.legalMoves(gameId);
    const still = fresh.moves.some((move) => JSON.stringify(move) === JSON.stringify(moves[0]));
    if (!still) throw failure;
    return await client.play(gameId, moves, { ifMatch: fresh.etag });
  }
}
