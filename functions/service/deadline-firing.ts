import type { DeadlineSettled } from '../timers/fire.js';
import type { DeadlinePayload, Timers } from '../timers/port.js';
import type { ServiceContext } from './context.js';
import { continuationTimer, deadlineTimer, deadlineTimerOf, timerChangesOf } from './deadline-timer.js';
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

/** Where a game brought up to date stands: its version and the timer it needs next (at once when bots still owe moves). */
function settledAt(ctx: ServiceContext, gameId: string, resolved: Awaited<ReturnType<typeof resolveOverdue>>): DeadlineSettled {
  const { version, nextDeadline, nextPendingId, behind } = resolved;
  if (nextDeadline === null || nextPendingId === null) return { version, next: null };
  return {
    version,
    next: behind ? continuationTimer(gameId, version, nextPendingId, ctx.clock()) : deadlineTimer(gameId, version, nextPendingId, nextDeadline),
  };
}

/**
 * What a deadline timer does when it fires. Idempotent by construction: it
 * only resolves what is overdue now and plays the bots due (one request's
 * slice), so a late, duplicate or stale firing, or one that lost a race with
 * a player's move, finds nothing to do. A deadline firing before its own
 * deadline (`early`: on AWS) waits for it when that is close, and fails
 * otherwise so that it is fired again; in process, the deadline moved later
 * (a vacation) and the next timer says when. A continuation fires before the
 * deadline by design.
 */
export async function settleDeadline(ctx: ServiceContext, payload: DeadlinePayload, early?: EarlyFirings): Promise<DeadlineSettled> {
  const { gameId, pendingId } = payload;
  let resolved = await resolveOverdue(ctx, gameId);
  const waits = early && !payload.continues && resolved.nextPendingId === pendingId && resolved.nextDeadline !== null;
  const dueIn = waits && resolved.nextDeadline !== null ? resolved.nextDeadline - ctx.clock() : 0;
  if (early && dueIn > 0) {
    if (dueIn > early.maxWaitMs) throw new EarlyFiringError(dueIn);
    await early.sleep(dueIn + 50);
    resolved = await resolveOverdue(ctx, gameId);
  }
  return settledAt(ctx, gameId, resolved);
}

/**
 * Deadlines as timers in process (`npm start`; on AWS the stream consumer
 * does this): every durable commit that opens a deadline schedules its timer,
 * and at start the agenda is rebuilt from the store, so a restart loses
 * nothing. In process a game's deadline timers share one place, where a new
 * one replaces the old: only a commit that leaves nothing pending (the end)
 * cancels. Returns how many games it armed and a function that disconnects it.
 */
export async function armDeadlines(ctx: ServiceContext, timers: Timers): Promise<{ readonly armed: number; readonly stop: () => void }> {
  const stop = ctx.signal.subscribe((commit) => {
    const { schedule, cancel } = timerChangesOf(commit);
    for (const timer of schedule) void timers.schedule(timer);
    if (schedule.length === 0 && cancel !== null) void timers.cancel(cancel);
  });
  let armed = 0;
  for (const gameId of await ctx.store.listActiveGameIds()) {
    const latest = await ctx.store.latestCommit(gameId);
    // Started but never moved: bringing it up to date resolves what is due and tells the next deadline.
    const timer = latest ? deadlineTimerOf(latest) : settledAt(ctx, gameId, await resolveOverdue(ctx, gameId)).next;
    if (!timer) continue;
    await timers.schedule(timer);
    armed++;
  }
  return { armed, stop };
}
