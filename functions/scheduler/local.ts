import type { ServiceContext } from '../service/context.js';
import { resolveOverdue } from '../service/play.js';
import type { DeadlineScheduler, DeadlineTimer } from './port.js';

/** setTimeout's longest delay; longer waits re-arm when it fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** A failed firing is tried again after 1, 2, 4 … 30 s: the store may be restarting. */
export const RETRY_BACKOFF = { firstMs: 1000, maxMs: 30_000 } as const;

/**
 * What a firing does: resolve what is overdue in the timer's game and return
 * the timer that game needs next (null when nothing waits on a deadline).
 */
export type FireTimer = (timer: DeadlineTimer) => Promise<DeadlineTimer | null>;

/** Hears of every failed firing and when it is tried again. */
export type TimerFailure = (timer: DeadlineTimer, error: unknown, retryInMs: number) => void;

/**
 * The in-process scheduler of `npm start`: one timer per game for its newest
 * deadline, firing shortly after it. A timer for a step already resolved
 * finds nothing overdue and does nothing.
 *
 * Catch-up without storms: while a firing resolves a game, timers that
 * commits of that game ask for are not armed; the firing resolves every
 * deadline already past in the same pass and returns the next one, which is
 * armed when it is done. A failed firing is retried with backoff, never dropped.
 */
export class LocalScheduler implements DeadlineScheduler {
  private readonly timers = new Map<string, { readonly pendingId: string; readonly deadline: number; readonly handle: NodeJS.Timeout }>();
  /** Games being resolved now, with the newest timer their commits asked for meanwhile. */
  private readonly resolving = new Map<string, DeadlineTimer | null>();
  /** Consecutive failed firings per game. */
  private readonly failures = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly fire: FireTimer,
    private readonly clock: () => number = Date.now,
    private readonly onFailure: TimerFailure = () => {},
    /** Fires this long after the deadline, so the deadline has surely passed. */
    private readonly slackMs = 20,
  ) {}

  async schedule(timer: DeadlineTimer): Promise<void> {
    if (this.stopped) return;
    if (this.resolving.has(timer.gameId)) {
      this.resolving.set(timer.gameId, newer(this.resolving.get(timer.gameId) ?? null, timer));
      return;
    }
    const current = this.timers.get(timer.gameId);
    // The same entry at the same deadline is armed already; a vacation may move an entry's deadline, which re-arms it.
    if (current?.pendingId === timer.pendingId && current.deadline === timer.deadline) return;
    this.arm(timer, Math.max(0, timer.deadline - this.clock()) + this.slackMs);
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
    this.stopped = true;
    for (const { handle } of this.timers.values()) clearTimeout(handle);
    this.timers.clear();
  }

  private arm(timer: DeadlineTimer, delayMs: number): void {
    const current = this.timers.get(timer.gameId);
    if (current) clearTimeout(current.handle);
    const handle = setTimeout(() => void this.onTimer(timer), Math.min(MAX_DELAY_MS, delayMs));
    handle.unref?.();
    this.timers.set(timer.gameId, { pendingId: timer.pendingId, deadline: timer.deadline, handle });
  }

  private async onTimer(timer: DeadlineTimer): Promise<void> {
    if (this.timers.get(timer.gameId)?.pendingId === timer.pendingId) this.timers.delete(timer.gameId);
    if (timer.deadline > this.clock()) {
      // Re-armed after a clamped delay (deadlines weeks away).
      await this.schedule(timer);
      return;
    }
    this.resolving.set(timer.gameId, null);
    let next: DeadlineTimer | null;
    try {
      next = await this.fire(timer);
      this.failures.delete(timer.gameId);
    } catch (error) {
      this.resolving.delete(timer.gameId);
      const failures = (this.failures.get(timer.gameId) ?? 0) + 1;
      this.failures.set(timer.gameId, failures);
      const retryInMs = Math.min(RETRY_BACKOFF.maxMs, RETRY_BACKOFF.firstMs * 2 ** (failures - 1));
      this.onFailure(timer, error, retryInMs);
      if (!this.stopped && !this.timers.has(timer.gameId)) this.arm(timer, retryInMs);
      return;
    }
    // A commit made after the firing's last read (a player's move) may have asked for a later timer.
    const asked = this.resolving.get(timer.gameId) ?? null;
    this.resolving.delete(timer.gameId);
    const following = newer(next, asked);
    if (following) await this.schedule(following);
  }
}

function newer(a: DeadlineTimer | null, b: DeadlineTimer | null): DeadlineTimer | null {
  if (!a) return b;
  if (!b) return a;
  return b.seq > a.seq ? b : a;
}

/** The timer a game needs after being brought up to date at `version`. */
function nextTimer(gameId: string, resolved: Awaited<ReturnType<typeof resolveOverdue>>): DeadlineTimer | null {
  const { version, nextDeadline, nextPendingId } = resolved;
  return nextDeadline !== null && nextPendingId !== null ? { gameId, seq: version, pendingId: nextPendingId, deadline: nextDeadline } : null;
}

/**
 * Runs the local scheduler against a service: every durable commit that opens
 * a deadline arms a timer, and on start the agenda is rebuilt from the store
 * so a restart loses nothing. Returns a function that disconnects it.
 */
export async function runLocalScheduler(ctx: ServiceContext, onFailure: TimerFailure = () => {}): Promise<{ scheduler: LocalScheduler; stop: () => void }> {
  const scheduler = new LocalScheduler(async (timer) => nextTimer(timer.gameId, await resolveOverdue(ctx, timer.gameId)), ctx.clock, onFailure);
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
      const following = nextTimer(gameId, await resolveOverdue(ctx, gameId));
      if (following) await scheduler.schedule(following);
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
