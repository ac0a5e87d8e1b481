/**
 * `npm run bench:leaderboard` — a game's leaderboard over real HTTP against
 * DynamoDB Local with LEADERBOARD_PLAYERS established ratings (default
 * 10,000; a fifth as many provisional ones beside them, which the sparse
 * index leaves out): GET /v1/leaderboards/{game} p50/p99 for the top 100 and
 * for pages further down (each through its cursor, as often as the top),
 * beside the bare index Query a page needs, and the machine's load average.
 * Goal: p99 ≤ 50 ms. Seeds the ratings with BatchWriteItem, 25 to a request.
 * Prints figures; asserts nothing.
 */
import { BatchWriteItemCommand, QueryCommand, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { GAMES } from '../core/games/index.js';
import { createApp } from '../functions/app/app.js';
import { startDynamoDbLocal } from '../functions/local/dynamodb-local.js';
import { LOAD_PAGE_SIZE } from '../functions/service/context.js';
import { LEADERBOARD_PAGE } from '../functions/service/leaderboards.js';
import { localDynamoClient } from '../functions/store/dynamo-client.js';
import { keys, ratingItem, TABLE_SCHEMA } from '../functions/store/dynamo-items.js';
import { DynamoStore } from '../functions/store/dynamodb.js';
import type { PlayerRating } from '../functions/store/port.js';
import { testContext } from '../test/support/context.js';
import { KeepAliveJsonClient } from './http-client.js';
import { fixed, median, quantile } from './stats.js';

const PLAYERS = Number(process.env.LEADERBOARD_PLAYERS ?? 10_000);
const PROVISIONAL = Math.round(PLAYERS / 5);
const SAMPLES = Number(process.env.LEADERBOARD_SAMPLES ?? 500);
const DEEP_PAGES = 10;
const GOAL_MS = 50;
const GAME = 'village-pillage';
/** BatchWriteItem takes at most 25 items a request. */
const BATCH = 25;

const local = await startDynamoDbLocal();
const client = localDynamoClient(local);
const store = new DynamoStore({ client, tableName: 'bench-leaderboard', loadPageSize: LOAD_PAGE_SIZE });
await store.ensureTable();

const now = Date.now();
/** A plausible rating: established ones after 5–200 games, provisional ones after fewer. */
function rating(i: number, listed: boolean): PlayerRating {
  const games = listed ? 5 + Math.floor(Math.random() * 196) : Math.floor(Math.random() * 5);
  return {
    playerId: `p_bench_${String(i).padStart(6, '0')}`,
    game: GAME,
    name: `Player ${i}`,
    mu: 25 + (Math.random() - 0.5) * 30,
    sigma: listed ? 2 + Math.random() * 5 : 7.6 + Math.random() * 0.7,
    games,
    wins: Math.floor(games * Math.random() * 0.6),
    lastGameAt: now - Math.floor(Math.random() * 30) * 86_400_000,
    listed,
    revision: 1,
  };
}

/** Writes the ratings straight into the table, as rated games would have left them, 25 to a request, a few requests at once. */
async function seed(ratings: readonly PlayerRating[]): Promise<void> {
  const batches = Array.from({ length: Math.ceil(ratings.length / BATCH) }, (_, i) => ratings.slice(i * BATCH, (i + 1) * BATCH));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending: WriteRequest[] = (batches[next++] ?? []).map((r) => ({ PutRequest: { Item: ratingItem(r) } }));
      while (pending.length > 0) {
        const out = await client.send(new BatchWriteItemCommand({ RequestItems: { [store.table]: pending } }));
        pending = out.UnprocessedItems?.[store.table] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const seedStart = performance.now();
await seed([...Array.from({ length: PLAYERS }, (_, i) => rating(i, true)), ...Array.from({ length: PROVISIONAL }, (_, i) => rating(PLAYERS + i, false))]);
console.log(`seeded ${PLAYERS} established and ${PROVISIONAL} provisional ratings of ${GAME} in ${fixed((performance.now() - seedStart) / 1000, 1)} s\n`);

const ctx = testContext({ store, games: GAMES });
const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const { port } = server.address() as AddressInfo;
const http = new KeepAliveJsonClient('127.0.0.1', port);

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The bare index Query one page needs (a page and one more entry, newest rating first). */
const index = TABLE_SCHEMA.leaderboardIndex;
const bareQuery = () =>
  client.send(
    new QueryCommand({
      TableName: store.table,
      IndexName: index.name,
      KeyConditionExpression: '#pk = :board',
      ExpressionAttributeNames: { '#pk': index.partitionKey },
      ExpressionAttributeValues: { ':board': { S: keys.leaderboardPartition(GAME) } },
      ScanIndexForward: false,
      Limit: LEADERBOARD_PAGE + 1,
    }),
  );

const top = async () => {
  const reply = await http.send('GET', `/v1/leaderboards/${GAME}`);
  if (reply.status !== 200 || reply.body.entries.length !== LEADERBOARD_PAGE) throw new Error(`unexpected answer ${reply.status}`);
  return reply.body as { next: string | null };
};

// Warm-up: connections, the engine listing, DynamoDB Local's first queries.
for (let i = 0; i < 20; i++) await Promise.all([top(), bareQuery()]);

const api: number[] = [];
const bare: number[] = [];
for (let i = 0; i < SAMPLES; i++) {
  api.push(await timed(top));
  bare.push(await timed(bareQuery));
}

// Pages further down: their cursors, each read from the page before, then each page asked for in turn as often as the top.
const cursors: string[] = [];
for (let next = (await top()).next; next !== null && cursors.length < DEEP_PAGES;) {
  cursors.push(next);
  next = (await http.send('GET', `/v1/leaderboards/${GAME}?cursor=${next}`)).body.next as string | null;
}
const deeper = async (cursor: string) => {
  const reply = await http.send('GET', `/v1/leaderboards/${GAME}?cursor=${cursor}`);
  if (reply.status !== 200 || reply.body.entries.length !== LEADERBOARD_PAGE) throw new Error(`unexpected answer ${reply.status}`);
};
const deep: number[] = [];
for (let i = 0; i < SAMPLES; i++) deep.push(await timed(() => deeper(cursors[i % cursors.length] as string)));

const line = (label: string, values: readonly number[]) =>
  `${label.padEnd(44)} p50 ${fixed(median(values), 2)} ms · p99 ${fixed(quantile(values, 0.99), 2)} ms (${values.length} requests)`;
console.log(line(`GET /v1/leaderboards/${GAME} (top ${LEADERBOARD_PAGE})`, api));
console.log(line(`bare index Query (Limit ${LEADERBOARD_PAGE + 1})`, bare));
console.log(line(`pages 2–${cursors.length + 1} through the cursor`, deep));
const verdict = (values: readonly number[]) => (quantile(values, 0.99) <= GOAL_MS ? 'met' : 'NOT met');
console.log(
  `\ngoal: p99 ≤ ${GOAL_MS} ms with ${PLAYERS} rated players — top ${LEADERBOARD_PAGE}: ${verdict(api)}; a cursor page: ${verdict(deep)}; ratio API / bare p50 ${fixed(median(api) / median(bare), 2)}`,
);
// The figures depend on what else runs: on a shared machine, read them beside its load.
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((l) => fixed(l, 2))
    .join(', ')} on ${cpus().length} cores`,
);

http.close();
server.close();
await local.stop();
