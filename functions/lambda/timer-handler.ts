import { ServiceError } from '../service/errors.js';
import { fireTimer, type TimerHandlers } from '../timers/fire.js';
import { readTimerPayload } from '../timers/port.js';

export type TimerOutcome =
  /** A deadline: what was overdue is resolved now (or nothing was: a late, duplicate or stale firing). */
  | { readonly status: 'settled'; readonly version: number }
  /** A reminder or a webhook delivery: sent if it was still wanted. */
  | { readonly status: 'done' }
  | { readonly status: 'unknown-game' }
  | { readonly status: 'malformed' };

/**
 * What the timer function does with an invocation: the payload read (those
 * of schedules made before timers had kinds included) and handed to the one
 * handler of every timer. Idempotent, as every handler is.
 */
export async function onTimer(handlers: TimerHandlers, input: unknown): Promise<TimerOutcome> {
  const payload = readTimerPayload(input);
  if (!payload) return { status: 'malformed' };
  try {
    const settled = await fireTimer(handlers, payload);
    return settled ? { status: 'settled', version: settled.version } : { status: 'done' };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'game-not-found') return { status: 'unknown-game' };
    throw error;
  }
}
