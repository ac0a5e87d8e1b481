import type { PushContext } from '../push/context.js';
import { releaseOwnAddress } from '../push/email/address.js';
import { namedSince, renameInFeeds } from '../push/notify/forget-name.js';
import { checkDeletionConfirmed, DELETED_PLAYER_NAME, eraseAccount, leaveEveryGame } from '../service/account-deletion.js';
import type { PlayerRecord } from '../store/port.js';

/**
 * Deletes an account, in the order that keeps a deletion cut short
 * repeatable with the same token: the player leaves every game (the
 * service), the notifications of those who sat with them stop naming them,
 * push's records go (webhooks with their game copies and
 * deliveries, browser push devices, notifications, preferences, stream
 * tickets, the index that finds them by e-mail address), then the walk of
 * the player's partition erases the rest, token
 * lookups first, and the token cache forgets them.
 */
export async function deleteAccount(ctx: PushContext, player: PlayerRecord, confirm: string): Promise<void> {
  checkDeletionConfirmed(player, confirm);
  const recent = await leaveEveryGame(ctx, player, namedSince(ctx.clock()));
  await renameInFeeds(ctx, recent, DELETED_PLAYER_NAME);
  await releaseOwnAddress(ctx, player.playerId);
  await ctx.push.erasePlayer(player.playerId);
  await eraseAccount(ctx, player);
}
