import { isoInstant, publishedCommand, publishedEvents, type CommandRecord, type TableGame } from '../../core/table/index.js';
import type { LoggedEvent } from '../../core/engine/index.js';
import { conservative, type PoolRating } from '../../core/ratings/model.js';
import type { Commit, GameHeader, PlayerRecord, RatingChange } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { engineOf, seatOf } from './live-game.js';
import { loadLive } from './pipeline.js';
import { logAfter, publishedSetup, settledHeader } from './play.js';
import { presentCommit, presentState, publicActor, publicSeats } from './present.js';
import { RULES_BEFORE_TABLE_RULES } from './table-rules.js';

/**
 * The record format's name and version (README, game records): a reader
 * checks both before trusting the rest. The version rises when a field
 * changes meaning or goes; a new optional field leaves it as it is.
 */
export const RECORD_FORMAT = 'valeria-tabletop/game-record' as const;
export const RECORD_VERSION = 1 as const;

/**
 * Before the end, the commands a viewer could know anyway: their own seat's,
 * and those that choose nothing a seat keeps to itself (the start, a
 * timeout's default, an undo, a seat handed over or taken back, a vacation).
 * Another seat's moves, its bot's and its standing orders stay out: a secret
 * submission or a choice among hidden cards would show.
 */
function commandShown(command: CommandRecord, seat: number | null): boolean {
  if (command.type === 'moves' || command.type === 'bot' || command.type === 'preference') return command.seat === seat;
  return true;
}

/** A commit as a player sees it while the game runs: their events, and the command when commandShown allows. */
function runningCommit(engine: TableGame, header: GameHeader, seat: number | null) {
  return (commit: Commit) => {
    const { events, ...shown } = presentCommit(engine, header, commit, seat);
    const command = commit.command as CommandRecord;
    return { ...shown, ...(commandShown(command, seat) ? { command: publishedCommand(command) } : {}), events };
  };
}

/** A commit once the game is over: the command the engine was asked and every event it logged, for anyone. */
function finishedCommit(header: GameHeader) {
  return (commit: Commit) => ({
    seq: commit.seq,
    at: isoInstant(commit.at),
    actor: publicActor(header, commit),
    command: publishedCommand(commit.command as CommandRecord),
    events: publishedEvents(commit.events as LoggedEvent[]),
  });
}

/** What only the end reveals: the seed, when the last commit was made, the final scores, and the ratings the end changed. */
async function endOf(ctx: ServiceContext, header: GameHeader, engine: TableGame) {
  const [live, last, end] = await Promise.all([loadLive(ctx, header.gameId), ctx.store.latestCommit(header.gameId), ctx.store.getGameEnd(header.gameId)]);
  if (!live.state || !last) throw new Error(`finished game ${header.gameId} has no log`);
  return {
    seed: header.seed,
    endedAt: isoInstant(last.at),
    result: presentState(engine, live.state, null).score,
    ratingChanges: (end?.changes ?? []).map(presentChange),
  };
}

/** A rating as the record of an end kept it: the conservative rating beside mu and sigma. */
const ratingAtEnd = (rating: PoolRating) => ({ rating: conservative(rating), mu: rating.mu, sigma: rating.sigma, games: rating.games });

function presentChange(change: RatingChange) {
  return { ...change, before: ratingAtEnd(change.before), after: ratingAtEnd(change.after) };
}

/**
 * A game's record, one page of its log after the cursor `after`: the game,
 * its options and table rules, its seats (names as they were when taken),
 * the seed's hash, and every commit with its author, time, command and
 * events. While the game runs a viewer reads what they may see — their own
 * events, the commands commandShown allows, never the seed; once it is over
 * everyone reads it whole, with the seed and the scores: enough to replay it
 * with the published engine (core/table/replay.ts).
 */
export async function readRecord(ctx: ServiceContext, viewer: PlayerRecord, gameId: string, after = 0) {
  const header = await settledHeader(ctx, gameId);
  const engine = await engineOf(ctx.games, header);
  const finished = header.status === 'finished';
  const seat = seatOf(header, viewer.playerId);
  const log = await logAfter(ctx, gameId, after, finished ? finishedCommit(header) : runningCommit(engine, header, seat));
  return {
    format: RECORD_FORMAT,
    formatVersion: RECORD_VERSION,
    gameId,
    game: header.game,
    status: header.status,
    viewer: { seat, full: finished },
    createdBy: header.createdBy,
    createdAt: isoInstant(header.createdAt),
    setup: publishedSetup(header),
    table: header.table ?? RULES_BEFORE_TABLE_RULES,
    rated: header.rated === true,
    visibility: header.visibility ?? 'invite',
    seats: publicSeats(header),
    seedHash: header.seedHash,
    ...(finished ? await endOf(ctx, header, engine) : { endedAt: null }),
    ...log,
  };
}

/** A game's record with every page read (`more` is false): one line of an export. */
export async function wholeRecord(ctx: ServiceContext, viewer: PlayerRecord, gameId: string) {
  const first = await readRecord(ctx, viewer, gameId);
  const commits = [...first.commits];
  let last = first;
  while (last.more) {
    last = await readRecord(ctx, viewer, gameId, last.next);
    commits.push(...last.commits);
  }
  return { ...first, commits, next: last.next, more: false };
}
