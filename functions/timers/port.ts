// zod/mini: tree-shakes, so a bundle that needs only these three small schemas does not carry all of zod.
import * as z from 'zod/mini';

/**
 * The timers port: one kind of wake-up call for everything that must happen
 * at a time of its own — a pending entry's deadline, a reminder before it, a
 * webhook delivery's next attempt, an automatch pool's next pass, a player's daily e-mail digest. Two adapters implement it: in process for
 * `npm start` (local.ts) and EventBridge Scheduler on AWS (eventbridge.ts);
 * one handler takes every firing and dispatches on its kind (fire.ts).
 *
 * Timers are a convenience, never the truth: every read and write of a game
 * applies its overdue timeouts first (lazy expiry), a reminder checks that
 * its entry still awaits the player, a retry that its delivery is still
 * pending. So a timer that fires late, twice, or for something already done
 * changes nothing, and one that fires early waits or is tried again.
 */

const id = z.string().check(z.minLength(1));

/** A pending entry's deadline: the game is brought up to date when it passes. */
export const DeadlinePayload = z.object({
  kind: z.literal('deadline'),
  gameId: id,
  /** The sequence number of the commit that opened the entry. */
  seq: z.int().check(z.nonnegative()),
  /** The pending entry's id (`p17`); unique within its game. */
  pendingId: id,
  /** Fired at once, not at the deadline: a request left bots to play (a firing before the deadline is then no early firing). */
  continues: z.optional(z.literal(true)),
});
export type DeadlinePayload = z.infer<typeof DeadlinePayload>;

/** A reminder to one player before their entry's deadline. */
export const ReminderPayload = z.object({
  kind: z.literal('reminder'),
  gameId: id,
  pendingId: id,
  seat: z.int().check(z.nonnegative()),
  playerId: id,
  fraction: z.number().check(z.gt(0), z.lt(1)),
  /** When it is due, epoch ms: also the notification's time, so a second firing rewrites the same item. */
  dueAt: z.int(),
});
export type ReminderPayload = z.infer<typeof ReminderPayload>;

/** The next attempt of a delivery of the outbox: to a webhook, or (`channel`) a browser push subscription or an e-mail address. */
export const WebhookDeliveryPayload = z.object({
  kind: z.literal('webhook-delivery'),
  /** Absent for a webhook (timers made before browser push have none). */
  channel: z.optional(z.enum(['web-push', 'email'])),
  /** The target: a webhook's id, a push subscription's, or a player's e-mail target. */
  webhookId: id,
  ownerId: id,
  deliveryId: id,
  createdAt: z.int(),
});
export type WebhookDeliveryPayload = z.infer<typeof WebhookDeliveryPayload>;

/** A pass of the matcher over one automatch pool: seats what the widened gaps now allow (functions/service/automatch.ts). */
export const AutomatchPayload = z.object({
  kind: z.literal('automatch'),
  game: id,
  /** The pool's id (a seek's `pool`). */
  pool: id,
});
export type AutomatchPayload = z.infer<typeof AutomatchPayload>;

/**
 * The safety sweep of automatch: a pass over every pool with seeks waiting,
 * which re-arms each pool's timer. A standing schedule of the stack sends it
 * (infra/timers.ts), so a pool whose one-time pass was lost, missed or failed
 * for good still gets passes, and no seek waits forever.
 */
export const AutomatchSweepPayload = z.object({ kind: z.literal('automatch-sweep') });
export type AutomatchSweepPayload = z.infer<typeof AutomatchSweepPayload>;

/** A player's daily digest is due: at their chosen hour of their local day. */
export const DigestPayload = z.object({
  kind: z.literal('email-digest'),
  playerId: id,
  /** When it was planned for, epoch ms: the local day it is the digest of. */
  dueAt: z.int(),
});
export type DigestPayload = z.infer<typeof DigestPayload>;

/**
 * What a timer delivers to the handler when it fires (the Scheduler target's
 * `Input` on AWS, the stored agenda's item locally). Not strict: a timer
 * created by an older release may carry fields this one no longer reads.
 */
export const TimerPayload = z.discriminatedUnion('kind', [
  DeadlinePayload,
  ReminderPayload,
  WebhookDeliveryPayload,
  AutomatchPayload,
  AutomatchSweepPayload,
  DigestPayload,
]);
export type TimerPayload = z.infer<typeof TimerPayload>;
export type TimerKind = TimerPayload['kind'];

/** Deadline schedules made before timers had kinds carry `{gameId, seq, pendingId}` alone. */
const KindlessDeadline = z.object({ gameId: id, seq: DeadlinePayload.shape.seq, pendingId: id });

/** A firing's input as a payload, including those of timers made by older releases; null when it is none. */
export function readTimerPayload(input: unknown): TimerPayload | null {
  const current = TimerPayload.safeParse(input);
  if (current.success) return current.data;
  const kindless = typeof input === 'object' && input !== null && !('kind' in input) ? KindlessDeadline.safeParse(input) : null;
  return kindless?.success ? { kind: 'deadline', ...kindless.data } : null;
}

export interface Timer<P extends TimerPayload = TimerPayload> {
  /** Deterministic per purpose, so scheduling the same thing twice leaves one timer. */
  readonly id: string;
  /** Epoch ms; never fired before. */
  readonly dueAt: number;
  readonly payload: P;
}

export interface Timers {
  /**
   * Arranges for the timer's payload to reach the handler at or after
   * `dueAt`, never before; one already due as soon as the adapter can.
   * Idempotent: a timer of an id already scheduled takes its place (a
   * vacation moves a deadline), leaving one.
   */
  schedule(timer: Timer): Promise<void>;
  /**
   * Drops a timer no longer wanted (a reminder of an answered entry). Best
   * effort: a timer that still fires finds nothing to do, so cancelling only
   * saves a firing. Unknown or fired ids are fine.
   */
  cancel(id: string): Promise<void>;
}

/** Where the local adapter keeps the timers a restart must not lose (the push store's table under `npm start`). */
export interface TimerAgenda {
  putTimer(timer: Timer): Promise<void>;
  deleteTimer(id: string): Promise<void>;
  listTimers(): Promise<readonly Timer[]>;
}
