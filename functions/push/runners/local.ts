import type { Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import type { Outbox } from '../outbox/port.js';
import { passOn, type PushSink } from '../notify/channels.js';
import { GameFollower } from '../notify/follow.js';
import { notifyCommit, notifyJoin } from '../notify/notifier.js';
import { reminderPlanner, REMINDER_MIN_PENDING_MS } from '../reminders/reminders.js';
import { StreamHub } from '../stream/hub.js';
import { webhookSink } from '../webhooks/webhooks.js';
import { webPushSink } from '../webpush/sink.js';
import { emailSink } from '../email/sink.js';

export interface LocalPushOptions {
  readonly onError?: (error: unknown) => void;
  /** Shortest pending entry that gets reminders (tests shorten it). */
  readonly reminderMinPendingMs?: number;
  /** Told how long each commit took to handle (bench:push prices the consumer's work with it). */
  readonly onHandled?: (ms: number) => void;
}

export interface LocalNotifier {
  /**
   * Resolves once every commit signalled so far is handled: notified, and
   * its deliveries recorded and queued (not attempted: the outbox's `idle`
   * says when those are done). Tests wait on it, never on time.
   */
  idle(): Promise<void>;
  stop(): void;
}

export interface LocalPush {
  readonly notifier: LocalNotifier;
  /** The open WebSocket connections of this process (attach it to the server with attachLocalStream). */
  readonly hub: StreamHub;
  stop(): void;
}

/**
 * Push in process, under `npm start` and in the API tests: the stream's hub,
 * reminders, webhooks, browser push and e-mail become channels (added to `sinks`, which the timers'
 * firings hand what they send to as well), and each commit the in-process
 * signal announces is turned into notifications handed to them. Webhook
 * and push deliveries go to `outbox`, never attempted on the way; no push for
 * a game the player has open on this process's stream.
 */
export function runLocalPush(ctx: PushContext, timers: Timers, outbox: Outbox, sinks: PushSink[], options: LocalPushOptions = {}): LocalPush {
  const hub = new StreamHub(ctx);
  sinks.push(
    hub.sink,
    reminderPlanner(ctx, timers, options.reminderMinPendingMs ?? REMINDER_MIN_PENDING_MS),
    webhookSink(ctx, outbox),
    webPushSink(ctx, outbox, async (playerId, gameId) => hub.watches(playerId, gameId)),
    emailSink(ctx, outbox),
  );
  const notifier = runLocalNotifier(ctx, sinks, options.onError, options.onHandled);
  return { notifier, hub, stop: () => notifier.stop() };
}

/**
 * Each commit the in-process signal announces (it is durable by then) is
 * turned into notifications, one commit at a time in commit order, and
 * handed to the sinks; each join the service announces (its header stored)
 * takes its place in the same order, derived as the stream consumer on AWS
 * derives it from the header's record.
 */
export function runLocalNotifier(
  ctx: PushContext,
  sinks: readonly PushSink[],
  onError: (error: unknown) => void = () => {},
  onHandled: (ms: number) => void = () => {},
): LocalNotifier {
  let chain: Promise<void> = Promise.resolve();
  // Every game's commits come through this one process: it follows as many games as the service keeps.
  const follower = new GameFollower(ctx.recentGames.capacity);
  const unsubscribe = ctx.signal.subscribe((commit) => {
    chain = chain.then(async () => {
      const started = performance.now();
      try {
        const { derived, observed } = await notifyCommit(ctx, commit, follower);
        await passOn(sinks, derived, observed);
      } catch (error) {
        onError(error);
      }
      onHandled(performance.now() - started);
    });
  });
  const unsubscribeJoins = ctx.joins.subscribe((header) => {
    chain = chain.then(async () => passOn(sinks, await notifyJoin(ctx, header), null)).catch(onError);
  });
  return {
    idle: async () => {
      // A sink may cause commits of its own (none today); wait until the chain is still.
      for (let seen = chain; ; seen = chain) {
        await seen;
        if (seen === chain) return;
      }
    },
    stop: () => {
      unsubscribe();
      unsubscribeJoins();
    },
  };
}
