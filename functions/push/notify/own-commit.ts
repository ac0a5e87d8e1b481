import type { CommitMade } from '../../service/play.js';
import type { ServiceContext } from '../../service/context.js';
import { notificationsFor } from '../model/derive.js';
import type { Notification } from '../model/schemas.js';
import { blockedEitherWay } from './batch-reads.js';
import { withoutBlockedNames } from './blocked-names.js';
import { titleOf } from './notifier.js';

/**
 * What a request's own commit tells its author (a move that hands the turn
 * back to them, the end their move made): the same notifications, with the
 * same ids, that the notifier derives for them (their feed stores the end,
 * not the turn: `feedKeeps`). Their answer carries them, as it carries the
 * commit, and the stream sends them to nobody alone.
 */
export async function toldTheAuthor(ctx: ServiceContext, made: CommitMade): Promise<Notification[]> {
  const { header, commit } = made;
  const told = notificationsFor({ ...made, title: titleOf(ctx, header.game) }, commit.actor);
  if (told.length === 0) return [];
  // Only a notification naming another player reads the blocks (none that a move, an undo or a reclaim tells its author does).
  const readable = await withoutBlockedNames({ blockedEitherWay: (playerId, otherId) => blockedEitherWay(ctx, playerId, otherId) }, header, told);
  return readable.map((a) => a.notification);
}
