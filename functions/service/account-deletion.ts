import { finishedOrderKey } from '../store/conventions.js';
import type { FinishedRow, GameHeader, PlayerRecord, SeatOccupant } from '../store/port.js';
import { listAccessTokens } from './access-tokens.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { commitRecord, newSlice, owedAfter, RETRY, settle, withFreshGame } from './pipeline.js';

/** What a deleted account's seats are called from then on, in every game, record, list and export. */
export const DELETED_PLAYER_NAME = 'Deleted player';

/** Header writes lost to a concurrent join or end before giving up (a contended game is tried again by a repeated deletion). */
const HEADER_ATTEMPTS = 8;
/** Rows read a page at a time. */
const PAGE = 100;

/** The typed confirmation: the account's name exactly, so that a stray call deletes nothing. */
export function checkDeletionConfirmed(player: PlayerRecord, confirm: string): void {
  if (confirm !== player.name) throw fail('deletion-not-confirmed');
}

/** A game the player left: their seat, and the players still seated there (who were told of them). */
export interface GameLeft {
  readonly gameId: string;
  readonly seat: number;
  readonly others: readonly string[];
}

/**
 * The service's part of deleting an account, before its data is erased: the
 * player leaves every game. A game not started frees their seat; a running
 * game hands it to the replacement bot for good (an `absence` commit, the
 * seat-replaced machinery), under "Deleted player"; a finished game keeps
 * the seat under "Deleted player", in its header (records, views, exports)
 * and in the finished-games rows of everyone else who sat there. The
 * player's id stays in the logs (commit authors, the record of a rated end):
 * nothing links it to anyone once the account is erased. Repeatable: a
 * deletion cut short is run again from the start. Answers the games left
 * that are running or ended since `recentSince`: those whose notifications
 * to the others (which name the player) may still be kept.
 */
export async function leaveEveryGame(ctx: ServiceContext, player: PlayerRecord, recentSince: number): Promise<GameLeft[]> {
  const recent: GameLeft[] = [];
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await ctx.store.listMemberships(player.playerId, cursor, PAGE);
    for (const row of page.items) {
      const left = await leaveRunningGame(ctx, player.playerId, row.gameId);
      if (left) recent.push(left);
    }
    cursor = page.next;
  }
  for (let after: string | null = null, more = true; more;) {
    const rows = await ctx.store.listFinishedGames(player.playerId, after, PAGE);
    for (const row of rows) {
      const left = await renameInFinishedGame(ctx, player.playerId, row);
      if (left && row.endedAt !== undefined && row.endedAt >= recentSince) recent.push(left);
    }
    const last = rows.at(-1);
    more = rows.length === PAGE && last !== undefined;
    after = last ? finishedOrderKey(last.gameId) : null;
  }
  return recent;
}

/**
 * Erases what the game store keeps of the player (`Store.erasePlayer`: the
 * walk of their partition, token lookups first) and forgets each of their
 * tokens in this process's cache: every token is refused from the next
 * request on. Last of a deletion, so that a deletion cut short before it can
 * be sent again with the same token.
 */
export async function eraseAccount(ctx: ServiceContext, player: PlayerRecord): Promise<void> {
  const tokenHashes = [player.tokenHash, ...(await listAccessTokens(ctx, player.playerId)).map((token) => token.tokenHash)];
  // A waiting seek also sits in its game's pool, outside the player's partition: withdrawn first, so no matcher seats a deleted player.
  for (const seek of await ctx.store.listPlayerSeeks(player.playerId)) await ctx.store.cancelSeek(player.playerId, seek.seekId);
  await ctx.store.erasePlayer(player.playerId);
  for (const tokenHash of tokenHashes) ctx.tokens.revoke(tokenHash);
  ctx.tokens.forgetPlayer(player.playerId);
}

/** The seats as they are once the player is gone: each of theirs marked deleted and renamed, or freed in a game not started. */
function seatsWithout(header: GameHeader, playerId: string): SeatOccupant[] {
  return header.seats.map((occupant): SeatOccupant => {
    if (occupant.kind !== 'player' || occupant.playerId !== playerId) return occupant;
    if (header.status === 'open') return { kind: 'empty' };
    return { ...occupant, name: DELETED_PLAYER_NAME, deleted: true };
  });
}

/** Rewrites the header with the player gone (a no-op when it is already), retrying lost races; the header as written. */
async function writeWithout(ctx: ServiceContext, gameId: string, playerId: string): Promise<GameHeader | null> {
  for (let attempt = 0; attempt < HEADER_ATTEMPTS; attempt++) {
    const header = await ctx.store.getHeader(gameId);
    if (!header) return null;
    const seats = seatsWithout(header, playerId);
    if (JSON.stringify(seats) === JSON.stringify(header.seats)) return header;
    const next: GameHeader = { ...header, seats, revision: header.revision + 1 };
    if (await ctx.store.replaceHeader(next, header.revision)) return next;
  }
  throw fail('contention', { over: 'seats' });
}

/** A game not finished: the seat freed (not started) or marked and handed to the replacement bot, which plays on at once. */
async function leaveRunningGame(ctx: ServiceContext, playerId: string, gameId: string): Promise<GameLeft | null> {
  const before = await ctx.store.getHeader(gameId);
  const header = await writeWithout(ctx, gameId, playerId);
  const seat = before?.seats.findIndex((occupant) => occupant.kind === 'player' && occupant.playerId === playerId) ?? -1;
  if (!header || seat === -1) return null;
  const left = { gameId, seat, others: othersIn(header, playerId) };
  if (header.status !== 'active') return left;
  const slice = newSlice();
  await withFreshGame(ctx, gameId, async (live) => {
    if ((await settle(ctx, live, slice)) === RETRY) return RETRY;
    if (!live.state || live.state.finished || live.state.absence?.replaced.includes(seat)) return undefined;
    const at = ctx.clock();
    const outcome = await commitRecord(
      ctx,
      live,
      { type: 'replace', seat, at },
      { actor: 'system', idempotencyKey: null, requestHash: null },
      owedAfter(slice, at),
    );
    if (outcome.kind === 'conflict') return RETRY;
    if (outcome.kind === 'rejected') throw new Error(`replacing deleted seat ${seat} of ${gameId} refused: ${outcome.refusal.rejection.code}`);
    // The bot plays what it now owes, as after any replacement.
    return (await settle(ctx, live, slice)) === RETRY ? RETRY : undefined;
  });
  return left;
}

/** The players other than `playerId` seated at a table (deleted ones aside). */
function othersIn(header: GameHeader, playerId: string): string[] {
  return header.seats.flatMap((occupant) => (occupant.kind === 'player' && !occupant.deleted && occupant.playerId !== playerId ? [occupant.playerId] : []));
}

/** A finished game: its header and everyone else's finished row show "Deleted player" in the seat. */
async function renameInFinishedGame(ctx: ServiceContext, playerId: string, row: FinishedRow): Promise<GameLeft | null> {
  const header = await writeWithout(ctx, row.gameId, playerId);
  if (!header) return null;
  const { seats } = header;
  await Promise.all(
    seats.map((occupant, seat) =>
      occupant.kind === 'player' && !occupant.deleted ? ctx.store.retireMembership(occupant.playerId, row.gameId, { ...row, seat, seats }) : null,
    ),
  );
  return { gameId: row.gameId, seat: row.seat, others: othersIn(header, playerId) };
}
