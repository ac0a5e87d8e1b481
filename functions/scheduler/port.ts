// zod/mini: tree-shakes, so the stream consumer's bundle does not carry all of zod for two small schemas.
import * as z from 'zod/mini';

/**
 * The scheduler port: asks for a wake-up call when a pending entry's deadline
 * passes, so a window closes even if nobody calls the API again.
 *
 * Two adapters implement it: an in-process one for `npm start` and one on
 * EventBridge Scheduler for AWS. Timers are a convenience, never the truth:
 * every read and write applies overdue timeouts first (lazy expiry), so a
 * timer that fires late, twice, or for a pending entry already resolved must
 * change nothing — the timer handler re-checks the game before acting.
 */

/** Which pending entry of which game a timer is for. */
export interface TimerKey {
  readonly gameId: string;
  /** The pending entry's id (`p17`); unique within its game. */
  readonly pendingId: string;
}

/** A wake-up call for one pending entry. */
export interface DeadlineTimer extends TimerKey {
  /** The sequence number of the commit that opened the entry. */
  readonly seq: number;
  /** When the entry times out, epoch ms. */
  readonly deadline: number;
}

/**
 * What a timer delivers to the timer handler when it fires (the Scheduler
 * target's `Input` on AWS). Not strict: a schedule created by an older
 * release may still be in flight with fields this one no longer reads.
 */
export const TimerPayload = z.object({
  gameId: z.string().check(z.minLength(1)),
  seq: z.int().check(z.nonnegative()),
  pendingId: z.string().check(z.minLength(1)),
});
export type TimerPayload = z.infer<typeof TimerPayload>;

export interface DeadlineScheduler {
  /**
   * Arrange for the timer handler to receive the timer's payload at or after
   * its deadline (never before). Idempotent: scheduling the same key twice
   * leaves one timer. A deadline already past is still scheduled, to fire as
   * soon as the adapter can.
   */
  schedule(timer: DeadlineTimer): Promise<void>;
  /**
   * Drop the timer for an entry that closed before its deadline. Optional and
   * best-effort: a timer that still fires finds its entry resolved and does
   * nothing, so cancelling only saves an invocation. Cancelling an unknown
   * key succeeds.
   */
  cancel?(key: TimerKey): Promise<void>;
}

export function timerPayload(timer: DeadlineTimer): TimerPayload {
  return { gameId: timer.gameId, seq: timer.seq, pendingId: timer.pendingId };
}
