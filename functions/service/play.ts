import { isoInstant, presentTimes, publishedCommit, type RecordRejection } from '../../core/table/index.js';
import type { ScoreSheet } from '../../core/engine/index.js';
import { StoreUnavailableError, type Commit, type CommitSummary, type GameHeader, type PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { engineRefusal, fail, type ServiceError } from './errors.js';
import { refusalSpeaker } from './refusals/index.js';
import { engineOf, replayableListing, seatOf, type LiveGame } from './live-game.js';
import { followUpsOf, type FollowUps } from './follow-ups.js';
import { LOG_PAGE, logPage } from './log-page.js';
import { afterDurableWrite, BEHIND, commitRecord, loadLive, newSlice, owedAfter, readHeader, RETRY, settle, withFreshGame } from './pipeline.js';
import { legalMovesOf, presentCommit, presentDeadlines, presentGame, presentGameTo, presentLegalMoves, type PresentedCommit } from './present.js';

/** Longest long-poll a client may ask for, in seconds. */
export const MAX_WAIT_SECONDS = 25;

/**
 * Reads a started game brought up to date: overdue deadlines resolved, bots
 * played (as many as one request plays: `behind` when more are due, which
 * the game's timer plays). Readers of one game take turns (ctx.settling), so
 * a backlog of overdue deadlines is resolved once, by the first of them.
 */
async function readSettled<T>(ctx: ServiceContext, gameId: string, present: (live: LiveGame, behind: boolean) => T): Promise<T> {
  return ctx.settling.run(gameId, () =>
    withFreshGame(ctx, gameId, async (live) => {
      const settled = await settle(ctx, live);
      return settled === RETRY ? RETRY : present(live, settled === BEHIND);
    }),
  );
}

/** What a read of a game adds to the view, when asked. */
export interface GameReadOptions {
  /** The caller's legal moves too (as readLegalMoves lists them), from the same read of the game: one request opens a game. */
  readonly withMoves?: boolean;
}

/** The caller's view of a game; with `withMoves`, and their legal moves now as `legalMoves` (a spectator's listing is empty, seat null). */
export function readGame(ctx: ServiceContext, viewer: PlayerRecord, gameId: string, { withMoves = false }: GameReadOptions = {}) {
  return readSettled(ctx, gameId, (live) => {
    const now = ctx.clock();
    const view = presentGame(live, viewer.playerId, now);
    return withMoves ? { ...view, legalMoves: listLegalMoves(live, viewer.playerId, now) } : view;
  });
}

const NONE_FOLLOW: FollowUps = { moves: [], after: {} };

/** The caller's legal moves; in a game that batches a turn, with what may follow each of them in the batch (only here: a move's answer and the stream leave them out, to stay fast). */
export function readLegalMoves(ctx: ServiceContext, viewer: PlayerRecord, gameId: string) {
  return readSettled(ctx, gameId, (live) => listLegalMoves(live, viewer.playerId, ctx.clock()));
}

/** The legal moves of `viewerId` in `live` at `now`, as GET …/moves answers them (readLegalMoves, and readGame when asked). */
function listLegalMoves(live: LiveGame, viewerId: string, now: number) {
  const listed = presentLegalMoves(live, viewerId);
  if (!live.engine.batchesTurn) return listed;
  const followUps = live.state && listed.seat !== null ? followUpsOf(live.engine, live.state, listed.seat, listed.moves, now) : NONE_FOLLOW;
  return { ...listed, followUps };
}

export interface MoveRequest {
  readonly moves: readonly unknown[];
  /** The version the client based its moves on (If-Match), if pinned. */
  readonly ifMatch: number | null;
  readonly idempotencyKey: string | null;
  readonly requestHash: string;
}

export interface MoveAnswer {
  readonly gameId: string;
  readonly game: string;
  /** The game's version after this request's commit. */
  readonly version: number;
  /** That commit as the caller sees it. */
  readonly commit: PresentedCommit;
  /**
   * The caller's legal moves and view of the game as it stands now
   * (`live.version`), so a client that goes on playing needs no read: the
   * live stream sends the commit a request made to everyone but its author,
   * whose answer this is.
   */
  readonly next: { readonly version: number; readonly moves: readonly unknown[]; readonly game: ReturnType<typeof presentGameTo> };
}

/**
 * A request's own commit with what it followed: the facts push derives its
 * notifications from, so that the app can hand the author theirs in the
 * answer (no channel sends them to the author again, as the stream does not
 * send them the commit: answered-commands.ts).
 */
export interface CommitMade {
  readonly header: GameHeader;
  /** The summary of the game before the commit (null before the first). */
  readonly previous: CommitSummary | null;
  readonly commit: Commit;
  /** The final score sheet, when this commit ended the game. */
  readonly result: ScoreSheet | null;
}

/** What a move, an undo or a seat taken back answers, and the commit it made. */
export interface Answered {
  readonly answer: MoveAnswer;
  readonly made: CommitMade;
}

/** The answer at `now` to a request that committed `commit` (after `previous`) for the player in `seat`; `live` is the game as it stands now. */
export function answerWith(live: LiveGame, commit: Commit, previous: CommitSummary | null, seat: number, now: number): Answered {
  // Nothing follows a game's last commit: `live` is then the game it ended.
  const ended = commit.summary.status === 'finished' && previous?.status !== 'finished';
  return {
    answer: {
      gameId: live.header.gameId,
      game: live.header.game,
      version: commit.seq,
      commit: presentCommit(live.engine, live.header, commit, seat),
      next: { version: live.version, moves: legalMovesOf(live, seat), game: presentGameTo(live, seat, now) },
    },
    made: { header: live.header, previous, commit, result: ended && live.state ? live.engine.score(live.state) : null },
  };
}

/** The engine's refusal of a move of `game`, in the caller's language; in a batch, it names the move refused. */
function refusalError(game: string, refusal: RecordRejection, batchSize: number): ServiceError {
  const speaker = refusalSpeaker(game, refusal.rejection, batchSize > 1 ? refusal.index : undefined);
  return engineRefusal(refusal.rejection.code, speaker, { moveIndex: refusal.index });
}

/** The answer again to a request already committed as `seq` (a retry): that commit, and the moves as the game stands now. */
async function answerFor(ctx: ServiceContext, gameId: string, seq: number, seat: number): Promise<Answered> {
  const read = await ctx.store.readCommits(gameId, Math.max(0, seq - 2), seq > 1 ? 2 : 1);
  const commit = read.at(-1);
  if (commit?.seq !== seq) throw new Error(`commit ${seq} of ${gameId} vanished`);
  return answerWith(await loadLive(ctx, gameId), commit, seq > 1 ? (read[0]?.summary ?? null) : null, seat, ctx.clock());
}

function sameRequest(commit: Commit, actor: string, request: MoveRequest): boolean {
  return commit.actor === actor && commit.idempotencyKey !== null && commit.idempotencyKey === request.idempotencyKey;
}

/**
 * Applies a player's move or ordered batch atomically as one commit. Overdue
 * deadlines are resolved first; after a lost race the moves are re-decided on
 * the fresh state, unless the client pinned a version (then 409).
 */
export function submitMoves(ctx: ServiceContext, player: PlayerRecord, gameId: string, request: MoveRequest): Promise<Answered> {
  const slice = newSlice();
  return withFreshGame(ctx, gameId, async (live) => {
    const seat = seatOf(live.header, player.playerId);
    if (seat === null) throw fail('not-seated', { to: 'move' });
    if (!live.state) throw fail('game-not-started');
    const earlier = request.idempotencyKey === null ? undefined : live.recentKeys.find((k) => k.actor === player.playerId && k.key === request.idempotencyKey);
    if (earlier) {
      if (earlier.requestHash !== request.requestHash) throw fail('idempotency-key-reused');
      return answerFor(ctx, gameId, earlier.seq, seat);
    }
    if ((await settle(ctx, live, slice)) === RETRY) return RETRY;
    if (request.ifMatch !== null && request.ifMatch !== live.version) throw fail('version-mismatch', { pinned: request.ifMatch, current: live.version });
    const at = ctx.clock();
    const outcome = await commitRecord(
      ctx,
      live,
      { type: 'moves', seat, moves: request.moves, at },
      { actor: player.playerId, idempotencyKey: request.idempotencyKey, requestHash: request.requestHash },
      owedAfter(slice, at),
    ).catch((error: unknown) => {
      // Only a refused connection proves the commit was not written; anything else leaves its fate unknown.
      if (error instanceof StoreUnavailableError) throw fail('store-unavailable', { outcome: error.operation === 'appendCommit' ? error.outcome : 'unknown' });
      throw error;
    });
    if (outcome.kind === 'rejected') throw refusalError(live.header.game, outcome.refusal, request.moves.length);
    if (outcome.kind === 'conflict') {
      // Our own earlier attempt may hold that seq (a retry after a lost answer).
      if (sameRequest(outcome.existing, player.playerId, request)) {
        if (outcome.existing.requestHash !== request.requestHash) throw fail('idempotency-key-reused');
        return answerFor(ctx, gameId, outcome.existing.seq, seat);
      }
      if (request.ifMatch !== null) throw fail('version-mismatch', { pinned: request.ifMatch, current: live.version + 1 });
      return RETRY;
    }
    // Bots and instant answers react now; a race here only means someone else already did.
    await afterDurableWrite(settle(ctx, live, slice));
    return answerWith(live, outcome.commit, outcome.previous, seat, ctx.clock());
  });
}

export interface EventsPage {
  readonly gameId: string;
  readonly game: string;
  readonly commits: readonly PresentedCommit[];
  /** The cursor for the next call (`after`). */
  readonly next: number;
  readonly more: boolean;
}

/** Resolves overdue deadlines of a game cheaply: a full load only when one is due. */
export async function expireIfDue(ctx: ServiceContext, header: GameHeader): Promise<void> {
  if (header.status !== 'active') return;
  const latest = await ctx.store.latestCommit(header.gameId);
  // A finished log under an active header is a header a store fault left behind: settling repairs it.
  const due = latest ? latest.summary.status === 'finished' || (latest.summary.deadline !== null && latest.summary.deadline <= ctx.clock()) : true;
  if (due) await readSettled(ctx, header.gameId, () => undefined);
}

/**
 * The caller's redacted log after a cursor. With `wait`, holds the request
 * open until a commit arrives (or the wait ends), resolving deadlines that
 * fall due meanwhile.
 */
export async function readEvents(ctx: ServiceContext, viewer: PlayerRecord, gameId: string, after: number, waitSeconds: number): Promise<EventsPage> {
  const until = ctx.clock() + Math.min(waitSeconds, MAX_WAIT_SECONDS) * 1000;
  // Checked once: a long-poll need not re-read the game's version on every turn of its wait.
  let cursorChecked = false;
  for (;;) {
    const header = await readHeader(ctx, gameId);
    await expireIfDue(ctx, header);
    const commits = await ctx.store.readCommits(gameId, after, LOG_PAGE.commits + 1);
    if (commits.length === 0 && after > 0 && !cursorChecked) {
      await refuseCursorBeyond(ctx, gameId, after);
      cursorChecked = true;
    }
    const remaining = until - ctx.clock();
    if (commits.length > 0 || remaining <= 0) {
      const seat = seatOf(header, viewer.playerId);
      const engine = await engineOf(ctx.games, header);
      const { page, more } = logPage(commits.map((c) => presentCommit(engine, header, c, seat)));
      return { gameId, game: header.game, commits: page, next: page.at(-1)?.seq ?? after, more };
    }
    await ctx.signal.nextCommit(gameId, Math.min(remaining, ctx.pollIntervalMs));
  }
}

/** A cursor past the last commit would silently skip the commits to come: refused. */
async function refuseCursorBeyond(ctx: ServiceContext, gameId: string, after: number): Promise<void> {
  const version = (await ctx.store.latestCommit(gameId))?.seq ?? 0;
  if (after > version) throw fail('cursor-out-of-range', { version, after });
}

/**
 * A game's header once any overdue deadline is resolved (a game whose last
 * deadline passed ends now), refused with 409 when this build cannot replay
 * its log: what the verification and the record read first.
 */
export async function settledHeader(ctx: ServiceContext, gameId: string): Promise<GameHeader> {
  const header = await readHeader(ctx, gameId);
  replayableListing(ctx.games, header);
  if (header.status !== 'finished') await expireIfDue(ctx, header);
  return (await ctx.store.getHeader(gameId)) as GameHeader;
}

/** One page of a game's log after the cursor `after`, each commit as `present` shows it (LOG_PAGE bounds a page). */
export async function logAfter<T>(ctx: ServiceContext, gameId: string, after: number, present: (commit: Commit) => T) {
  const read = await ctx.store.readCommits(gameId, after, LOG_PAGE.commits + 1);
  if (read.length === 0 && after > 0) await refuseCursorBeyond(ctx, gameId, after);
  const { page, more } = logPage(read.map(present));
  return { commits: page, next: read[page.length - 1]?.seq ?? after, more };
}

/** What a replay starts from, as published: the setup in the API's units (core/table/published.ts reads it back). */
export function publishedSetup(header: GameHeader) {
  return {
    seats: header.seats.length,
    options: header.options,
    deadlines: presentDeadlines(header.deadlines),
    startedAt: header.startedAt === null ? null : isoInstant(header.startedAt),
  };
}

/**
 * After the end: everything needed to replay and check the game — the seed
 * and setup, and the log one page at a time after the cursor `after`
 * (`next`, `more`: LOG_PAGE bounds a page).
 */
export async function verifyGame(ctx: ServiceContext, gameId: string, after = 0) {
  const header = await settledHeader(ctx, gameId);
  if (header.status !== 'finished') throw fail('game-not-finished');
  return {
    gameId,
    game: header.game,
    seed: header.seed,
    seedHash: header.seedHash,
    setup: publishedSetup(header),
    ...(await logAfter(ctx, gameId, after, publishedCommit)),
  };
}

/** What the deadline timer does: resolve whatever is overdue and play one slice of bots; harmless when nothing is due. */
export async function resolveOverdue(
  ctx: ServiceContext,
  gameId: string,
): Promise<{ version: number; nextDeadline: number | null; nextPendingId: string | null; behind: boolean }> {
  return readSettled(ctx, gameId, (live, behind) => ({
    version: live.version,
    nextDeadline: live.state?.pending?.deadline ?? null,
    nextPendingId: live.state?.pending?.id ?? null,
    behind,
  }));
}
