import type { Timer, TimerAgenda, Timers } from './port.js';

/** setTimeout's longest delay; longer waits re-arm when it fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** A failed firing is tried again after 1, 2, 4 … 30 s: the store may be restarting. */
export const RETRY_BACKOFF = { firstMs: 1000, maxMs: 30_000 } as const;

/** What a firing does (fire.ts); it returns the timer that follows it, if any (a game's next deadline). */
export type FireTimer = (timer: Timer) => Promise<Timer | null>;

/** Hears of every failed firing and when it is tried again. */
export type TimerFailure = (timer: Timer, error: unknown, retryInMs: number) => void;

/** A game waits on its newest deadline only: its deadline timers share one place, the game's. Any other timer has its own. */
const slotOf = (timer: Timer) => (timer.payload.kind === 'deadline' ? `deadline:${timer.payload.gameId}` : timer.id);

/** Deadlines are not stored: the game's log is their agenda, read again at start (service/deadline-firing.ts). */
const isStored = (timer: Timer) => timer.payload.kind !== 'deadline';

/** The later of two timers asked for one place: of a game's deadlines, the newer commit's; otherwise the last asked. */
function newer(a: Timer | null, b: Timer | null): Timer | null {
  if (!a) return b;
  if (!b) return a;
  return a.payload.kind === 'deadline' && b.payload.kind === 'deadline' && a.payload.seq > b.payload.seq ? a : b;
}

/**
 * The in-process adapter of `npm start`, for every kind of timer; each fires
 * shortly after it is due.
 *
 * A reminder or a webhook retry is stored in the agenda before it is armed
 * and deleted only after its firing succeeded, so a crash or restart re-arms
 * it (`restore`). A game has one deadline timer, for its newest deadline: a
 * timer for a step already resolved finds nothing overdue and does nothing.
 *
 * Catch-up without storms: while a firing brings a game up to date, the
 * deadline timers its commits ask for are not armed; the firing resolves
 * every deadline already past in the same pass and returns the next one,
 * armed when it is done. A failed firing is retried with backoff, never dropped.
 */
export class LocalTimers implements Timers {
  private readonly armed = new Map<string, { readonly timer: Timer; readonly handle: NodeJS.Timeout }>();
  /** Places firing now, with the newest timer asked for each meanwhile. */
  private readonly firing = new Map<string, Timer | null>();
  /** Consecutive failed firings per place. */
  private readonly failures = new Map<string, number>();
  private stopped = false;

  constructor(
    private readonly agenda: TimerAgenda,
    private readonly fire: FireTimer,
    private readonly clock: () => number = Date.now,
    private readonly onFailure: TimerFailure = () => {},
    /** Fires this long after it is due, so the time has surely passed. */
    private readonly slackMs = 20,
  ) {}

  async schedule(timer: Timer): Promise<void> {
    if (this.stopped) return;
    const slot = slotOf(timer);
    if (this.firing.has(slot)) {
      this.firing.set(slot, newer(this.firing.get(slot) ?? null, timer));
      return;
    }
    const current = this.armed.get(slot)?.timer;
    // The same timer at the same time is armed already; a vacation may move a deadline, which re-arms it.
    if (current?.id === timer.id && current.dueAt === timer.dueAt) return;
    if (isStored(timer)) await this.agenda.putTimer(timer);
    this.arm(timer);
  }

  async cancel(id: string): Promise<void> {
    for (const [slot, { timer, handle }] of this.armed)
      if (timer.id === id) {
        clearTimeout(handle);
        this.armed.delete(slot);
      }
    await this.agenda.deleteTimer(id);
  }

  /** Re-arms every stored timer (start-up); returns how many. */
  async restore(): Promise<number> {
    const timers = await this.agenda.listTimers();
    for (const timer of timers) this.arm(timer);
    return timers.length;
  }

  /** How many timers are armed: one per game waiting on a deadline, one per reminder or retry (tests, the start-up log). */
  get size(): number {
    return this.armed.size;
  }

  stop(): void {
    this.stopped = true;
    for (const { handle } of this.armed.values()) clearTimeout(handle);
    this.armed.clear();
  }

  private arm(timer: Timer, delayMs = Math.max(0, timer.dueAt - this.clock()) + this.slackMs): void {
    if (this.stopped) return;
    const slot = slotOf(timer);
    clearTimeout(this.armed.get(slot)?.handle);
    const handle = setTimeout(() => void this.onTimer(timer), Math.min(MAX_DELAY_MS, delayMs));
    handle.unref?.();
    this.armed.set(slot, { timer, handle });
  }

  private async onTimer(timer: Timer): Promise<void> {
    const slot = slotOf(timer);
    if (this.armed.get(slot)?.timer === timer) this.armed.delete(slot);
    // Re-armed after a clamped delay (a time weeks away).
    if (timer.dueAt > this.clock()) return this.arm(timer);
    this.firing.set(slot, null);
    let next: Timer | null;
    try {
      next = await this.fire(timer);
      if (isStored(timer)) await this.agenda.deleteTimer(timer.id);
      this.failures.delete(slot);
    } catch (error) {
      this.firing.delete(slot);
      const failures = (this.failures.get(slot) ?? 0) + 1;
      this.failures.set(slot, failures);
      const retryInMs = Math.min(RETRY_BACKOFF.maxMs, RETRY_BACKOFF.firstMs * 2 ** (failures - 1));
      this.onFailure(timer, error, retryInMs);
      if (!this.armed.has(slot)) this.arm(timer, retryInMs);
      return;
    }
    // A commit made after the firing's last read (a player's move) may have asked for a later timer.
    const asked = this.firing.get(slot) ?? null;
    this.firing.delete(slot);
    const following = newer(next, asked);
    if (following) await this.schedule(following);
  }
}
