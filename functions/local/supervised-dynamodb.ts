import { setTimeout as sleep } from 'node:timers/promises';
import type { LocalDynamoAddress } from '../store/dynamo-client.js';
import { startDynamoDbLocal, type DynamoDbLocal, type DynamoDbLocalOptions } from './dynamodb-local.js';

/** Restarts after 0.25, 0.5, 1, 2, 4 s, then every 5 s while it keeps failing. */
export const RESTART_BACKOFF = { firstMs: 250, maxMs: 5000 } as const;

export interface SupervisedDynamoDbLocal extends LocalDynamoAddress {
  /** Stays the same across restarts: the same port, the same data folder, the same key id. */
  readonly endpoint: string;
  /** The Java process running now. */
  readonly pid: number;
  /** How many times it was restarted. */
  readonly restarts: number;
  stop(): Promise<void>;
}

/**
 * DynamoDB Local under `npm start`, kept alive: when the process exits (a
 * crash, an out-of-memory kill, someone's `kill -9`), it is started again on
 * the same port with the same data folder, so clients that already hold the
 * endpoint recover by themselves. Failed restarts back off, capped.
 */
export async function superviseDynamoDbLocal(options: DynamoDbLocalOptions, log: (line: string) => void = console.log): Promise<SupervisedDynamoDbLocal> {
  let current: DynamoDbLocal = await startDynamoDbLocal(options);
  const port = Number(new URL(current.endpoint).port);
  const { accessKeyId } = current;
  let stopping = false;
  let restarts = 0;

  const watch = async (): Promise<void> => {
    const how = await current.exited;
    if (stopping) return;
    log(`DynamoDB Local exited (${how}); restarting it on port ${port}…`);
    for (let attempt = 0; !stopping; attempt++) {
      const delay = Math.min(RESTART_BACKOFF.maxMs, RESTART_BACKOFF.firstMs * 2 ** attempt);
      await sleep(delay);
      if (stopping) return;
      try {
        current = await startDynamoDbLocal({ ...options, port, accessKeyId });
        if (stopping) return current.stop();
        restarts++;
        log(`DynamoDB Local is back on ${current.endpoint} (restart ${restarts}).`);
        return watch();
      } catch (error) {
        log(
          `DynamoDB Local did not restart (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); next try in ${Math.min(RESTART_BACKOFF.maxMs, delay * 2)} ms.`,
        );
      }
    }
  };
  void watch();

  return {
    endpoint: current.endpoint,
    accessKeyId,
    get pid() {
      return current.pid;
    },
    get restarts() {
      return restarts;
    },
    async stop() {
      stopping = true;
      await current.stop();
    },
  };
}
