import { isoInstant } from '../../core/table/index.js';
import type { BlockRow, GameHeader, PlayerRecord } from '../store/port.js';
import { DELETED_PLAYER_NAME } from './account-deletion.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';

/** Blocks one player may keep (README, limits). */
export const BLOCKS_PER_PLAYER = 100;

const presentBlock = (row: BlockRow, name: string) => ({ playerId: row.blockedId, name, blockedAt: isoInstant(row.at) });

/** Blocks `blockedId`: the pair is never seated together again (joining refuses it, either way). Answers whether the block is new. */
export async function block(ctx: ServiceContext, player: PlayerRecord, blockedId: string) {
  if (blockedId === player.playerId) throw fail('cannot-block-yourself');
  const [blocked, blocks] = await Promise.all([ctx.store.getPlayer(blockedId), ctx.store.listBlocks(player.playerId)]);
  if (!blocked) throw fail('player-not-found', { playerId: blockedId });
  const existing = blocks.find((row) => row.blockedId === blockedId);
  if (existing) return { created: false, block: presentBlock(existing, blocked.name) };
  if (blocks.length >= BLOCKS_PER_PLAYER) throw fail('too-many-blocks', { limit: BLOCKS_PER_PLAYER });
  const row: BlockRow = { playerId: player.playerId, blockedId, at: ctx.clock() };
  await ctx.store.putBlock(row);
  return { created: true, block: presentBlock(row, blocked.name) };
}

export async function unblock(ctx: ServiceContext, player: PlayerRecord, blockedId: string): Promise<void> {
  if (!(await ctx.store.deleteBlock(player.playerId, blockedId))) throw fail('block-not-found', { playerId: blockedId });
}

/** The player's blocks, each named as the blocked player is now (a block row keeps no name); one no longer there is "Deleted player". */
export async function listBlocks(ctx: ServiceContext, player: PlayerRecord) {
  const rows = await ctx.store.listBlocks(player.playerId);
  const names = await Promise.all(rows.map(async (row) => (await ctx.store.getPlayer(row.blockedId))?.name ?? DELETED_PLAYER_NAME));
  return { blocks: rows.map((row, i) => presentBlock(row, names[i] ?? DELETED_PLAYER_NAME)) };
}

/** Refuses a seat at a table where someone seated blocked the player, or the player blocked them (bots block no one). */
export async function refuseBlockedPair(ctx: ServiceContext, playerId: string, header: GameHeader): Promise<void> {
  const seated = header.seats.flatMap((occupant) => (occupant.kind === 'player' ? [occupant.playerId] : []));
  if (await ctx.store.anyBlockBetween(playerId, seated)) throw fail('blocked-at-table');
}
