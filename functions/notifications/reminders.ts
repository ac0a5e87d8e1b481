import type { ServiceContext } from '../service/context.js';
import { derivedId, type Addressed } from './derive.js';
import type { PushSink } from './local.js';
import { titleOf } from './notifier.js';
import { storeAddressed } from './notifier.js';
import { readPreferences } from './service.js';
import type { PushScheduler, PushTimerPayload } from './timers.js';

/** Pending entries shorter than this get no reminder: the your-turn notice is reminder enough. */
export const REMINDER_MIN_PENDING_MS = 10 * 60 * 1000;

/**
 * A sink that plans reminders: for each `your-turn`, one timer per fraction
 * the addressee chose (default 0.8), due when that share of the entry's time
 * has passed. Timer ids derive from entry, seat and fraction: planning twice
 * leaves one timer each.
 */
export function reminderPlanner(ctx: ServiceContext, scheduler: PushScheduler, minPendingMs = REMINDER_MIN_PENDING_MS): PushSink {
  return async (derived) => {
    for (const { playerId, notification } of derived.notifications) {
      if (notification.type !== 'your-turn') continue;
      const opened = Date.parse(notification.at);
      const span = Date.parse(notification.pending.deadline) - opened;
      if (span < minPendingMs) continue;
      const { reminders } = await readPreferences(ctx, playerId);
      for (const fraction of reminders) {
        const dueAt = opened + Math.round(fraction * span);
        const { gameId, seat } = notification;
        const pendingId = notification.pending.id;
        await scheduler.schedule({
          id: derivedId('rem', gameId, pendingId, seat, playerId, fraction),
          dueAt,
          payload: { kind: 'reminder', gameId, pendingId, seat, playerId, fraction, dueAt },
        });
      }
    }
  };
}

/**
 * A reminder's timer fired: tell the player only if the entry is still open,
 * still awaits their seat and its deadline has not passed — an answered or
 * expired entry gets nothing. Returns the notification sent, if any.
 */
export async function fireReminder(ctx: ServiceContext, payload: Extract<PushTimerPayload, { kind: 'reminder' }>): Promise<Addressed | null> {
  const { gameId, pendingId, seat, playerId, fraction, dueAt } = payload;
  const [latest, header] = await Promise.all([ctx.store.latestCommit(gameId), ctx.store.getHeader(gameId)]);
  const summary = latest?.summary;
  const occupant = header?.seats[seat];
  if (!header || !summary || summary.status !== 'active' || summary.pendingId !== pendingId || summary.deadline === null) return null;
  if (!summary.awaiting.includes(seat) || summary.deadline <= ctx.clock() || occupant?.kind !== 'player' || occupant.playerId !== playerId) return null;
  const addressed: Addressed = {
    playerId,
    notification: {
      id: derivedId('n', gameId, pendingId, 'deadline-soon', fraction, playerId),
      at: new Date(dueAt).toISOString(),
      type: 'deadline-soon',
      gameId,
      game: header.game,
      title: titleOf(ctx, header.game),
      seat,
      pending: { id: pendingId, deadline: new Date(summary.deadline).toISOString() },
      fraction,
    },
  };
  await storeAddressed(ctx, [addressed]);
  return addressed;
}
