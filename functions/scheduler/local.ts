import type { ServiceContext } from '../service/context.js';
import { resolveOverdue } from '../service/play.js';
import type { DeadlineScheduler, DeadlineTimer } from './port.js';

/** setTimeout's longest delay; longer waits re-arm when it fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The in-process scheduler of `npm start`: one timer per game for its newest
 * deadline, firing shortly after it. A timer for a step already resolved
 * finds nothing overdue and does nothing.
 */
export class LocalScheduler implements DeadlineScheduler {
  private readonly timers = new Map<string, { readonly pendingId: string; readonly handle: NodeJS.Timeout }>();

  constructor(
    private readonly fire: (timer: DeadlineTimer) => Promise<void>,
    private readonly clock: () => number = Date.now,
    /** Fires this long after the deadline, so the deadline has surely passed. */
    private readonly slackMs = 20,
  ) {}

  async schedule(timer: DeadlineTimer): Promise<void> {
    const current = this.timers.get(timer.gameId);
    if (current?.pendingId === timer.pendingId) return;
    if (current) clearTimeout(current.handle);
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, timer.deadline - this.clock()) + this.slackMs);
    const handle = setTimeout(() => void this.onTimer(timer), delay);
    handle.unref?.();
    this.timers.set(timer.gameId, { pendingId: timer.pendingId, handle });
  }

  async cancel(key: { gameId: string; pendingId: string }): Promise<void> {
    const current = this.timers.get(key.gameId);
    if (current?.pendingId !== key.pendingId) return;
    clearTimeout(current.handle);
    this.timers.delete(key.gameId);
  }

  /** How many games have a timer armed (for tests and the start-up log). */
  get armed(): number {
    return this.timers.size;
  }

  stop(): void {
    for (const { handle } of this.timers.values()) clearTimeout(handle);
    this.timers.clear();
  }

  private async onTimer(timer: DeadlineTimer): Promise<void> {
    if (this.timers.get(timer.gameId)?.pendingId === timer.pendingId) this.timers.delete(timer.gameId);
    if (timer.deadline > this.clock()) {
      // Re-armed after a clamped delay (deadlines weeks away).
      await this.schedule(timer);
      return;
    }
    await this.fire(timer);
  }
}

/**
 * Runs the local scheduler against a service: every durable commit that opens
 * a deadline arms a timer, and on start the agenda is rebuilt from the store
 * so a restart loses nothing. Returns a function that disconnects it.
 */
export async function runLocalScheduler(
  ctx: ServiceContext,
  onError: (error: unknown) => void = () => {},
): Promise<{ scheduler: LocalScheduler; stop: () => void }> {
  const scheduler = new LocalScheduler(async (timer) => {
    try {
      await resolveOverdue(ctx, timer.gameId);
    } catch (error) {
      onError(error);
    }
  }, ctx.clock);
  const unsubscribe = ctx.signal.subscribe((commit) => {
    const { deadline, pendingId } = commit.summary;
    if (deadline !== null && pendingId !== null) void scheduler.schedule({ gameId: commit.gameId, seq: commit.seq, pendingId, deadline });
  });
  for (const gameId of await ctx.store.listActiveGameIds()) {
    const latest = await ctx.store.latestCommit(gameId);
    if (latest?.summary.deadline != null && latest.summary.pendingId !== null) {
      await scheduler.schedule({ gameId, seq: latest.seq, pendingId: latest.summary.pendingId, deadline: latest.summary.deadline });
    } else if (!latest) {
      // Started but never moved: loading it resolves what is due and tells the next deadline.
      const { version, nextDeadline, nextPendingId } = await resolveOverdue(ctx, gameId);
      if (nextDeadline !== null && nextPendingId !== null) await scheduler.schedule({ gameId, seq: version, pendingId: nextPendingId, deadline: nextDeadline });
    }
  }
  return {
    scheduler,
    stop: () => {
      unsubscribe();
      scheduler.stop();
    },
  };
}
