import type { ServiceContext } from '../service/context.js';
import { ServiceError } from '../service/errors.js';
import { resolveOverdue } from '../service/play.js';
import { TimerPayload } from '../scheduler/port.js';

export type TimerOutcome =
  /** Something was overdue and is now resolved (or nothing was: a late, duplicate or stale firing). */
  { readonly status: 'settled'; readonly version: number } | { readonly status: 'unknown-game' } | { readonly status: 'malformed' };

/** Thrown for a firing too early to wait out: Scheduler's retry policy fires again. */
export class EarlyFiringError extends Error {
  constructor(readonly dueInMs: number) {
    super(`deadline still ${dueInMs} ms away`);
    this.name = 'EarlyFiringError';
  }
}

export interface TimerOptions {
  /** An early firing this close to its deadline waits in-process instead of failing. */
  readonly maxWaitMs: number;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * What the deadline timer does when it fires. Idempotent by construction: it
 * only resolves what is overdue now, so a late, duplicate or stale firing, or
 * one that lost a race with a player's move, finds nothing to do.
 */
export async function onTimer(ctx: ServiceContext, input: unknown, options: TimerOptions): Promise<TimerOutcome> {
  const parsed = TimerPayload.safeParse(input);
  if (!parsed.success) return { status: 'malformed' };
  const { gameId, pendingId } = parsed.data;
  try {
    let result = await resolveOverdue(ctx, gameId);
    const early = result.nextPendingId === pendingId && result.nextDeadline !== null ? result.nextDeadline - ctx.clock() : 0;
    if (early > 0) {
      if (early > options.maxWaitMs) throw new EarlyFiringError(early);
      await options.sleep(early + 50);
      result = await resolveOverdue(ctx, gameId);
    }
    return { status: 'settled', version: result.version };
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'game-not-found') return { status: 'unknown-game' };
    throw error;
  }
}
