import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { NotifierBacklogSize } from '../push/runners/backlog.js';

/**
 * What a load test needs to see of `npm start` from outside (bench/load.ts):
 * the event loop's delay, the process's memory and how many requests it made
 * of DynamoDB Local, printed as one `diagnostics {json}` line every
 * `everyMs` (DIAGNOSTICS_EVERY_MS); the delay is sampled every 10 ms, so an
 * idle loop reads about 10. Printed, not served: a route would be one
 * more thing to keep off the network when the server is shared.
 */
export interface Diagnostics {
  /** Counts every request the client sends (the store's and push's: one client). */
  count(client: DynamoDBClient): void;
  /** Reports how far behind the in-process notifier is (functions/push/runners/backlog.ts) on each line. */
  watchNotifier(backlog: () => NotifierBacklogSize): void;
  stop(): void;
}

const MS = 1e6;

export function printDiagnostics(everyMs: number, print: (line: string) => void = console.log): Diagnostics {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let dynamoCalls = 0;
  let notifier: (() => NotifierBacklogSize) | null = null;
  const timer = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    const line = {
      at: Date.now(),
      eventLoopMs: { p50: delay.percentile(50) / MS, p99: delay.percentile(99) / MS, max: delay.max / MS },
      rssMb: rss / 2 ** 20,
      heapMb: heapUsed / 2 ** 20,
      dynamoCalls,
      ...(notifier ? { notifier: notifier() } : {}),
    };
    delay.reset();
    print(`diagnostics ${JSON.stringify(line)}`);
  }, everyMs);
  timer.unref();
  return {
    count: (client) =>
      client.middlewareStack.add(
        (next) => (args) => {
          dynamoCalls++;
          return next(args);
        },
        { step: 'initialize', name: 'countForDiagnostics' },
      ),
    watchNotifier: (backlog) => {
      notifier = backlog;
    },
    stop: () => {
      clearInterval(timer);
      delay.disable();
    },
  };
}
