/**
 * `npm run bench:push` — push measured locally (real HTTP, real WebSockets,
 * real webhook receivers, DynamoDB Local), then priced for AWS:
 *  - latency from a move's answer to the opponent's WebSocket message (the
 *    commit) and to the webhook's arrival (the opponent's `your-turn`), p50/p99;
 *  - a cost model built from what one complete four-player Villages of Valeria
 *    game with push clients counted here (HTTP requests, read and write units,
 *    stream messages, webhook deliveries, timers, consumer invocations) and
 *    from what one idle long-poll counted, in dollars per 1,000 connected
 *    client-hours (stream against long-poll) and per 1,000 games.
 * Prints figures; asserts nothing.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { createApp } from '../functions/app/app.js';
import { localDynamoClient, startDynamoDbLocal } from '../functions/local/dynamodb-local.js';
import { startLocalPush } from '../functions/notifications/local-push.js';
import { attachLocalStream } from '../functions/notifications/local-stream.js';
import { DEFAULT_PUSH_POLICY } from '../functions/notifications/policy.js';
import { createServiceContext, LOAD_PAGE_SIZE } from '../functions/service/context.js';
import { DynamoStore } from '../functions/store/dynamodb.js';
import { ApiClient } from '../test/support/api.js';
import { startReceiver } from '../test/support/webhook-receiver.js';
import { fixed, mean, median, quantile } from './stats.js';

/**
 * AWS list prices, us-east-1, as recorded on 2026-11-26 from the public
 * pricing pages (API Gateway, Lambda, DynamoDB on-demand after the
 * 2024-11-01 cut, EventBridge Scheduler). Check them before relying on the
 * dollars; the ratios barely move with them.
 */
const PRICES = {
  date: '2026-11-26',
  httpApiRequest: 1.0 / 1e6,
  webSocketMessage: 1.0 / 1e6, // per message of up to 32 KB, either direction
  webSocketConnectionMinute: 0.25 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  lambdaGbSecondArm: 0.0000133334,
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  schedulerInvocation: 1.0 / 1e6,
} as const;

/** Deployment facts from infra/ (memory) and API Gateway limits. */
const HTTP_LAMBDA_GB = 1;
const CONSUMER_LAMBDA_GB = 0.25;
const LONG_POLL_SECONDS = 25;
/** API Gateway closes idle WebSockets after 10 minutes and every connection after 2 hours. */
const KEEPALIVE_PINGS_PER_HOUR = 6;
const RECONNECTS_PER_HOUR = 0.5;
/** The scripted day's assumption: each player of a game keeps a client connected this long over the game. */
const CONNECTED_HOURS_PER_PLAYER_PER_GAME = 3;

// ── counting DynamoDB units on the client, every request of every store ────

interface Units {
  read: number;
  write: number;
}
const units: Units = { read: 0, write: 0 };
/** The local scheduler's own agenda: on AWS, Scheduler keeps it, so its reads and writes are not AWS costs. */
const LOCAL_ONLY_PARTITION = 'PUSHTIMERS';
const WRITES = new Set(['PutItemCommand', 'DeleteItemCommand', 'UpdateItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

function countUnits(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { ReturnConsumedCapacity?: string };
      if (context.commandName !== 'CreateTableCommand' && !context.commandName?.startsWith('Describe')) input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const target = args.input as {
        Item?: { pk?: { S?: string } };
        Key?: { pk?: { S?: string } };
        ExpressionAttributeValues?: Record<string, { S?: string }>;
      };
      const pk = target.Item?.pk?.S ?? target.Key?.pk?.S ?? target.ExpressionAttributeValues?.[':pk']?.S;
      if (pk === LOCAL_ONLY_PARTITION) return result;
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const total = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      if (WRITES.has(context.commandName ?? '')) units.write += total;
      else units.read += total;
      return result;
    },
    { step: 'initialize', name: 'benchCountUnits' },
  );
}

// ── the service as npm start runs it ──────────────────────────────────────

const local = await startDynamoDbLocal();
const client = localDynamoClient(local.endpoint);
countUnits(client);
const store = new DynamoStore({ client, tableName: `bench-push-${Date.now()}`, loadPageSize: LOAD_PAGE_SIZE });
await store.ensureTable();
const ctx = createServiceContext({ store, pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true } });
const consumerMs: number[] = [];
const push = await startLocalPush(ctx, { onError: (error) => console.error(error), onHandled: (ms) => consumerMs.push(ms) });
// Reminders become EventBridge schedules on AWS; webhook attempts run in the consumer there (retries only are scheduled).
const timersPlanned = { reminders: 0 };
const schedule = push.scheduler.schedule.bind(push.scheduler);
push.scheduler.schedule = async (timer) => {
  if (timer.payload.kind === 'reminder') timersPlanned.reminders++;
  return schedule(timer);
};
const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const stream = attachLocalStream(server as Server, ctx, push.hub);
// Measured, not checked: the API tests hold these exchanges to the document.
const api = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, null);
let httpRequests = 0;
const httpMs: number[] = [];
async function call(method: string, path: string, token: string, body?: unknown) {
  httpRequests++;
  const started = performance.now();
  const reply = await api.request(method, path, { token, body });
  httpMs.push(performance.now() - started);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return reply;
}

/** A push client: a WebSocket subscribed to the game, every message with its arrival time. */
async function pushClient(token: string, gameId: string) {
  const ticket = await call('POST', '/v1/stream/tickets', token);
  const ws = new WebSocket(ticket.body.url);
  const arrivals: { at: number; message: { type: string; commit?: { seq: number }; notification?: { type: string; version?: number } } }[] = [];
  await new Promise((resolve) => ws.once('open', resolve));
  ws.on('message', (data) => arrivals.push({ at: performance.now(), message: JSON.parse(data.toString()) }));
  ws.send(JSON.stringify({ action: 'subscribe', gameId }));
  return { ws, arrivals };
}

async function waitFor<T>(probe: () => T | undefined): Promise<T> {
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Plays a whole game through push clients: nobody polls; each learns of their turn on the socket. */
async function playWithPush(game: string, seats: number, measure: boolean) {
  const players = await Promise.all(Array.from({ length: seats }, (_, i) => api.register(`P${i}`)));
  httpRequests += seats;
  const receivers = await Promise.all(players.map(() => startReceiver()));
  for (const [i, p] of players.entries()) await call('POST', '/v1/webhooks', p.token, { url: receivers[i]!.url });
  const gameId: string = (await call('POST', '/v1/games', players[0]!.token, { game, seats, deadlines: 'daily' })).body.gameId;
  const clients = await Promise.all(players.map((p) => pushClient(p.token, gameId)));
  for (const p of players.slice(1)) await call('POST', `/v1/games/${gameId}/join`, p.token, {});
  const toStream: number[] = [];
  const toWebhook: number[] = [];
  let moves = 0;
  for (;;) {
    const latest = await ctx.store.latestCommit(gameId); // the bench's own bookkeeping, not a client request
    if (!latest || latest.summary.status === 'finished') break;
    const seat = latest.summary.awaiting[0] as number;
    const me = players[seat]!;
    const legal = await call('GET', `/v1/games/${gameId}/moves`, me.token);
    const answer = await call('POST', `/v1/games/${gameId}/moves`, me.token, {
      moves: [legal.body.moves[Math.floor(Math.random() * legal.body.moves.length)]],
    });
    const answeredAt = performance.now();
    moves++;
    if (!measure) continue;
    const version: number = answer.body.version;
    const other = (seat + 1) % seats;
    const seen = await waitFor(() => clients[other]!.arrivals.find((a) => a.message.type === 'commit' && a.message.commit?.seq === version));
    toStream.push(seen.at - answeredAt);
    await push.notifier.idle();
    const stored = await ctx.push.listNotifications(players[other]!.playerId, null, 100);
    const turn = stored.items.find((n) => n.type === 'your-turn' && n.version === version);
    if (turn) {
      const hook = await waitFor(() => receivers[other]!.received.find((r) => r.body.includes(turn.id)));
      toWebhook.push(hook.at - answeredAt);
    }
  }
  await push.notifier.idle();
  const messages = clients.reduce((sum, c) => sum + c.arrivals.length, 0);
  const deliveries = receivers.reduce((sum, r) => sum + r.received.length, 0);
  for (const c of clients) c.ws.close();
  for (const r of receivers) await r.close();
  return { moves, toStream, toWebhook, messages, deliveries, gameId, players };
}

// ── 1. latency, locally ────────────────────────────────────────────────────

const duel = await playWithPush('villages-of-valeria', 2, true);
const ms = (values: number[]) => `p50 ${fixed(median(values), 2)} ms, p99 ${fixed(quantile(values, 0.99), 2)} ms (n=${values.length})`;
console.log(`\nLatency from a move's answer (2-player Villages of Valeria, ${duel.moves} moves, DynamoDB Local):`);
console.log(`  to the opponent's WebSocket commit message: ${ms(duel.toStream)}`);
console.log(`  to the opponent's webhook (your-turn):      ${ms(duel.toWebhook)}`);
console.log('  (negative: the push arrived before the mover had read its answer)');

// ── 2. one idle long-poll, counted ────────────────────────────────────────

const before = { ...units };
const waitSeconds = 3;
const pollStarted = performance.now();
await api.get(`/v1/games/${duel.gameId}/events?after=100000&wait=${waitSeconds}`, { token: duel.players[0]!.token });
const pollSeconds = (performance.now() - pollStarted) / 1000;
const longPollReadsPerSecond = (units.read - before.read) / pollSeconds;

// ── 3. one complete four-player game with push clients, counted ───────────

Object.assign(units, { read: 0, write: 0 });
httpRequests = 0;
httpMs.length = 0;
consumerMs.length = 0;
timersPlanned.reminders = 0;
const game = await playWithPush('villages-of-valeria', 4, false);
const commits = (await ctx.store.latestCommit(game.gameId))?.seq ?? 0;
const gameUnits = { ...units };

// ── the cost model ────────────────────────────────────────────────────────

const lambda = (requests: number, seconds: number, gb: number) => requests * PRICES.lambdaRequest + requests * seconds * gb * PRICES.lambdaGbSecondArm;
const perHourLongPoll = (() => {
  const requests = 3600 / LONG_POLL_SECONDS;
  return requests * PRICES.httpApiRequest + lambda(requests, LONG_POLL_SECONDS, HTTP_LAMBDA_GB) + longPollReadsPerSecond * 3600 * PRICES.dynamoReadUnit;
})();
const httpSeconds = mean(httpMs) / 1000;
const connectCost =
  // POST ticket (HTTP + Lambda + 1 write), $connect (Lambda + ticket delete + connection put), $disconnect (Lambda + delete)
  PRICES.httpApiRequest + lambda(1, httpSeconds, HTTP_LAMBDA_GB) + lambda(2, 0.02, CONSUMER_LAMBDA_GB) + 4 * PRICES.dynamoWriteUnit;
const perHourStream = 60 * PRICES.webSocketConnectionMinute + 2 * KEEPALIVE_PINGS_PER_HOUR * PRICES.webSocketMessage + RECONNECTS_PER_HOUR * connectCost;
const consumerSeconds = mean(consumerMs) / 1000;
const perGame = {
  http: httpRequests * PRICES.httpApiRequest + lambda(httpRequests, httpSeconds, HTTP_LAMBDA_GB),
  dynamo: gameUnits.read * PRICES.dynamoReadUnit + gameUnits.write * PRICES.dynamoWriteUnit,
  consumer: lambda(commits, consumerSeconds, CONSUMER_LAMBDA_GB),
  // Each message sent is one Management API call from the consumer, billed as a message.
  stream: game.messages * PRICES.webSocketMessage + 4 * CONNECTED_HOURS_PER_PLAYER_PER_GAME * perHourStream,
  // One attempt each (the receivers here never fail): ~50 ms of a 256 MB function, priced as its own invocation.
  webhooks: lambda(game.deliveries, 0.05, CONSUMER_LAMBDA_GB),
  reminders: timersPlanned.reminders * PRICES.schedulerInvocation + lambda(timersPlanned.reminders, 0.05, CONSUMER_LAMBDA_GB),
};
const perGameTotal = Object.values(perGame).reduce((a, b) => a + b, 0);
const dollars = (x: number) => `$${x.toFixed(x < 1 ? 4 : 2)}`;

console.log(`\nCounted in one complete 4-player Villages of Valeria game with push clients (no polling):`);
console.log(
  `  ${game.moves} moves, ${commits} commits, ${httpRequests} HTTP requests (mean ${fixed(mean(httpMs), 1)} ms), ${fixed(gameUnits.read)} RRU, ${fixed(gameUnits.write)} WRU`,
);
console.log(
  `  ${game.messages} WebSocket messages, ${game.deliveries} webhook deliveries, ${timersPlanned.reminders} reminder timers; consumer work per commit mean ${fixed(mean(consumerMs), 1)} ms`,
);
console.log(`Counted in one idle long-poll: ${fixed(longPollReadsPerSecond, 2)} read units per second of waiting.`);
console.log(`\nCost model, AWS us-east-1 list prices of ${PRICES.date}:`);
console.log(
  `  per 1,000 connected client-hours: WebSocket stream ${dollars(1000 * perHourStream)}, events long-poll ${dollars(1000 * perHourLongPoll)} (${fixed(perHourLongPoll / perHourStream, 0)}× cheaper)`,
);
console.log(
  `  per 1,000 complete 4-player games (push clients, ${CONNECTED_HOURS_PER_PLAYER_PER_GAME} h connected per player): ${dollars(1000 * perGameTotal)}`,
);
for (const [part, cost] of Object.entries(perGame)) console.log(`    ${part.padEnd(9)} ${dollars(1000 * cost)}`);

stream.close();
push.stop();
server.close();
await local.stop();
process.exit(0);
