import type { ServiceContext } from '../service/context.js';
import type { Commit } from '../store/port.js';
import type { Derived } from './derive.js';
import { notifyCommit } from './notifier.js';

/**
 * A channel that passes on what happened: the stream, webhooks, reminders.
 * `commit` is the durable commit that caused it, or null (a reminder firing).
 */
export type PushSink = (derived: Derived, commit: Commit | null) => Promise<void>;

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
  const unsubscribe = ctx.signal.subscribe((commit) => {
    chain = chain.then(async () => {
      const started = performance.now();
      try {
        const derived = await notifyCommit(ctx, commit);
        for (const sink of sinks) await sink(derived, commit);
      } catch (error) {
        onError(error);
      }
      onHandled(performance.now() - started);
    });
  });
  return {
    idle: async () => {
      // A sink may cause commits of its own (none today); wait until the chain is still.
      for (let seen = chain; ; seen = chain) {
        await seen;
        if (seen === chain) return;
      }
    },
    stop: unsubscribe,
  };
}
