import type { ServiceContext } from '../service/context.js';
import type { Derived } from './derive.js';
import { GameFollower, type ObservedCommit } from './follow.js';
import { notifyCommit } from './notifier.js';

/**
 * A channel that passes on what happened: the stream, webhooks, reminders.
 * `observed` is the durable commit that caused it, or null (a timer firing).
 */
export type PushSink = (derived: Derived, observed: ObservedCommit | null) => Promise<void>;

/**
 * Hands what happened to every channel at once: they are independent, and a
 * Lambda bills the time it waits, so they wait together. Fails, once all are
 * done, if any failed (the commit is then handled again; ids make that harmless).
 */
export async function passOn(sinks: readonly PushSink[], derived: Derived, observed: ObservedCommit | null): Promise<void> {
  const failed = (await Promise.allSettled(sinks.map((sink) => sink(derived, observed)))).find((o) => o.status === 'rejected');
  if (failed) throw failed.reason;
}

export interface LocalNotifier {
  /** Resolves once every commit signalled so far is handled (tests wait on it, never on time). */
  idle(): Promise<void>;
  stop(): void;
}

/**
 * Push under `npm start`: each commit the in-process signal announces (it is
 * durable by then) is turned into notifications, one commit at a time in
 * commit order, and handed to the sinks.
 */
export function runLocalNotifier(
  ctx: ServiceContext,
  sinks: readonly PushSink[],
  onError: (error: unknown) => void = () => {},
  /** Told how long each commit took to handle (bench:push prices the consumer's work with it). */
  onHandled: (ms: number) => void = () => {},
): LocalNotifier {
  let chain: Promise<void> = Promise.resolve();
  const follower = new GameFollower();
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
  // Announced notifications are already stored: they only go to the channels, in the same order as commits.
  const unsubscribeAnnouncements = ctx.announcements.subscribe((addressed) => {
    chain = chain.then(() => passOn(sinks, { notifications: addressed, notices: [] }, null).catch(onError));
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
      unsubscribeAnnouncements();
    },
  };
}
