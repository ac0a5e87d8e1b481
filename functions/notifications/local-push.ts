import type { ServiceContext } from '../service/context.js';
import { runLocalNotifier, type LocalNotifier, type PushSink } from './local.js';
import { reminderPlanner, REMINDER_MIN_PENDING_MS } from './reminders.js';
import { onPushTimer } from './timer-handler.js';
import { StreamHub } from './stream-hub.js';
import { LocalPushScheduler } from './timers.js';
import { webhookSink } from './webhooks.js';

export interface LocalPushOptions {
  readonly onError?: (error: unknown) => void;
  /** Shortest pending entry that gets reminders (tests shorten it). */
  readonly reminderMinPendingMs?: number;
  /** Told how long each commit took to handle. */
  readonly onHandled?: (ms: number) => void;
}

export interface LocalPush {
  readonly notifier: LocalNotifier;
  readonly scheduler: LocalPushScheduler;
  /** The open WebSocket connections of this process (attach it to the server with attachLocalStream). */
  readonly hub: StreamHub;
  /** How many stored timers were re-armed at start. */
  readonly restoredTimers: number;
  stop(): void;
}

/**
 * Everything push runs in-process under `npm start` (and in the API tests):
 * notifications from the commit signal, handed to the channels; reminders and
 * retries on stored timers, re-armed from the store at start.
 */
export async function startLocalPush(ctx: ServiceContext, options: LocalPushOptions = {}): Promise<LocalPush> {
  const onError = options.onError ?? (() => {});
  const hub = new StreamHub(ctx);
  const sinks: PushSink[] = [hub.sink];
  const scheduler: LocalPushScheduler = new LocalPushScheduler(ctx.push, (payload) => onPushTimer(ctx, scheduler, payload, sinks), ctx.clock);
  sinks.push(reminderPlanner(ctx, scheduler, options.reminderMinPendingMs ?? REMINDER_MIN_PENDING_MS), webhookSink(ctx, scheduler));
  const notifier = runLocalNotifier(ctx, sinks, onError, options.onHandled);
  const restoredTimers = await scheduler.restore();
  return {
    notifier,
    scheduler,
    hub,
    restoredTimers,
    stop: () => {
      notifier.stop();
      scheduler.stop();
    },
  };
}
