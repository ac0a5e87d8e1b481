import { setTimeout } from 'node:timers/promises';
import { awaitedSeats, botMove, Rng, rngStateFromSeed, type BotLevel } from '../../core/engine/index.js';
import { runRecord, seatToReplace, type CommandRecord, type RecordRejection } from '../../core/table/index.js';
import { StoreUnavailableError, type Commit, type CommitSummary, type GameHeader, type Snapshot } from '../store/port.js';
import { afterTheAnswer } from './after-the-answer.js';
import { reportCommitConflict } from './conflicts.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import type { Contended } from './problems.js';
import { engineOf, materialize, rememberKey, snapshotOf, summarize, type LiveGame } from './live-game.js';
import { retireMemberships, type GameSummary } from './memberships.js';
import { recordGameEnd } from './game-end.js';
import { RULES_BEFORE_TABLE_RULES } from './table-rules.js';

/** How many times a command is re-decided after losing a race before giving up. */
const MAX_ATTEMPTS = 8;

/**
 * Most commits of bots, standing orders, seat replacements and the start one
 * request plays (README, limits): a game whose seats are all bots would
 * otherwise play out inside the request that wakes it. The commit that spends
 * the slice asks for the game's timer at once (`continues`), and the timer
 * plays the rest in slices of the same size. Overdue deadlines are not
 * counted: lazy expiry resolves every one before anything is decided.
 */
export const SYSTEM_COMMITS_PER_REQUEST = 20;

/** What one request may still spend on system commits, shared by every `settle` it runs. */
export interface Slice {
  left: number;
}

export function newSlice(): Slice {
  return { left: SYSTEM_COMMITS_PER_REQUEST };
}

/** `settle` stopped with system commits still due: the commit that spent its slice asked for the game's timer at once. */
export const BEHIND = Symbol('behind');
export type Behind = typeof BEHIND;

/**
 * Backoff between attempts after a lost race: full jitter over a doubling
 * ceiling (10, 20, 40 … 320 ms), so writers that collided do not collide again
 * in lockstep, and eight attempts span about a second of contention.
 */
function backoffMs(attempt: number): number {
  return Math.random() * Math.min(320, 10 * 2 ** attempt);
}

export const RETRY = Symbol('retry');
export type Retry = typeof RETRY;

export type CommitOutcome =
  /** `previous`: the summary of the game as it stood before the commit. */
  | { readonly kind: 'committed'; readonly commit: Commit; readonly previous: CommitSummary }
  | { readonly kind: 'rejected'; readonly refusal: RecordRejection }
  /** Someone else holds that seq now; `existing` tells a retry from a race. */
  | { readonly kind: 'conflict'; readonly existing: Commit };

export interface CommitMeta {
  readonly actor: string;
  readonly idempotencyKey: string | null;
  readonly requestHash: string | null;
}

/** What the store found of a game, or 404 `game-not-found`: the one place a missing game is refused. */
function existing<T>(found: T | null, gameId: string): T {
  if (found === null) throw fail('game-not-found', { gameId });
  return found;
}

/** A game's header as stored now. */
export async function readHeader(ctx: ServiceContext, gameId: string): Promise<GameHeader> {
  return existing(await ctx.store.getHeader(gameId), gameId);
}

/**
 * A game as it stands now, the caller's own: one strongly consistent read of
 * what lies beyond the version this process holds (ctx.recentGames), folded
 * onto that state; the version it reaches is kept for the next load.
 */
export async function loadLive(ctx: ServiceContext, gameId: string): Promise<LiveGame> {
  const known = ctx.recentGames.get(gameId);
  const loaded = existing(await ctx.store.loadGame(gameId, known?.version ?? 0), gameId);
  const live = materialize(await engineOf(ctx.games, loaded.header), loaded, known);
  ctx.recentGames.remember(live);
  return live;
}

/**
 * Runs `attempt` until it wins its race (returns anything but RETRY), at most
 * `attempts` times, after `pause(retry)` before each retry. Lost every time,
 * it is 409 `contention` over what it wrote: the one place that answers it.
 */
export async function untilWon<T>(
  over: Contended,
  attempts: number,
  attempt: () => Promise<T | Retry>,
  pause: (retry: number) => Promise<unknown> = async () => {},
): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    if (i > 0) await pause(i);
    const outcome = await attempt();
    if (outcome !== RETRY) return outcome;
  }
  throw fail('contention', { over });
}

/**
 * Loads the game and runs `attempt`; when the attempt lost a race (RETRY),
 * backs off, reloads and runs it again, a bounded number of times.
 */
export function withFreshGame<T>(ctx: ServiceContext, gameId: string, attempt: (live: LiveGame) => Promise<T | Retry>): Promise<T> {
  return untilWon(
    'moves',
    MAX_ATTEMPTS,
    async () => attempt(await loadLive(ctx, gameId)),
    (retry) => setTimeout(backoffMs(retry)),
  );
}

/**
 * Work a request does once its own write is durable, such as the bots'
 * answers to it: a store fault only delays that work to the game's next read
 * (lazy expiry), so the request is answered with what it did all the same —
 * a client retrying after a 503 would find its write already made.
 */
export async function afterDurableWrite(work: Promise<unknown>): Promise<void> {
  await work.catch((error: unknown) => {
    if (!(error instanceof StoreUnavailableError)) throw error;
  });
}

/**
 * Decides a record against the live game and appends it as the next commit.
 * The live game advances only if the append succeeded. `continues` says, of
 * the game as the commit leaves it, whether the system still owes moves that
 * this request will not play (its summary then asks for the timer at once).
 */
export async function commitRecord(
  ctx: ServiceContext,
  live: LiveGame,
  record: CommandRecord,
  meta: CommitMeta,
  continues?: (after: LiveGame) => boolean,
): Promise<CommitOutcome> {
  if (!live.state) throw new Error('commitRecord before the game started');
  const run = runRecord(live.engine, live.state, record);
  if ('rejection' in run) return { kind: 'rejected', refusal: run };
  const previous = summarize(live.state);
  const after: LiveGame = { ...live, state: run.state, version: live.version + 1 };
  const commit: Commit = {
    gameId: live.header.gameId,
    seq: live.version + 1,
    command: record,
    events: run.events,
    actor: meta.actor,
    idempotencyKey: meta.idempotencyKey,
    requestHash: meta.requestHash,
    at: ctx.clock(),
    summary: { ...summarize(run.state, live.state.pending), ...(continues?.(after) ? { continues: true as const } : {}) },
    headerRevision: live.header.revision,
  };
  const appended = await ctx.store.appendCommit(commit);
  if (appended.status === 'conflict') {
    reportCommitConflict(commit.gameId);
    return { kind: 'conflict', existing: appended.existing };
  }
  live.state = run.state;
  live.version = commit.seq;
  live.recentKeys = rememberKey(live.recentKeys, commit);
  ctx.recentGames.remember(live);
  await afterCommit(ctx, live, commit);
  return { kind: 'committed', commit, previous };
}

async function afterCommit(ctx: ServiceContext, live: LiveGame, commit: Commit): Promise<void> {
  if (commit.seq % ctx.snapshotEvery === 0) writeSnapshotLater(ctx, { gameId: commit.gameId, seq: commit.seq, state: snapshotOf(live) });
  if (commit.summary.status === 'finished') await markFinished(ctx, live, commit, commit.at);
  ctx.signal.publish(commit);
}

/**
 * A snapshot only shortens later loads — one missing costs a longer tail,
 * never a wrong state, and this process holds the game anyway
 * (ctx.recentGames) —, so it is written after the answer, off the move's
 * path. Its state is the commit's own, which nothing changes afterwards (a
 * later commit makes a new one).
 */
function writeSnapshotLater(ctx: ServiceContext, snapshot: Snapshot): void {
  void afterTheAnswer()
    .then(() => ctx.store.putSnapshot(snapshot))
    .catch((error: unknown) => console.warn(`snapshot ${snapshot.gameId}#${snapshot.seq} not written; later loads read a longer tail`, error));
}

/**
 * A game ended at `endedAt`: its end is recorded — reliability tallies and
 * ratings, once (game-end.ts) —, then its
 * header's status, which feeds lists, says so, and the players' rows leave
 * their running games for their finished ones. The commits stay the truth,
 * so this only retries on revision races; the end's record comes first so that a
 * fault before the header is written leaves it unfinished, and any later load
 * of the game (`settle`) runs the end again, its record included — as it does
 * for an end whose ratings stayed contended; a reader of the inbox repairs the rows.
 */
async function markFinished(ctx: ServiceContext, live: LiveGame, latest: GameSummary, endedAt: number): Promise<void> {
  const { header } = live;
  // The final commit is durable whatever happens here: a move that ended the game has been made, and is answered so.
  // Ratings still contended after every attempt leave the header unfinished, which is what makes the next load repair it.
  if ((await recordGameEnd(ctx, live, endedAt)) === 'contended') {
    console.warn(`game ${header.gameId} ended; its ratings were contended and are written when it is next loaded`);
    return;
  }
  let current: GameHeader | null = header;
  for (let i = 0; i < MAX_ATTEMPTS && current && current.status !== 'finished'; i++) {
    const next: GameHeader = { ...current, status: 'finished', revision: current.revision + 1 };
    current = (await ctx.store.replaceHeader(next, current.revision)) ? next : await ctx.store.getHeader(header.gameId);
  }
  // The game held knows its end is marked, so the settle after this commit does not mark it (and retire its rows) again.
  if (current?.status === 'finished') live.header = current;
  await retireMemberships(ctx, header, latest);
}

/**
 * Brings a started game up to date before anything reads or decides on it:
 * the start commit if it is missing (a crash right after the last seat was
 * taken), every overdue deadline resolved by the engine's default (lazy
 * expiry, in deadline order — each timeout runs at its own deadline, so the
 * next window's deadline is what it would have been had a timer fired on
 * time), every awaited answer a player's standing orders give, and every bot
 * whose move is awaited — these last at most as many as the request's
 * `slice` has left (BEHIND when more were due: the game's timer plays them).
 * Returns RETRY when another writer got in first.
 */
export async function settle(ctx: ServiceContext, live: LiveGame, slice: Slice = newSlice()): Promise<void | Retry | Behind> {
  // Standing orders the engine refused (stale preferences): not asked again in this pass.
  const refusedOrders = new Set<number>();
  // A store fault right after the final commit can leave the game unrated and its header listed as active: repair both.
  if (live.state?.finished && live.header.status !== 'finished') {
    const endedAt = (await ctx.store.latestCommit(live.header.gameId))?.at ?? ctx.clock();
    await markFinished(ctx, live, { seq: live.version, summary: summarize(live.state) }, endedAt);
  }
  for (;;) {
    const now = ctx.clock();
    const record = systemRecord(live, now, refusedOrders);
    if (!record) return;
    const counted = record.type !== 'timeout';
    if (counted && slice.left === 0) return BEHIND;
    if (counted) slice.left--;
    const outcome = await commitRecord(ctx, live, record, { actor: 'system', idempotencyKey: null, requestHash: null }, owedAfter(slice, now, refusedOrders));
    if (outcome.kind === 'conflict') return RETRY;
    if (outcome.kind === 'rejected') {
      if (record.type === 'preference') {
        refusedOrders.add(record.seat);
        continue;
      }
      // Bots and timeouts only ever play what the engine itself offered.
      throw new Error(`engine refused its own ${record.type} in ${live.header.gameId}: ${outcome.refusal.rejection.code}`);
    }
  }
}

/** What the system plays next in a started game, if anything: the start, an overdue timeout, a replacement, a standing order or a bot's move. */
function systemRecord(live: LiveGame, now: number, refusedOrders: ReadonlySet<number>): CommandRecord | null {
  const state = live.state;
  if (!state || state.finished || !state.pending) return null;
  if (live.version === 0) return { type: 'start', at: live.header.startedAt ?? now };
  if (state.pending.deadline <= now) return { type: 'timeout', pendingId: state.pending.id, at: state.pending.deadline };
  return replacementRecord(live, now) ?? standingOrderRecord(live, now, refusedOrders) ?? botRecord(live, now);
}

/**
 * What a request whose slice is spent asks of each commit it still makes (a
 * system one, or the player's own after it): whether the game it leaves owes
 * system moves this request will not play (an overdue timeout would be
 * played anyway), so that the game's newest commit asks for its timer at once.
 */
export function owedAfter(slice: Slice, now: number, refusedOrders: ReadonlySet<number> = new Set()): ((after: LiveGame) => boolean) | undefined {
  if (slice.left > 0) return undefined;
  return (after) => {
    const next = systemRecord(after, now, refusedOrders);
    return next !== null && next.type !== 'timeout';
  };
}

/** The move an awaited player's standing orders make for them now, if any. */
function standingOrderRecord(live: LiveGame, now: number, refused: ReadonlySet<number>): CommandRecord | null {
  const state = live.state;
  const orders = live.engine.standingOrders;
  if (!state || !orders || !live.header.standingOrders) return null;
  for (const seat of awaitedSeats(state.pending)) {
    const preferences = live.header.standingOrders[String(seat)];
    if (preferences === undefined || refused.has(seat)) continue;
    const move = orders.answer(state, seat, preferences);
    if (move !== null) return { type: 'preference', seat, move, at: now };
  }
  return null;
}

/** The greedy bot takes over a player's seat once its timeouts reached the table's limit. */
function replacementRecord(live: LiveGame, now: number): CommandRecord | null {
  const state = live.state;
  const limit = (live.header.table ?? RULES_BEFORE_TABLE_RULES).replaceAfterTimeouts;
  const seat = state ? seatToReplace(state, limit) : null;
  return seat === null || live.header.seats[seat]?.kind !== 'player' ? null : { type: 'replace', seat, at: now };
}

/** A bot's seat, or an absent player's seat the greedy bot plays until it is reclaimed. */
function botOf(live: LiveGame, seat: number): BotLevel | null {
  const occupant = live.header.seats[seat];
  if (occupant?.kind === 'bot') return occupant.level;
  return live.state?.absence?.replaced.includes(seat) ? 'greedy' : null;
}

function botRecord(live: LiveGame, now: number): CommandRecord | null {
  const state = live.state;
  if (!state) return null;
  for (const seat of awaitedSeats(state.pending)) {
    const level = botOf(live, seat);
    if (level === null) continue;
    // Bot choices are recorded as commands, so their generator needs no secrecy
    // or replayability; deriving it from public data keeps runs reproducible.
    const rng = new Rng(rngStateFromSeed(`bot:${live.header.gameId}:${live.version}:${seat}`));
    const move = botMove(live.engine, level, state, seat, rng);
    return { type: 'bot', seat, level, move, at: now };
  }
  return null;
}
