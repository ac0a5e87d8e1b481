/**
 * `npx tsx bench/long-poll.ts` — what one client waiting on the events
 * long-poll costs, counted against DynamoDB Local: requests and store reads
 * (read units from item sizes with DynamoDB's published rounding) during
 * real waits on a game where nothing happens, as on Lambda, where the
 * in-process commit signal of another instance is never heard. Extrapolated
 * to one waiting client-hour and priced (README, "What waiting costs").
 * Prints figures; asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { createApp } from '../functions/app/app.js';
import { startDynamoDbLocal } from '../functions/local/dynamodb-local.js';
import { localDynamoClient } from '../functions/store/dynamo-client.js';
import { MAX_WAIT_SECONDS } from '../functions/service/play.js';
import { LOAD_PAGE_SIZE } from '../functions/service/context.js';
import type { CapacityUsage } from '../functions/store/capacity.js';
import { DynamoStore } from '../functions/store/dynamodb.js';
import { testContext } from '../test/support/context.js';

const WAITS = Number(process.env.WAITS ?? 2);
/** The HTTP API function's memory (infra/stack.ts). */
const HTTP_FUNCTION_GB = 1024 / 1024;
/** us-east-1 list prices (Lambda arm64; DynamoDB on demand since the November 2024 cut; HTTP API first 300 M). */
const PRICES = { lambdaGbSecond: 0.0000133334, lambdaRequest: 0.2 / 1e6, readUnit: 0.125 / 1e6, httpApiRequest: 1.0 / 1e6 };

const local = await startDynamoDbLocal();
try {
  const usage: CapacityUsage[] = [];
  const store = new DynamoStore({
    client: localDynamoClient(local),
    tableName: 'bench-long-poll',
    loadPageSize: LOAD_PAGE_SIZE,
    meter: (u) => usage.push(u),
  });
  await store.ensureTable();
  const app = createApp(testContext({ store }));
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await app.request(path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (response.status >= 300) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
    return (await response.json()) as any;
  };
  const ann = await call('POST', '/v1/players', undefined, { name: 'Ann' });
  const ben = await call('POST', '/v1/players', undefined, { name: 'Ben' });
  const { gameId } = await call('POST', '/v1/games', ann.token, { game: 'village-pillage', seats: 2, deadlines: 'daily' });
  await call('POST', `/v1/games/${gameId}/join`, ben.token, {});
  const { version } = await call('GET', `/v1/games/${gameId}`, ann.token);

  // A second "instance" (its own context: its own token cache and commit signal), as another Lambda would be.
  const waiting = createApp(testContext({ store }));
  usage.length = 0;
  const started = performance.now();
  for (let i = 0; i < WAITS; i++) {
    const response = await waiting.request(`/v1/games/${gameId}/events?after=${version}&wait=${MAX_WAIT_SECONDS}`, {
      headers: { authorization: `Bearer ${ann.token}` },
    });
    if (response.status !== 200) throw new Error(`long-poll answered ${response.status}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const requests = usage.length;
  const readUnits = usage.reduce((sum, u) => sum + u.readUnits, 0);
  const byOperation = new Map<string, number>();
  for (const u of usage) byOperation.set(`${u.operation} (${u.command})`, (byOperation.get(`${u.operation} (${u.command})`) ?? 0) + 1);

  const perHour = 3600 / (seconds / WAITS);
  const hour = {
    invocations: perHour,
    storeRequests: (requests / WAITS) * perHour,
    readUnits: (readUnits / WAITS) * perHour,
    gbSeconds: 3600 * HTTP_FUNCTION_GB,
  };
  const cost = {
    lambdaDuration: hour.gbSeconds * PRICES.lambdaGbSecond,
    lambdaRequests: hour.invocations * PRICES.lambdaRequest,
    httpApi: hour.invocations * PRICES.httpApiRequest,
    reads: hour.readUnits * PRICES.readUnit,
  };
  const total = Object.values(cost).reduce((a, b) => a + b, 0);
  const row = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
  console.log(`Long-poll of ${MAX_WAIT_SECONDS} s on a quiet game, ${WAITS} waits measured (${seconds.toFixed(1)} s):`);
  row('store requests per wait', (requests / WAITS).toFixed(1));
  for (const [operation, count] of byOperation) row(`  ${operation}`, (count / WAITS).toFixed(1));
  row('read units per wait', (readUnits / WAITS).toFixed(1));
  console.log('Per waiting client-hour:');
  row('HTTP requests (= Lambda invocations)', hour.invocations.toFixed(0));
  row('store requests', hour.storeRequests.toFixed(0));
  row('read units', hour.readUnits.toFixed(0));
  row(`Lambda GB-seconds (${HTTP_FUNCTION_GB} GB × 3600 s)`, hour.gbSeconds.toFixed(0));
  row('cost: Lambda duration', `$${cost.lambdaDuration.toFixed(5)}`);
  row('cost: Lambda requests', `$${cost.lambdaRequests.toFixed(6)}`);
  row('cost: HTTP API requests', `$${cost.httpApi.toFixed(6)}`);
  row('cost: DynamoDB reads', `$${cost.reads.toFixed(6)}`);
  row('total per waiting client-hour', `$${total.toFixed(4)}`);
} finally {
  await local.stop();
}
