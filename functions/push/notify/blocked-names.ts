import type { GameHeader } from '../../store/port.js';
import type { BatchReads } from './batch-reads.js';
import type { Addressed } from '../model/derive.js';
import type { GameNotice, Notification } from '../model/schemas.js';

/**
 * Two players on one another's block list may still share a table (the block
 * came after the seating). The game's rules need seats, not names: what one of
 * them is told never names the other — a notification's named seat reads
 * `Seat n`, a game notice's name is null, as for a bot. Read only for the few
 * messages that name someone, once per pair of players in a consumer batch.
 */

const playerAt = (header: GameHeader, seat: number) => {
  const occupant = header.seats[seat];
  return occupant?.kind === 'player' ? occupant.playerId : null;
};

const unnamed = (seat: number) => `Seat ${seat + 1}`;

/** The other seat a notification names, if any. */
function namedSeat(notification: Notification): number | null {
  if (notification.type === 'player-joined') return notification.joined.seat;
  if (notification.type === 'seat-replaced') return notification.replaced.seat;
  if (notification.type === 'seat-reclaimed') return notification.reclaimed.seat;
  return null;
}

function withoutName(notification: Notification): Notification {
  if (notification.type === 'player-joined') return { ...notification, joined: { ...notification.joined, name: unnamed(notification.joined.seat) } };
  if (notification.type === 'seat-replaced') return { ...notification, replaced: { ...notification.replaced, name: unnamed(notification.replaced.seat) } };
  if (notification.type === 'seat-reclaimed') return { ...notification, reclaimed: { ...notification.reclaimed, name: unnamed(notification.reclaimed.seat) } };
  return notification;
}

/** Each notification as its addressee may read it. */
export async function withoutBlockedNames(
  reads: Pick<BatchReads, 'blockedEitherWay'>,
  header: GameHeader,
  addressed: readonly Addressed[],
): Promise<Addressed[]> {
  return Promise.all(
    addressed.map(async (entry) => {
      const seat = namedSeat(entry.notification);
      const named = seat === null ? null : playerAt(header, seat);
      if (named === null || named === entry.playerId) return entry;
      return (await reads.blockedEitherWay(entry.playerId, named)) ? { ...entry, notification: withoutName(entry.notification) } : entry;
    }),
  );
}

/** A game notice as the owner of a game's webhook may read it: the names of players they block, or who block them, left out. */
export async function noticeFor(reads: Pick<BatchReads, 'blockedEitherWay'>, header: GameHeader, ownerId: string, notice: GameNotice): Promise<GameNotice> {
  const seats = notice.type === 'game.turn' ? notice.awaiting : notice.type === 'game.ended' ? notice.winners : [];
  const named = seats.flatMap(({ seat }) => {
    const playerId = playerAt(header, seat);
    return playerId === null || playerId === ownerId ? [] : [playerId];
  });
  if (named.length === 0) return notice;
  const blocked = new Set((await Promise.all(named.map(async (other) => ((await reads.blockedEitherWay(ownerId, other)) ? [other] : [])))).flat());
  if (blocked.size === 0) return notice;
  const redact = (list: typeof seats) => list.map((s) => (blocked.has(playerAt(header, s.seat) ?? '') ? { ...s, name: null } : s));
  if (notice.type === 'game.turn') return { ...notice, awaiting: redact(notice.awaiting) };
  if (notice.type === 'game.ended') return { ...notice, winners: redact(notice.winners) };
  return notice;
}
