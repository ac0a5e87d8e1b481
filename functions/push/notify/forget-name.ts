import type { GameLeft } from '../../service/account-deletion.js';
import type { Notification } from '../model/schemas.js';
import type { PushContext } from '../context.js';
import { NOTIFICATION_TTL_MS } from '../store/port.js';

/** Notifications read a page at a time. */
const PAGE = 100;

/**
 * The notification with the seat of a deleted account renamed, where it
 * names that seat (who joined, who the bot replaced or who reclaimed): null
 * when it names nothing of theirs.
 */
export function renamedSeat(notification: Notification, seatsLeft: ReadonlyMap<string, number>, name: string): Notification | null {
  if (!('gameId' in notification) || seatsLeft.get(notification.gameId) === undefined) return null;
  const seat = seatsLeft.get(notification.gameId);
  if (notification.type === 'player-joined' && notification.joined.seat === seat) return { ...notification, joined: { ...notification.joined, name } };
  if (notification.type === 'seat-replaced' && notification.replaced.seat === seat)
    return { ...notification, replaced: { ...notification.replaced, name, accountDeleted: true } };
  if (notification.type === 'seat-reclaimed' && notification.reclaimed.seat === seat)
    return { ...notification, reclaimed: { ...notification.reclaimed, name, accountDeleted: true } };
  return null;
}

/** How far back the feeds may still name a deleted account: the notifications kept. */
export const namedSince = (now: number) => now - NOTIFICATION_TTL_MS;

/**
 * Renames a deleted account's seats in the feeds of the players who sat with
 * them in `games` (running, or ended within the 30 days notifications are
 * kept): each notification is rewritten in its place (same id and time), so
 * cursors and redeliveries are unaffected.
 */
export async function renameInFeeds(ctx: PushContext, games: readonly GameLeft[], name: string): Promise<void> {
  const seatsLeft = new Map(games.map((game) => [game.gameId, game.seat]));
  const readers = new Set(games.flatMap((game) => game.others));
  for (const reader of readers) {
    for (let after: string | null = null, more = true; more;) {
      const page = await ctx.push.listNotifications(reader, after, PAGE);
      const renamed = page.items.flatMap((notification) => renamedSeat(notification, seatsLeft, name) ?? []);
      if (renamed.length > 0) await ctx.push.putNotifications(reader, renamed);
      ({ next: after, more } = page);
    }
  }
}
