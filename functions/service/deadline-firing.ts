import type { DeadlineSettled } from '../timers/fire.js';
import type { DeadlinePayload, Timers } from '../timers/port.js';
import type { ServiceContext } from './context.js';
import { deadlineTimer, deadlineTimerOf } from './deadline-timer.js';
import { resolveOverdue } from './play.js';

/** Thrown for a firing too early to wait out: Scheduler's retry policy fires again. */
export class EarlyFiringError extends Error {
  constructor(readonly dueInMs: number) {
    super(`deadline still ${dueInMs} ms away`);
    this.name = 'EarlyFiringError';
  }
}

/** How a firing that comes before its deadline is met (EventBridge Scheduler fires within its minute, possibly early). */
export interface EarlyFirings {
  /** An early firing this close to its deadline waits in-process instead of failing. */
  readonly maxWaitMs: number;
  readonly sleep: (ms: number) => Promise<void>;
}

/** Where a game brought up to date stands: its version and the deadline timer it needs next. */
function settledAt(gameId: string, resolved: Awaited<ReturnType<typeof resolveOverdue>>): DeadlineSettled {
  const { version, nextDeadline, nextPendingId } = resolved;
  return { version, next: nextDeadline !== null && nextPendingId !== null ? deadlineTimer(gameId, version, nextPendingId, nextDeadline) : null };
}

/**
 * What a deadline timer does when it fires. Idempotent by construction: it
 * only resolves what is overdue now, so a late, duplicate or stale firing, or
 * one that lost a race with a player's move, finds nothing to do. A firing
 * before its own deadline (`early`: on AWS) waits for it when that is close,
 * and fails otherwise so that it is fired again; in process, the deadline
 * moved later (a vacation) and the next timer says when.
 */
export async function settleDeadline(ctx: ServiceContext, payload: DeadlinePayload, early?: EarlyFirings): Promise<DeadlineSettled> {
  const { gameId, pendingId } = payload;
  let resolved = await resolveOverdue(ctx, gameId);
  const dueIn = early && resolved.nextPendingId === pendingId && resolved.nextDeadline !== null ? resolved.nextDeadline - ctx.clock() : 0;
  if (early && dueIn > 0) {
    if (dueIn > early.maxWaitMs) throw new EarlyFiringError(dueIn);
    await early.sleep(dueIn + 50);
    resolved = await resolveOverdue(ctx, gameId);
  }
  return settledAt(gameId, resolved);
}

/**
 * Deadlines as timers in process (`npm start`; on AWS the stream consumer
 * does this): every durable commit that opens a deadline schedules its timer,
 * and at start the agenda is rebuilt from the store, so a restart loses
 * nothing. Returns how many games it armed and a function that disconnects it.
 */
export async function armDeadlines(ctx: ServiceContext, timers: Timers): Promise<{ readonly armed: number; readonly stop: () => void }> {
  const stop = ctx.signal.subscribe((commit) => {
    const timer = deadlineTimerOf(commit);
    if (timer) void timers.schedule(timer);
  });
  let armed = 0;
  for (const gameId of await ctx.store.listActiveGameIds()) {
    const latest = await ctx.store.latestCommit(gameId);
    // Started but never moved: bringing it up to date resolves what is due and tells the next deadline.
    const timer = latest ? deadlineTimerOf(latest) : settledAt(gameId, await resolveOverdue(ctx, gameId)).next;
    if (!timer) continue;
    await timers.schedule(timer);
    armed++;
  }
  return { armed, stop };
}
