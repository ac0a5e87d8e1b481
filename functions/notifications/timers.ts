import * as z from 'zod';

/**
 * Push's own timers: deadline reminders and webhook retries. On AWS they are
 * EventBridge Scheduler one-time schedules (durable there); under `npm start`
 * they are stored (so a restart loses none) and armed in process. Either way
 * a timer fires at least once and its handler is idempotent.
 */
export const PushTimerPayload = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reminder'),
    gameId: z.string().min(1),
    pendingId: z.string().min(1),
    seat: z.number().int().nonnegative(),
    playerId: z.string().min(1),
    fraction: z.number().gt(0).lt(1),
    /** When it is due, epoch ms: also the notification's time, so a second firing rewrites the same item. */
    dueAt: z.number().int(),
  }),
  z.object({
    kind: z.literal('webhook-delivery'),
    webhookId: z.string().min(1),
    ownerId: z.string().min(1),
    deliveryId: z.string().min(1),
    createdAt: z.number().int(),
  }),
]);
export type PushTimerPayload = z.infer<typeof PushTimerPayload>;

export interface PushTimer {
  /** Deterministic per purpose, so scheduling the same thing twice leaves one timer. */
  readonly id: string;
  /** Epoch ms; never fired before. */
  readonly dueAt: number;
  readonly payload: PushTimerPayload;
}

export interface PushScheduler {
  schedule(timer: PushTimer): Promise<void>;
}

/** Where the local scheduler keeps its agenda. */
export interface TimerStore {
  putTimer(timer: PushTimer): Promise<void>;
  deleteTimer(id: string): Promise<void>;
  listTimers(): Promise<readonly PushTimer[]>;
}

/** setTimeout's longest delay; longer waits re-arm when it fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The scheduler of `npm start`: every timer is stored before it is armed and
 * deleted only after its handler succeeded, so a crash or restart re-fires it
 * (`restore`). A failed handler is tried again after `retryMs`.
 */
export class LocalPushScheduler implements PushScheduler {
  private readonly armed = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly store: TimerStore,
    private readonly fire: (payload: PushTimerPayload) => Promise<void>,
    private readonly clock: () => number = Date.now,
    private readonly retryMs = 30_000,
  ) {}

  async schedule(timer: PushTimer): Promise<void> {
    await this.store.putTimer(timer);
    this.arm(timer);
  }

  /** Re-arms every stored timer (start-up). */
  async restore(): Promise<number> {
    const timers = await this.store.listTimers();
    for (const timer of timers) this.arm(timer);
    return timers.length;
  }

  stop(): void {
    this.stopped = true;
    for (const handle of this.armed.values()) clearTimeout(handle);
    this.armed.clear();
  }

  private arm(timer: PushTimer, at = timer.dueAt): void {
    if (this.stopped) return;
    clearTimeout(this.armed.get(timer.id));
    const handle = setTimeout(() => void this.onTimer(timer), Math.min(MAX_DELAY_MS, Math.max(0, at - this.clock())));
    handle.unref?.();
    this.armed.set(timer.id, handle);
  }

  private async onTimer(timer: PushTimer): Promise<void> {
    this.armed.delete(timer.id);
    if (timer.dueAt > this.clock()) return this.arm(timer);
    try {
      await this.fire(timer.payload);
      await this.store.deleteTimer(timer.id);
    } catch {
      this.arm(timer, this.clock() + this.retryMs);
    }
  }
}
