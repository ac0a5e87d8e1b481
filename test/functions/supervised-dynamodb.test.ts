import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../functions/store/dynamo-client.js';
import { superviseDynamoDbLocal, type SupervisedDynamoDbLocal } from '../../functions/local/supervised-dynamodb.js';
import { startLocalTimers } from '../../functions/compose.js';
import { LOAD_PAGE_SIZE } from '../../functions/service/context.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { StoreUnavailableError } from '../../functions/store/port.js';
import { startApi, type RunningApi } from '../support/api.js';
import { openFirstFollowWindow } from '../support/villages.js';

/**
 * Issue 12, item 2: `npm start`'s DynamoDB Local is supervised. Killed, it
 * comes back on the same port with the same data and the running API
 * recovers without a restart; a deadline timer that failed while the store
 * was away is retried with backoff until it resolves its window.
 */
let dbPath: string;
let dynamo: SupervisedDynamoDbLocal;
let store: DynamoStore;
let api: RunningApi;
const supervisorLog: string[] = [];

beforeAll(async () => {
  dbPath = await mkdtemp(join(tmpdir(), 'valeria-supervised-'));
  dynamo = await superviseDynamoDbLocal({ dbPath }, (line) => supervisorLog.push(line));
  store = new DynamoStore({ client: localDynamoClient(dynamo), tableName: 'supervised', loadPageSize: LOAD_PAGE_SIZE });
  await store.ensureTable();
  api = await startApi({ store });
});
afterAll(async () => {
  await api?.close();
  await dynamo?.stop();
  await rm(dbPath, { recursive: true, force: true });
});

/** Polls readiness until it answers 200; every answer meanwhile is a 503. Returns the milliseconds it took. */
async function untilReady(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const reply = await api.client.get('/health/ready');
    if (reply.status === 200) return Date.now() - started;
    expect(reply.status, reply.text).toBe(503);
    await sleep(100);
  }
}

describe('supervised DynamoDB Local', () => {
  it('is restarted on the same port with the same data after SIGKILL, and the API recovers by itself', async () => {
    const firstPid = dynamo.pid;
    process.kill(firstPid, 'SIGKILL');
    const recoveredMs = await untilReady();
    console.info(`API ready again ${recoveredMs} ms after DynamoDB Local was killed`);
    expect(dynamo.restarts).toBe(1);
    expect(dynamo.pid).not.toBe(firstPid);
    expect(supervisorLog.some((line) => line.startsWith('DynamoDB Local exited (SIGKILL)'))).toBe(true);
    expect(supervisorLog.some((line) => line.startsWith(`DynamoDB Local is back on ${dynamo.endpoint}`))).toBe(true);
    // Same data folder: the table created before the kill is there (a missing table would be a 500, not ready),
    // and the API writes and reads again. (DynamoDB Local may lose its very last writes to a SIGKILL.)
    const ann = await api.client.register('Ann');
    expect((await api.client.get('/v1/players/me', { token: ann.token })).body).toMatchObject({ playerId: ann.playerId, name: 'Ann' });
  });

  it('retries a deadline timer that failed while the store was away, until the window closes', async () => {
    const failures: { error: unknown; retryInMs: number }[] = [];
    const timers = await startLocalTimers(api.ctx, { deadlines: true, onTimerFailure: (_timer, error, retryInMs) => failures.push({ error, retryInMs }) });
    try {
      const { gameId, version, window } = await openFirstFollowWindow(api.client, { windowSeconds: 2, turnSeconds: 3600 });
      // Frozen through the deadline: the timer fires and fails. Then it dies, and the supervisor brings it back.
      process.kill(dynamo.pid, 'SIGSTOP');
      while (failures.length === 0) await sleep(200);
      process.kill(dynamo.pid, 'SIGKILL');
      await untilReady();
      for (;;) {
        const latest = await store.latestCommit(gameId);
        if (latest && latest.seq > version) {
          expect(latest.seq).toBe(version + 1);
          expect(latest.command).toMatchObject({ type: 'timeout', pendingId: window.id });
          break;
        }
        await sleep(200);
      }
      expect(failures[0]?.error).toBeInstanceOf(StoreUnavailableError);
      expect(failures.map((f) => f.retryInMs)).toEqual(failures.map((_, i) => Math.min(30_000, 1000 * 2 ** i)));
    } finally {
      timers.stop();
    }
  });
});
