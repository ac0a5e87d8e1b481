import { ProblemError, type Commit, type GameView, type LegalMoves, type MoveAnswer, type Player, type ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { GameUi, Move } from '../games/types.js';
import { session } from '../session.js';
import type { Seen } from '../stream.js';
import { followGame, readLog, type Feed } from '../updates.js';
import { Countdown } from '../ui/countdown.js';
import { explain } from '../ui/errors.js';
import { Picker } from '../ui/picker.js';
import { GAME_TITLES, seatNames } from '../ui/seats.js';
import { EndScreen } from './end.js';
import { GameLog } from './log.js';
import { OpenTable } from './open-table.js';
import { Alert } from '../ui/alert.js';
import { SeatStatus } from '../ui/seat-status.js';
import { SeatControls } from './seat-controls.js';

/** Each game's table, loaded with its card catalog only when a game of it is opened. */
const TABLES: Record<string, () => Promise<{ ui: GameUi }>> = {
  'village-pillage': () => import('../games/village-pillage.js'),
  'villages-of-valeria': () => import('../games/villages-of-valeria.js'),
  'valeria-card-kingdoms': () => import('../games/card-kingdoms.js'),
};

/** My legal moves and the ETag of the version they belong to (for If-Match). */
type Listed = Pick<LegalMoves, 'moves'> & { readonly etag: string };

interface Loaded {
  readonly view: GameView;
  readonly listed: Listed | null;
}

/** How long a write of mine waits for its commit on the stream before the page reads the game itself. */
const OWN_COMMIT_WITHIN_MS = 5_000;

/** What the page shows of a game the stream carried: the same as a read, since it is what GET …/{id} and …/moves answer. */
function loadedFrom({ game: view, moves }: Seen): Loaded {
  // The moves route's ETag is the quoted version (functions/app/http.ts `etag`).
  return { view, listed: view.status === 'active' && view.you !== null ? { moves, etag: `"${view.version}"` } : null };
}

/** The version a write made, when it answers one (a move, an undo, a seat taken back). */
function versionMadeBy(answer: unknown): number | null {
  return typeof answer === 'object' && answer !== null && 'version' in answer && typeof answer.version === 'number' ? answer.version : null;
}

export function GamePage({ gameId }: { gameId: string }) {
  const current = session.use();
  const client = current?.client;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [me, setMe] = useState<Player | null>(null);
  const [ui, setUi] = useState<GameUi | null>(null);
  const [log, setLog] = useState<Commit[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const feedRef = useRef<Feed | null>(null);

  const show = (seen: Seen): GameView => {
    setLoaded(loadedFrom(seen));
    return seen.game;
  };

  const reload = async (): Promise<GameView | null> => {
    if (!client) return null;
    const { view } = await client.view(gameId);
    const listed = view.status === 'active' && view.you !== null ? await client.legalMoves(gameId) : null;
    setLoaded({ view, listed });
    return view;
  };

  useEffect(() => {
    if (!client) return;
    let feed: Feed | null = null;
    let live = true;
    void (async () => {
      try {
        setMe(await client.me());
        await reload();
        const { commits, next } = await readLog(client, gameId);
        if (!live) return;
        setLog(commits);
        feed = followGame(
          client,
          gameId,
          next,
          (more, _next, seen) => {
            setLog((old) => [...old, ...more]);
            // The stream carried the game these commits lead to: show it without reading it again.
            const shown = seen ? Promise.resolve(show(seen)) : reload();
            // Nothing follows the end: stop asking.
            void shown.then((view) => view?.status === 'finished' && feed?.stop()).catch((failure) => setError(explain(failure)));
          },
          () => undefined,
        );
        feedRef.current = feed;
      } catch (failure) {
        if (live) setError(explain(failure));
      }
    })();
    return () => {
      live = false;
      feed?.stop();
      feedRef.current = null;
    };
  }, [client, gameId]);

  const game = loaded?.view.game;
  useEffect(() => {
    const load = game ? TABLES[game] : undefined;
    if (load) void load().then((module) => setUi(module.ui));
  }, [game]);

  if (error && !loaded) return <Alert message={error} />;
  if (!loaded || !client || !me) return <p aria-busy="true">Loading the game…</p>;
  const { view, listed } = loaded;
  const names = seatNames(view.seats);
  const title = GAME_TITLES[view.game] ?? view.game;

  if (view.status === 'open') return <OpenTable view={view} me={me} client={client} title={title} onChange={async () => void (await reload())} />;
  if (!ui || !view.state) return <p aria-busy="true">Setting the table…</p>;

  const state = view.state;
  /**
   * Sends a write, then shows the game as it is now: brought by the write's
   * commit message while the stream is up, else read. A refusal is shown in
   * words (`why`) and the game looked at again.
   */
  const run = async (send: () => Promise<unknown>, why: (failure: unknown) => string = explain) => {
    setBusy(true);
    setError(null);
    try {
      const made = versionMadeBy(await send());
      const handed = made !== null && (await feedRef.current?.handsOver(made, OWN_COMMIT_WITHIN_MS));
      if (!handed) await reload();
    } catch (failure) {
      setError(why(failure));
      await reload().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };
  const play = (moves: Move[]) =>
    listed &&
    run(
      () => playPinned(client, gameId, moves, listed),
      (failure) =>
        failure instanceof ProblemError && failure.code === 'version-mismatch'
          ? 'The game moved on before your move arrived and it is no longer possible: nothing was played. Look again and choose.'
          : explain(failure),
    );
  const moves = (listed?.moves ?? []) as Move[];
  const awaitingNames = state.awaiting.map((seat) => (seat === view.you ? 'you' : names[seat])).join(', ');

  return (
    <div class="game" data-game={view.game}>
      <h1>
        {title} <small class="muted">{view.gameId}</small>
      </h1>
      {view.status === 'finished' ? (
        <EndScreen view={view} names={names} ui={ui} client={client} />
      ) : (
        <p class="turn" role="status">
          {state.pending && (
            <>
              {state.awaiting.includes(view.you ?? -1) ? (
                <strong>Your move</strong>
              ) : (
                <>
                  Waiting for <strong>{awaitingNames || 'the game'}</strong>
                </>
              )}{' '}
              — time left <Countdown deadline={Date.parse(ownDeadline(state.pending, view.you))} />
            </>
          )}
        </p>
      )}
      <div class="table-layout">
        <section class="board" aria-label="The table">
          <ul class="scoreboard" aria-label="Players">
            {names.map((name, seat) => (
              <li key={seat} class={state.awaiting.includes(seat) ? 'awaited' : ''}>
                <strong>{seat === view.you ? `${name} (you)` : name}</strong>
                {state.awaiting.includes(seat) ? ' · to move' : ''} · {ui.summary(state.board, seat)}
                <SeatStatus view={view} seat={seat} />
              </li>
            ))}
          </ul>
          <ui.Table board={state.board} you={view.you} names={names} awaiting={state.awaiting} />
        </section>
        <aside class="side">
          {view.status === 'active' && view.you !== null && (
            <section class="moves" aria-label="Your moves">
              <h2>Your move</h2>
              <SeatControls view={view} you={view.you} log={log} client={client} busy={busy} run={(send) => void run(send)} />
              {moves.length === 0 ? (
                <p class="muted">Nothing to do right now: the page updates by itself when it is your turn.</p>
              ) : (
                <>
                  <p class="prompt">{state.pending ? ui.prompt(state.pending.step, state.board, view.you) : ''}</p>
                  {ui.families(moves, state.board, view.you, names).map((family) => (
                    <Picker key={`${state.pending?.id}:${family.title}`} family={family} busy={busy} send={(batch) => void play(batch)} />
                  ))}
                </>
              )}
              <Alert message={error} />
            </section>
          )}
          {ui.StandingOrders && view.status === 'active' && view.you !== null && <ui.StandingOrders client={client} gameId={gameId} />}
          <GameLog commits={log} names={names} ui={ui} />
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
async function playPinned(client: ValeriaClient, gameId: string, moves: Move[], listed: Listed): Promise<MoveAnswer> {
  try {
    return await client.play(gameId, moves as never, { ifMatch: listed.etag });
  } catch (failure) {
    if (!(failure instanceof ProblemError && failure.code === 'version-mismatch')) throw failure;
    const fresh = await client.legalMoves(gameId);
    const still = fresh.moves.some((move) => JSON.stringify(move) === JSON.stringify(moves[0]));
    if (!still) throw failure;
    return await client.play(gameId, moves as never, { ifMatch: fresh.etag });
  }
}
