/**
 * `npm run bench:push` — push measured locally (real HTTP, real WebSockets,
 * real webhook receivers, DynamoDB Local), then priced for AWS:
 *  - latency from a move's answer to the opponent's WebSocket message (the
 *    commit) and to the webhook's arrival (the opponent's `your-turn`), p50/p99;
 *  - a cost model built from what complete four-player Villages of Valeria
 *    games with push clients counted here (HTTP requests by route, read and
 *    write units by item kind, stream messages by type, webhook deliveries,
 *    timers, the consumer's time) and from what one idle long-poll counted,
 *    in dollars per 1,000 connected client-hours (stream against long-poll)
 *    and per 1,000 games, with every component and count printed.
 * What only AWS does (the WebSocket routes' Lambda and connection records, the
 * consumer's reads of the connection index, Management API and Scheduler
 * calls, the deadline consumer) is modelled from the code, per counted event,
 * with the assumptions named below. Prints figures; asserts nothing.
 */
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
import type { CommitMessage, ServerMessage } from '../functions/notifications/stream-protocol.js';
import { createServiceContext, LOAD_PAGE_SIZE } from '../functions/service/context.js';
import { DynamoStore } from '../functions/store/dynamodb.js';
import { ApiClient } from '../test/support/api.js';
import { startReceiver } from '../test/support/webhook-receiver.js';
import { countUnits } from './dynamo-units.js';
import { fixed, mean, median, quantile } from './stats.js';

/**
 * AWS list prices, us-east-1, as recorded on 2026-11-26 from the public
 * pricing pages (API Gateway, Lambda, DynamoDB on-demand after the
 * 2024-11-01 cut, EventBridge Scheduler: only invocations are billed, not
 * its API calls). Check them before relying on the dollars; the ratios
 * barely move with them.
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

/** Deployment facts from infra/ (memory of each function) and API Gateway limits. */
const HTTP_LAMBDA_GB = 1; // infra/stack.ts: the API function
const PUSH_LAMBDA_GB = 0.5; // infra/push-stream.ts: Push and Connections
const DEADLINE_CONSUMER_GB = 0.25; // infra/deadline-timers.ts: StreamConsumer
const LONG_POLL_SECONDS = 25;
/** API Gateway closes idle WebSockets after 10 minutes and every connection after 2 hours. */
const KEEPALIVE_PINGS_PER_HOUR = 6;
const RECONNECTS_PER_HOUR = 0.5;
/** The scripted day's assumption: each player of a game keeps a client connected this long over the game. */
const CONNECTED_HOURS_PER_PLAYER_PER_GAME = 3;
/** How many complete four-player games are played and averaged (random moves make lengths vary). */
const GAMES = 3;

/**
 * Time an AWS call takes from inside a Lambda (not measurable locally; the
 * local stream and scheduler answer in microseconds): a Management API post,
 * a Scheduler API call, a webhook attempt to a receiver that answers at once.
 */
const AWS_CALL_SECONDS = { post: 0.015, schedulerApi: 0.02, webhookAttempt: 0.05, routeHandler: 0.02 } as const;

/**
 * One connection's life on AWS, from functions/notifications/aws-connections.ts
 * (the local server keeps sockets in memory, so none of it is counted here):
 * $connect burns the ticket (1 delete) and stores the connection (record and
 * player index: 2 writes); `hello` and `subscribe` each read the record and
 * run a $default invocation; `subscribe` also reads the game's header and
 * rewrites the record and its index entries (2 deletes, 3 writes); $disconnect
 * reads the record and deletes it with its 3 entries.
 */
const CONNECTION_LIFE = { invocations: 4, reads: 4, writes: 1 + 2 + 5 + 3 } as const;
/** A keepalive ping is a $default invocation that reads the record and posts `pong`. */
const PING = { invocations: 1, reads: 1, messages: 2 } as const;

// ── the service as npm start runs it ──────────────────────────────────────

const local = await startDynamoDbLocal();
const client = localDynamoClient(local.endpoint);
// The local scheduler's own agenda: on AWS, Scheduler keeps it, so its reads and writes are not AWS costs.
const units = countUnits(client, (kind) => kind === 'local push timer');
const store = new DynamoStore({ client, tableName: `bench-push-${Date.now()}`, loadPageSize: LOAD_PAGE_SIZE });
await store.ensureTable();
const ctx = createServiceContext({ store, pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true } });
const consumerMs: number[] = [];
const push = await startLocalPush(ctx, { onError: (error) => console.error(error), onHandled: (ms) => consumerMs.push(ms) });
// Reminders become EventBridge schedules on AWS, created and (once answered) deleted by the consumer.
const timers = { reminders: new Set<string>(), cancelled: new Set<string>(), cancelCalls: 0, retries: 0 };
const schedule = push.scheduler.schedule.bind(push.scheduler);
push.scheduler.schedule = async (timer) => {
  if (timer.payload.kind === 'reminder') timers.reminders.add(timer.id);
  else timers.retries++; // a webhook retry (the first attempt runs in the consumer)
  return schedule(timer);
};
const cancel = push.scheduler.cancel.bind(push.scheduler);
push.scheduler.cancel = async (id) => {
  timers.cancelCalls++;
  if (timers.reminders.has(id)) timers.cancelled.add(id);
  return cancel(id);
};
const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const stream = attachLocalStream(server as Server, ctx, push.hub);
// Measured, not checked: the API tests hold these exchanges to the document.
const api = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, null);

const httpByRoute = new Map<string, number>();
const httpMs: number[] = [];
const route = (method: string, path: string) => `${method} ${path.replace(/\/(g|wh)_[A-Za-z0-9_-]+/g, (_, kind: string) => `/{${kind}}`)}`;
async function call(method: string, path: string, token: string, body?: unknown) {
  const started = performance.now();
  const reply = await api.request(method, path, { token, body });
  httpMs.push(performance.now() - started);
  httpByRoute.set(route(method, path), (httpByRoute.get(route(method, path)) ?? 0) + 1);
  if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
  return reply;
}
async function register(name: string) {
  const player = await api.register(name);
  httpByRoute.set('POST /v1/players', (httpByRoute.get('POST /v1/players') ?? 0) + 1);
  return player;
}

async function waitFor<T>(probe: () => T | undefined): Promise<T> {
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/**
 * A push client as a real one behaves: a WebSocket that says hello and
 * subscribes to the game, then learns everything from its messages — whose
 * turn it is, its own legal moves, the end — and only ever POSTs its moves.
 */
async function pushClient(token: string, gameId: string) {
  const ticket = await call('POST', '/v1/stream/tickets', token);
  const ws = new WebSocket(ticket.body.url);
  const arrivals: { at: number; message: ServerMessage }[] = [];
  let sent = 0;
  ws.on('message', (data) => arrivals.push({ at: performance.now(), message: JSON.parse(data.toString()) as ServerMessage }));
  await new Promise((resolve) => ws.once('open', resolve));
  const send = (action: unknown) => {
    sent++;
    ws.send(JSON.stringify(action));
  };
  send({ action: 'hello' });
  await waitFor(() => arrivals.find((a) => a.message.type === 'ready'));
  send({ action: 'subscribe', gameId });
  await waitFor(() => arrivals.find((a) => a.message.type === 'subscribed'));
  return {
    ws,
    arrivals,
    sent: () => sent,
    latest: () => arrivals.findLast((a) => a.message.type === 'commit')?.message as CommitMessage | undefined,
  };
}
type PushClient = Awaited<ReturnType<typeof pushClient>>;

/** Until every client has seen the same newest commit, at least `seq`; that commit as each saw it. */
async function settled(clients: readonly PushClient[], seq: number): Promise<CommitMessage[]> {
  await waitFor(() => (clients.every((c) => (c.latest()?.commit.seq ?? 0) >= seq) ? true : undefined));
  await push.notifier.idle();
  const newest = Math.max(...clients.map((c) => c.latest()?.commit.seq ?? 0));
  await waitFor(() => (clients.every((c) => c.latest()?.commit.seq === newest) ? true : undefined));
  return clients.map((c) => c.latest() as CommitMessage);
}

/** Plays a whole game through push clients: nobody polls or reads; each learns of its turn and its moves on the socket. */
async function playWithPush(game: string, seats: number, measure: boolean) {
  const players = await Promise.all(Array.from({ length: seats }, (_, i) => register(`P${i}`)));
  const receivers = await Promise.all(players.map(() => startReceiver()));
  for (const [i, p] of players.entries()) await call('POST', '/v1/webhooks', p.token, { url: receivers[i]!.url });
  const gameId: string = (await call('POST', '/v1/games', players[0]!.token, { game, seats, deadlines: 'daily' })).body.gameId;
  const clients = await Promise.all(players.map((p) => pushClient(p.token, gameId)));
  for (const p of players.slice(1)) await call('POST', `/v1/games/${gameId}/join`, p.token, {});
  const toStream: number[] = [];
  const toWebhook: number[] = [];
  let moves = 0;
  let commits = 0;
  let addressed = 0;
  for (let seen = 1; ;) {
    const latest = await settled(clients, seen);
    commits = latest[0]!.commit.seq;
    const seat = latest.findIndex((m) => (m.moves?.length ?? 0) > 0);
    if (seat === -1) {
      if (latest.some((m) => m.moves === undefined)) throw new Error(`commit ${commits} came without state and moves`);
      break; // nobody awaited: the game is over
    }
    const legal = latest[seat]!.moves as unknown[];
    const answer = await call('POST', `/v1/games/${gameId}/moves`, players[seat]!.token, { moves: [legal[Math.floor(Math.random() * legal.length)]] });
    const answeredAt = performance.now();
    moves++;
    seen = answer.body.version as number;
    if (!measure) continue;
    const other = (seat + 1) % seats;
    const arrived = await waitFor(() => clients[other]!.arrivals.find((a) => a.message.type === 'commit' && a.message.commit.seq === seen));
    toStream.push(arrived.at - answeredAt);
    const turn = (arrived.message as CommitMessage).notifications.find((n) => n.type === 'your-turn');
    if (turn) {
      const hook = await waitFor(() => receivers[other]!.received.find((r) => r.body.includes(turn.id)));
      toWebhook.push(hook.at - answeredAt);
    }
  }
  await push.notifier.idle();
  // Each commit message with notifications in it stands for one read of that player's connections on AWS.
  for (const c of clients) addressed += c.arrivals.filter((a) => a.message.type === 'commit' && a.message.notifications.length > 0).length;
  const messages = new Map<string, number>();
  for (const c of clients) for (const { message } of c.arrivals) messages.set(message.type, (messages.get(message.type) ?? 0) + 1);
  const fromClients = clients.reduce((sum, c) => sum + c.sent(), 0);
  const deliveries = receivers.reduce((sum, r) => sum + r.received.length, 0);
  for (const c of clients) c.ws.close();
  for (const r of receivers) await r.close();
  return { moves, commits, toStream, toWebhook, messages, fromClients, addressed, deliveries, gameId, players };
}

// ── 1. latency, locally ────────────────────────────────────────────────────

const duel = await playWithPush('villages-of-valeria', 2, true);
const ms = (values: number[]) => `p50 ${fixed(median(values), 2)} ms, p99 ${fixed(quantile(values, 0.99), 2)} ms (n=${values.length})`;
console.log(`\nLatency from a move's answer (2-player Villages of Valeria, ${duel.moves} moves, DynamoDB Local):`);
console.log(`  to the opponent's WebSocket commit message: ${ms(duel.toStream)}`);
console.log(`  to the opponent's webhook (your-turn):      ${ms(duel.toWebhook)}`);
console.log('  (negative: the push arrived before the mover had read its answer)');

// ── 2. one idle long-poll, counted ────────────────────────────────────────

units.reset();
const waitSeconds = 3;
const pollStarted = performance.now();
await api.get(`/v1/games/${duel.gameId}/events?after=100000&wait=${waitSeconds}`, { token: duel.players[0]!.token });
const pollSeconds = (performance.now() - pollStarted) / 1000;
const longPollReadsPerSecond = units.totals().read / pollSeconds;

// ── 3. complete four-player games with push clients, counted ──────────────

units.reset();
httpByRoute.clear();
httpMs.length = 0;
consumerMs.length = 0;
Object.assign(timers, { reminders: new Set(), cancelled: new Set(), cancelCalls: 0, retries: 0 });
const games: Awaited<ReturnType<typeof playWithPush>>[] = [];
for (let i = 0; i < GAMES; i++) games.push(await playWithPush('villages-of-valeria', 4, false));
const sum = (pick: (g: (typeof games)[number]) => number) => games.reduce((total, g) => total + pick(g), 0);
const perGame = (x: number) => x / GAMES;
const commits = perGame(sum((g) => g.commits));
const moves = perGame(sum((g) => g.moves));
const httpRequests = perGame([...httpByRoute.values()].reduce((a, b) => a + b, 0));
const dynamo = units.totals();
const messagesByType = new Map<string, number>();
for (const g of games) for (const [type, n] of g.messages) messagesByType.set(type, (messagesByType.get(type) ?? 0) + n);
const messagesSent = perGame([...messagesByType.values()].reduce((a, b) => a + b, 0));
const messagesReceived = perGame(sum((g) => g.fromClients));
const connections = 4;
const addressedReads = perGame(sum((g) => g.addressed));
const deliveries = perGame(sum((g) => g.deliveries));
const reminders = perGame(timers.reminders.size);
const remindersFired = perGame(timers.reminders.size - timers.cancelled.size);
const schedulerApiCalls = perGame(timers.reminders.size + timers.retries + timers.cancelCalls);

// ── the cost model ────────────────────────────────────────────────────────

const lambda = (requests: number, seconds: number, gb: number) => requests * PRICES.lambdaRequest + requests * seconds * gb * PRICES.lambdaGbSecondArm;
const rru = (n: number) => n * PRICES.dynamoReadUnit;
const wru = (n: number) => n * PRICES.dynamoWriteUnit;
const perHourLongPoll = (() => {
  const requests = 3600 / LONG_POLL_SECONDS;
  return requests * PRICES.httpApiRequest + lambda(requests, LONG_POLL_SECONDS, HTTP_LAMBDA_GB) + rru(longPollReadsPerSecond * 3600);
})();
const httpSeconds = mean(httpMs) / 1000;
const httpRequestCost = PRICES.httpApiRequest + lambda(1, httpSeconds, HTTP_LAMBDA_GB);
/** One connection's life besides its messages: the ticket request, the route invocations and the connection records. */
const connectionLifeCost =
  httpRequestCost +
  lambda(CONNECTION_LIFE.invocations, AWS_CALL_SECONDS.routeHandler, PUSH_LAMBDA_GB) +
  rru(CONNECTION_LIFE.reads) +
  wru(CONNECTION_LIFE.writes);
const pingCost = lambda(PING.invocations, AWS_CALL_SECONDS.routeHandler, PUSH_LAMBDA_GB) + rru(PING.reads) + PING.messages * PRICES.webSocketMessage;
const perHourStream =
  60 * PRICES.webSocketConnectionMinute + KEEPALIVE_PINGS_PER_HOUR * pingCost + RECONNECTS_PER_HOUR * (connectionLifeCost + 4 * PRICES.webSocketMessage);
const connectedHours = connections * CONNECTED_HOURS_PER_PLAYER_PER_GAME;
const consumerSeconds = mean(consumerMs) / 1000;
/**
 * Per commit on AWS the channels run at once, so the slowest counts: the posts
 * (sent at once: one round trip), the webhook first attempts (at once: one
 * attempt when there is any) and the reminders' Scheduler calls (one after another).
 */
const consumerAwsSeconds =
  commits *
  Math.max(
    AWS_CALL_SECONDS.post,
    Math.min(1, deliveries / commits) * AWS_CALL_SECONDS.webhookAttempt,
    (schedulerApiCalls / commits) * AWS_CALL_SECONDS.schedulerApi,
  );
const costs = {
  http: httpRequests * httpRequestCost,
  'dynamo (counted)': perGame(rru(dynamo.read) + wru(dynamo.write)),
  'dynamo (AWS connection index)': rru(commits + addressedReads),
  'stream messages': (messagesSent + messagesReceived) * PRICES.webSocketMessage,
  'stream connections': connectedHours * perHourStream,
  'push consumer': lambda(commits, consumerSeconds, PUSH_LAMBDA_GB) + consumerAwsSeconds * PUSH_LAMBDA_GB * PRICES.lambdaGbSecondArm,
  // The game's own deadline consumer: one invocation per commit, creating the new deadline's schedule and deleting the old.
  'deadline consumer': lambda(commits, 2 * AWS_CALL_SECONDS.schedulerApi, DEADLINE_CONSUMER_GB),
  'reminders fired': remindersFired * PRICES.schedulerInvocation + lambda(remindersFired, AWS_CALL_SECONDS.routeHandler, PUSH_LAMBDA_GB),
};
const total = Object.values(costs).reduce((a, b) => a + b, 0);
const dollars = (x: number) => `$${x.toFixed(x < 1 ? 4 : 2)}`;
const n = (x: number) => fixed(x, x % 1 === 0 ? 0 : 1);

console.log(`\nCounted per complete 4-player Villages of Valeria game with push clients (mean of ${GAMES}; no polling, no reads):`);
console.log(`  ${n(moves)} moves, ${n(commits)} commits`);
console.log(`  HTTP: ${n(httpRequests)} requests (mean ${fixed(mean(httpMs), 1)} ms)`);
for (const [key, count] of [...httpByRoute].sort((a, b) => b[1] - a[1])) console.log(`    ${key.padEnd(40)} ${n(perGame(count))}`);
console.log(
  `  DynamoDB: ${n(perGame(dynamo.read))} RRU, ${n(perGame(dynamo.write))} WRU (${fixed(perGame(dynamo.read) / commits, 2)} RRU and ${fixed(perGame(dynamo.write) / commits, 2)} WRU per commit)`,
);
for (const row of [...units.rows.values()].sort((a, b) => b.read + b.write * 5 - (a.read + a.write * 5)))
  console.log(
    `    ${row.kind.padEnd(52)} ${n(perGame(row.calls)).padStart(6)} calls ${n(perGame(row.read)).padStart(6)} RRU ${n(perGame(row.write)).padStart(6)} WRU`,
  );
console.log(`    + on AWS, the consumer's reads of the connection index: ${n(commits)} (subscribers) + ${n(addressedReads)} (addressees' connections) RRU`);
console.log(
  `  WebSocket: ${n(messagesSent)} messages sent (${fixed(messagesSent / commits / connections, 2)} per connection per commit), ${n(messagesReceived)} received`,
);
for (const [type, count] of messagesByType) console.log(`    ${type.padEnd(14)} ${n(perGame(count))}`);
console.log(
  `  ${n(deliveries)} webhook deliveries; reminders: ${n(reminders)} planned, ${n(reminders - remindersFired)} cancelled once answered, ${n(remindersFired)} fired`,
);
console.log(
  `  consumer: ${fixed(mean(consumerMs), 1)} ms per commit measured + ${fixed((consumerAwsSeconds / commits) * 1000, 1)} ms modelled AWS calls (${n(schedulerApiCalls)} Scheduler API calls)`,
);
console.log(`Counted in one idle long-poll: ${fixed(longPollReadsPerSecond, 2)} read units per second of waiting.`);
console.log(`\nCost model, AWS us-east-1 list prices of ${PRICES.date}:`);
console.log(
  `  per 1,000 connected client-hours: WebSocket stream ${dollars(1000 * perHourStream)}, events long-poll ${dollars(1000 * perHourLongPoll)} (${fixed(perHourLongPoll / perHourStream, 0)}× cheaper)`,
);
console.log(`  per 1,000 complete 4-player games (push clients, ${CONNECTED_HOURS_PER_PLAYER_PER_GAME} h connected per player): ${dollars(1000 * total)}`);
for (const [part, cost] of Object.entries(costs)) console.log(`    ${part.padEnd(30)} ${dollars(1000 * cost)}`);
const floor = costs['stream messages'] + costs['stream connections'];
console.log(
  `  goal under $1 per 1,000 games: ${total < 0.001 ? 'met' : `not met; one message per subscribed connection per commit and the connected time alone cost ${dollars(1000 * floor)}`}`,
);

stream.close();
push.stop();
server.close();
await local.stop();
process.exit(0);
