import type { ReminderPayload, Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { derivedId, type Addressed } from '../model/derive.js';
import type { PushSink } from '../notify/channels.js';
import type { ObservedCommit } from '../notify/follow.js';
import { storeAddressed, titleOf } from '../notify/notifier.js';

/**
 * Reminders: a player who still has to act is told when a share of their
 * pending entry's time has passed (their preferences, default 0.8). Planned
 * on timers as commits are observed, cancelled when answered, and checked
 * again when they fire. Imports push's model, store and notify parts, and the
 * timers port.
 */

/** Pending entries shorter than this get no reminder: the your-turn notice is reminder enough. */
export const REMINDER_MIN_PENDING_MS = 10 * 60 * 1000;

/** A reminder's timer id: from entry, seat, addressee and fraction, so planning twice leaves one timer and cancelling finds it. */
function reminderTimerId(gameId: string, pendingId: string, seat: number, playerId: string, fraction: number): string {
  return derivedId('rem', gameId, pendingId, seat, playerId, fraction);
}

/** Seats whose pending entry this commit answered or closed: their reminders are no longer wanted. */
function closedSeats({ commit, previous }: ObservedCommit): number[] {
  if (previous?.pendingId == null || previous.deadline === null) return [];
  const now = commit.summary;
  const samePending = now.status === 'active' && now.pendingId === previous.pendingId;
  return previous.awaiting.filter((seat) => !samePending || !now.awaiting.includes(seat));
}

/** The most open seat-turns a planner remembers the reminders of; past it, the oldest is forgotten (its cancel reads the preferences). */
const PLANNED_HELD_AT_MOST = 10_000;

/**
 * The fractions one planner scheduled for each open seat-turn, so that the
 * commit answering it cancels exactly those without reading the player's
 * preferences again (the mover's, on nearly every commit). A turn it did not
 * plan (on AWS another instance's, or one before a restart) is read as
 * before.
 */
class PlannedReminders {
  private readonly held = new Map<string, readonly number[]>();

  planned(key: string, fractions: readonly number[]): void {
    const before = this.held.get(key) ?? [];
    this.held.delete(key);
    // A turn announced again under changed preferences keeps both sets' timers: both are cancelled.
    this.held.set(key, [...new Set([...before, ...fractions])]);
    if (this.held.size > PLANNED_HELD_AT_MOST) this.held.delete(this.held.keys().next().value as string);
  }

  /** What was planned for the turn; undefined when this planner does not know. */
  of(key: string): readonly number[] | undefined {
    return this.held.get(key);
  }

  /** The turn closed and its reminders are cancelled: nothing to remember. */
  forget(key: string): void {
    this.held.delete(key);
  }
}

/**
 * A sink that keeps reminders: for each `your-turn`, one timer per fraction
 * the addressee chose (default 0.8), due when that share of the entry's time
 * has passed; and when a commit answers or closes an entry, the timers of the
 * seats it no longer awaits are cancelled (a reminder whose fraction was
 * dropped from the preferences meanwhile still fires, and finds nothing to
 * say, unless this planner planned it).
 */
export function reminderPlanner(timers: Timers, minPendingMs = REMINDER_MIN_PENDING_MS): PushSink {
  const planned = new PlannedReminders();
  return async (derived, observed, reads) => {
    // A change made a moment ago may be seen a batch late: it applies to entries opened from then on anyway.
    const fractionsOf = async (playerId: string) => (await reads.preferences(playerId)).reminders;
    const calls: Promise<void>[] = [];
    const closed: string[] = [];
    if (observed?.previous?.pendingId)
      for (const seat of closedSeats(observed)) {
        const { gameId } = observed.commit;
        const pendingId = observed.previous.pendingId;
        const occupant = observed.header.seats[seat];
        if (occupant?.kind !== 'player') continue;
        const { playerId } = occupant;
        const key = turnKey(gameId, pendingId, seat, playerId);
        closed.push(key);
        for (const fraction of planned.of(key) ?? (await fractionsOf(playerId)))
          calls.push(timers.cancel(reminderTimerId(gameId, pendingId, seat, playerId, fraction)));
      }
    for (const { playerId, notification } of derived.notifications) {
      if (notification.type !== 'your-turn') continue;
      const { gameId, seat } = notification;
      const pendingId = notification.pending.id;
      const opened = Date.parse(notification.at);
      const span = Date.parse(notification.pending.deadline) - opened;
      const fractions = span < minPendingMs ? [] : await fractionsOf(playerId);
      planned.planned(turnKey(gameId, pendingId, seat, playerId), fractions);
      for (const fraction of fractions) {
        const dueAt = opened + Math.round(fraction * span);
        calls.push(
          timers.schedule({
            id: reminderTimerId(gameId, pendingId, seat, playerId, fraction),
            dueAt,
            payload: { kind: 'reminder', gameId, pendingId, seat, playerId, fraction, dueAt },
          }),
        );
      }
    }
    // Each timer is its own (ids differ), and a Lambda bills the time it waits: the calls wait together.
    await Promise.all(calls);
    // Forgotten once cancelled: a commit handled again after a failed cancel still knows what to cancel.
    for (const key of closed) planned.forget(key);
  };
}

const turnKey = (gameId: string, pendingId: string, seat: number, playerId: string) => JSON.stringify([gameId, pendingId, seat, playerId]);

/**
 * A reminder's timer fired: tell the player only if the entry is still open,
 * still awaits their seat and its deadline has not passed — an answered or
 * expired entry gets nothing. Returns the notification sent, if any.
 */
export async function fireReminder(ctx: PushContext, payload: ReminderPayload): Promise<Addressed | null> {
  const { gameId, pendingId, seat, playerId, fraction, dueAt } = payload;
  const [latest, header] = await Promise.all([ctx.store.latestCommit(gameId), ctx.store.getHeader(gameId)]);
  const summary = latest?.summary;
  const occupant = header?.seats[seat];
  if (!header || !summary || summary.status !== 'active' || summary.pendingId !== pendingId || summary.deadline === null) return null;
  if (!summary.awaiting.includes(seat) || summary.deadline <= ctx.clock() || occupant?.kind !== 'player' || occupant.playerId !== playerId || occupant.deleted)
    return null;
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
