/**
 * `npm run bench:api` — the service over real HTTP against DynamoDB Local,
 * measured side by side in one run:
 *  - move latency p50/p99 through the API, beside the p50/p99 of the bare
 *    DynamoDB calls one move minimally needs (one strongly consistent Query of
 *    the game's partition + one conditional PutItem): the ratio is the figure;
 *  - move 500 against move 10 of one long game (cost must not grow with length);
 *  - write and read capacity units per accepted move, computed from item sizes
 *    with DynamoDB's published rounding (DynamoDB Local's own figures beside);
 *  - moves per second with 50 games played in parallel.
 * Moves are timed through a keep-alive `node:http` client, the transport the
 * SDK itself uses for the bare calls. Prints figures; asserts nothing.
 */
import { PutItemCommand, QueryCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { GAMES } from '../core/games/index.js';
import { createApp } from '../functions/app/app.js';
import { startDynamoDbLocal } from '../functions/local/dynamodb-local.js';
import { localDynamoClient } from '../functions/store/dynamo-client.js';
import { afterTheAnswer } from '../functions/service/after-the-answer.js';
import { LOAD_PAGE_SIZE, SNAPSHOT_EVERY } from '../functions/service/context.js';
import type { CapacityUsage } from '../functions/store/capacity.js';
import { commitItem, keys } from '../functions/store/dynamo-items.js';
import { DynamoStore } from '../functions/store/dynamodb.js';
import type { Commit } from '../functions/store/port.js';
import { ApiClient } from '../test/support/api.js';
import { contractFor } from '../test/support/conformance.js';
import { sealedBidsListing } from '../test/support/sealed-bids.js';
import { KeepAliveJsonClient } from './http-client.js';
import { fixed, median, quantile } from './stats.js';
import { testContext } from '../test/support/context.js';

const LONG_GAME_ROUNDS = 170; // 3 commits a round: past move 500.
/** The snapshot cycle that ends at commit 500. */
const LATE_CYCLE_FROM = 500 - SNAPSHOT_EVERY + 1;
const PARALLEL_GAMES = 50;
const PARALLEL_MOVES_PER_GAME = 20;

const local = await startDynamoDbLocal();
const client = localDynamoClient(local);
const usage: CapacityUsage[] = [];
/** Writes the service makes after a move's answer (every 25th commit a snapshot): paid per move all the same. */
const afterUsage: CapacityUsage[] = [];
const AFTER_THE_ANSWER = new Set(['putSnapshot']);
const store = new DynamoStore({
  client,
  tableName: 'bench-api',
  loadPageSize: LOAD_PAGE_SIZE,
  meter: (u) => (AFTER_THE_ANSWER.has(u.operation) ? afterUsage : usage).push(u),
});
await store.ensureTable();
const ctx = testContext({ store, games: [...GAMES, sealedBidsListing] });
const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
// The keep-alive client idles between phases (set-up, the health loop): longer than Node's default 5 s, a socket
// the server closes as the client reuses it is reset.
(server as import('node:http').Server).keepAliveTimeout = 60_000;
const { port } = server.address() as AddressInfo;
const api = new ApiClient(`http://127.0.0.1:${port}`, await contractFor(ctx.games));
const mover = new KeepAliveJsonClient('127.0.0.1', port);

/** A 2-seat Sealed Bids game between two API clients. */
async function newDuel(rounds: number) {
  const [a, b] = [await api.register('A'), await api.register('B')];
  const gameId = (await api.post('/v1/games', { token: a.token, body: { game: 'sealed-bids', seats: 2, options: { rounds }, deadlines: 'daily' } })).body
    .gameId as string;
  await api.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} });
  return { gameId, tokens: [a.token, b.token] };
}

/** DynamoDB requests made while a measured move POST was in flight (the writes done after the answer apart: they are not the move's). */
const moveUsage: CapacityUsage[] = [];

interface Measured {
  readonly version: number;
  readonly apiMs: number;
  readonly bareMs: number;
}

/**
 * What one move minimally needs from DynamoDB, measured on the same game right
 * before the API move: the strongly consistent Query that loads its partition
 * (header, tail and snapshot) and a conditional PutItem of a commit-sized item
 * (into a side partition, so the game itself is untouched). Both ask for the
 * consumed capacity, as the bench's metered store does on the API's side: the
 * comparison is of the same requests, not of the bench's meter.
 */
async function bareDynamoMove(dynamo: DynamoDBClient, gameId: string, seq: number, template: Commit) {
  const started = performance.now();
  await dynamo.send(
    new QueryCommand({
      TableName: 'bench-api',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': { S: keys.gamePartition(gameId) } },
      ScanIndexForward: false,
      ConsistentRead: true,
      Limit: 32,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  await dynamo.send(
    new PutItemCommand({
      TableName: 'bench-api',
      Item: commitItem({ ...template, gameId: `${gameId}-bare`, seq }),
      ConditionExpression: 'attribute_not_exists(pk)',
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  return performance.now() - started;
}

/** Plays one game to its end (or `limit` moves); with `measure`, times each move POST beside the bare calls. */
async function playDuel(game: { gameId: string; tokens: string[] }, limit = Infinity, measure = false) {
  const measured: Measured[] = [];
  let moves = 0;
  const hands = await Promise.all(game.tokens.map(async (token) => (await api.get(`/v1/games/${game.gameId}`, { token })).body.state.board.hand as number[]));
  let view = (await api.get(`/v1/games/${game.gameId}`, { token: game.tokens[0] })).body.state;
  while (!view.finished && moves < limit) {
    const pending = view.pending;
    const seat: number = pending.kind === 'simultaneous' ? pending.seats.find((s: number) => !pending.submitted.includes(s)) : pending.seat;
    const move = pending.kind === 'simultaneous' ? { type: 'bid', card: hands[seat]![moves % 5] } : { type: 'pass' };
    const template = measure ? await store.latestCommit(game.gameId) : null;
    const bareMs = template ? await bareDynamoMove(client, game.gameId, moves + 1, template) : Number.NaN;
    const before = usage.length;
    const started = performance.now();
    const reply = await mover.send('POST', `/v1/games/${game.gameId}/moves`, { token: game.tokens[seat], body: { moves: [move] } });
    const apiMs = performance.now() - started;
    if (reply.status !== 200) throw new Error(`move refused: ${JSON.stringify(reply.body)}`);
    if (measure) {
      measured.push({ version: reply.body.version, apiMs, bareMs });
      moveUsage.push(...usage.slice(before));
    }
    moves++;
    view = (await api.get(`/v1/games/${game.gameId}`, { token: game.tokens[seat] })).body.state;
    // fetch records a resource timing per request; once its buffer is full, each one dispatches an event on a later
    // turn of the loop — inside the next timed move. The bench's own client must not weigh on what it measures.
    performance.clearResourceTimings();
    // What this move left for after its answer is done before the next move is timed.
    await afterTheAnswer();
  }
  return { moves, measured };
}

// 0. Warm-up: JIT (ours and DynamoDB Local's), connections, first table pages — outside every figure.
for (let i = 0; i < 3; i++) await playDuel(await newDuel(60), Infinity, true);
moveUsage.length = 0;
afterUsage.length = 0;

// 1. One long game through the API, each move beside the bare DynamoDB calls, capacity metered.
const { measured } = await playDuel(await newDuel(LONG_GAME_ROUNDS), Infinity, true);
const apiMs = measured.map((m) => m.apiMs);
const bareMs = measured.map((m) => m.bareMs);
// One whole snapshot cycle at each end, so both average the same spread of tail lengths.
const cycleFrom = (first: number) => measured.filter((m) => m.version >= first && m.version < first + ctx.snapshotEvery);
const [early, late] = [cycleFrom(1), cycleFrom(LATE_CYCLE_FROM)].map((cycle) => ({
  api: median(cycle.map((m) => m.apiMs)),
  bare: median(cycle.map((m) => m.bareMs)),
}));
const wcu = moveUsage.reduce((sum, u) => sum + u.writeUnits, 0);
const rcu = moveUsage.reduce((sum, u) => sum + u.readUnits, 0);
const afterWcu = (operation: string) => afterUsage.filter((u) => u.operation === operation).reduce((sum, u) => sum + u.writeUnits, 0) / measured.length;
/** Per store operation of the move path: requests, WCU and RCU per move. */
const operations = new Map<string, CapacityUsage[]>();
for (const u of moveUsage) operations.set(`${u.operation} (${u.command})`, [...(operations.get(`${u.operation} (${u.command})`) ?? []), u]);
const byOperation = [...operations].map(([name, list]) => ({
  name,
  requests: list.length / measured.length,
  wcu: list.reduce((sum, u) => sum + u.writeUnits, 0) / measured.length,
  rcu: list.reduce((sum, u) => sum + u.readUnits, 0) / measured.length,
}));
const localConsumed = moveUsage.flatMap((u) => u.consumed).reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);

// 2. What the client's transport alone costs here: GET /health through node:http and through fetch.
async function healthRoundTripMs(get: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await get();
    times.push(performance.now() - t);
  }
  return times;
}
const healthNodeHttp = await healthRoundTripMs(() => mover.send('GET', '/health'));
const healthFetch = await healthRoundTripMs(() => api.get('/health'));

console.log(`bench:api — Node ${process.version}, DynamoDB Local ${local.endpoint}, real HTTP on localhost\n`);
console.log('move latency (ms)            p50      p99');
console.log(`API move (POST …/moves)    ${fixed(median(apiMs), 2).padStart(6)}   ${fixed(quantile(apiMs, 0.99), 2).padStart(6)}`);
console.log(`bare Query + PutItem       ${fixed(median(bareMs), 2).padStart(6)}   ${fixed(quantile(bareMs, 0.99), 2).padStart(6)}`);
console.log(
  `ratio API / bare           ${fixed(median(apiMs) / median(bareMs), 2).padStart(6)}   ${fixed(quantile(apiMs, 0.99) / quantile(bareMs, 0.99), 2).padStart(6)}   (goal ≤ 1.2 at p50, ≤ 1.3 at p99; ${measured.length} moves of one game)\n`,
);
console.log(`client transport alone, GET /health p50: node:http ${fixed(median(healthNodeHttp), 2)} ms · fetch (undici) ${fixed(median(healthFetch), 2)} ms\n`);
console.log(
  `moves 1–${ctx.snapshotEvery}: ${fixed(early!.api, 2)} ms · moves ${LATE_CYCLE_FROM}–${LATE_CYCLE_FROM + ctx.snapshotEvery - 1}: ${fixed(late!.api, 2)} ms · ratio ${fixed(late!.api / early!.api, 2)} (goal ≤ 1.2 for move 500 against move 10; bare calls ${fixed(early!.bare, 2)} → ${fixed(late!.bare, 2)} ms)\n`,
);
console.log(`capacity per accepted move (${measured.length} moves, snapshots every ${ctx.snapshotEvery} commits; load, commit and snapshot included):`);
console.log(`  computed from item sizes: ${fixed(wcu / measured.length, 2)} WCU, ${fixed(rcu / measured.length, 2)} RCU   (goal ≤ 2 WCU, ≤ 4 RCU)`);
console.log(`  DynamoDB Local reports:   ${fixed(localConsumed / measured.length, 2)} capacity units in all (not faithful to the published rounding)`);
for (const op of byOperation) console.log(`    ${op.name.padEnd(34)} ${fixed(op.requests, 2)} requests, ${fixed(op.wcu, 2)} WCU, ${fixed(op.rcu, 2)} RCU`);
console.log(`  after the answer, off the move path: snapshot ${fixed(afterWcu('putSnapshot'), 2)} WCU\n`);
// 3. Throughput: 50 games at once (each move also re-reads the game, as a client would) — after the figures above are out.
// Set up ten at a time: a hundred registrations at once can outlast the store's time bound on a busy machine, and set-up is not what is timed.
const games: Awaited<ReturnType<typeof newDuel>>[] = [];
while (games.length < PARALLEL_GAMES) games.push(...(await Promise.all(Array.from({ length: 10 }, () => newDuel(LONG_GAME_ROUNDS)))));
const started = performance.now();
const parallel = await Promise.all(games.map((g) => playDuel(g, PARALLEL_MOVES_PER_GAME)));
const seconds = (performance.now() - started) / 1000;
const parallelMoves = parallel.reduce((sum, p) => sum + p.moves, 0);

console.log(`throughput: ${PARALLEL_GAMES} games in parallel, ${parallelMoves} moves in ${fixed(seconds, 2)} s = ${fixed(parallelMoves / seconds, 0)} moves/s`);

mover.close();
server.close();
await local.stop();
