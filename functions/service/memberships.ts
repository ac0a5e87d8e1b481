import type { Commit, GameHeader, MembershipRow, PlayerRecord, RunningGameClaim } from '../store/port.js';
import { RunningGamesLimitError } from '../store/port.js';
import { BOT_RUNNING_GAMES, isBotAccount } from './bot-accounts.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';

/**
 * Running games (open or active) a player may count at once (README,
 * limits): every game they sit in, and every game they created without a
 * seat (bots play it out on our timers all the same). A claim is written in
 * one transaction with the header that seats them, so players creating or
 * joining in parallel never pass it; a game's end releases its players.
 */
export const RUNNING_GAMES_PER_PLAYER = 100;

/** The claim a player lays on a game they create or take a seat in: a bot account may count fewer. */
export function runningClaim(player: PlayerRecord, row: RunningGameClaim['row']): RunningGameClaim {
  return { playerId: player.playerId, row, limit: isBotAccount(player) ? BOT_RUNNING_GAMES : RUNNING_GAMES_PER_PLAYER };
}

/** Runs a write that claims a running game, answering the quota's refusal as 409 `too-many-running-games`. */
export async function claiming<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof RunningGamesLimitError) throw fail('too-many-running-games', { limit: error.limit });
    throw error;
  }
}

/**
 * Running games read at once, at most: each started one's newest commit is a
 * query of its own, and a first read after an upgrade may repair many rows (the backfill).
 */
const PARALLEL_READS = 16;

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Where a game stands as of a version: what lists read of its newest commit. */
export type GameSummary = Pick<Commit, 'seq' | 'summary'>;

/** A running game of a player's, as lists and vacations read it. */
export interface RunningGame {
  readonly row: MembershipRow;
  readonly header: GameHeader;
  /** Where its newest commit left it; null before the game's first commit. */
  readonly latest: GameSummary | null;
}

/** Every row the store keeps of the player's running games, all pages. */
async function runningRows(ctx: ServiceContext, playerId: string): Promise<MembershipRow[]> {
  const rows: MembershipRow[] = [];
  let cursor: string | null = null;
  do {
    const page = await ctx.store.listMemberships(playerId, cursor, 100);
    rows.push(...page.items);
    cursor = page.next;
  } while (cursor !== null);
  return rows;
}

/**
 * The player's running games — at most RUNNING_GAMES_PER_PLAYER, read in
 * one query, one batch of their headers and, for each started game, one
 * query of its newest commit, which says where it stands at once (every
 * commit shows as soon as it is durable). It also brings the index up to
 * date for them (the backfill of data stored before it): a game that ended
 * leaves for the finished games (the end's own write may have been cut
 * short, or predate the index), and a row stored before quotas is counted.
 */
export async function runningGames(ctx: ServiceContext, playerId: string): Promise<RunningGame[]> {
  const rows = await runningRows(ctx, playerId);
  const headers = await ctx.store.getHeaders(rows.map((row) => row.gameId));
  const games = await mapLimited(rows, PARALLEL_READS, async (row): Promise<RunningGame | null> => {
    const header = headers.get(row.gameId);
    // A row whose game was never stored: nothing to list.
    if (!header) return null;
    // An open game has no commit yet: its header says all.
    const latest = header.startedAt === null ? null : await ctx.store.latestCommit(row.gameId);
    if ((latest?.summary.status ?? header.status) === 'finished') {
      const finished = row.seat === null || !latest ? null : finishedRow(header, row.seat, latest, latest.at);
      await ctx.store.retireMembership(playerId, row.gameId, finished);
      return null;
    }
    if (!row.counted) await ctx.store.adoptMembership(playerId, row.gameId);
    return { row, header, latest };
  });
  return games.filter((game): game is RunningGame => game !== null);
}

function finishedRow(header: GameHeader, seat: number, latest: GameSummary, endedAt: number | undefined) {
  const row = { gameId: header.gameId, game: header.game, seat, version: latest.seq, seats: header.seats, vacations: latest.summary.vacations };
  return endedAt === undefined ? row : { ...row, endedAt };
}

/** When a finished game's last commit was made: the export lists games by it (one read, once per game's end). */
async function endedAt(ctx: ServiceContext, gameId: string): Promise<number | undefined> {
  return (await ctx.store.latestCommit(gameId))?.at;
}

/**
 * A game ended at `latest`: each of its players' rows leaves for their
 * finished games, and its creator's, if they took no seat, goes: each
 * releases its running game. Idempotent, so the end's request and a
 * repair may both run it.
 */
export async function retireMemberships(ctx: ServiceContext, header: GameHeader, latest: GameSummary): Promise<void> {
  const players = header.seats.flatMap((occupant, seat) =>
    occupant.kind === 'player' ? [{ playerId: occupant.playerId, seat, deleted: occupant.deleted }] : [],
  );
  const creatorSeated = players.some(({ playerId }) => playerId === header.createdBy);
  // A deleted account gets no finished row: nothing is written under its id again.
  const seated = players.filter(({ deleted }) => !deleted);
  const ended = seated.length > 0 ? await endedAt(ctx, header.gameId) : undefined;
  await Promise.all([
    ...seated.map(({ playerId, seat }) => ctx.store.retireMembership(playerId, header.gameId, finishedRow(header, seat, latest, ended))),
    ...(creatorSeated ? [] : [ctx.store.retireMembership(header.createdBy, header.gameId, null)]),
  ]);
}
