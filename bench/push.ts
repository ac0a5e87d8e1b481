/**
 * `npm run bench:push` — push measured locally (real HTTP, real WebSockets,
 * real webhook receivers, DynamoDB Local), then priced for AWS:
 *  - latency from a move's answer to the opponent's WebSocket message (the
 *    commit), to the webhook's arrival (the opponent's `your-turn`) and to the
 *    local mail catcher receiving the opponent's turn e-mail (SMTP), p50/p99,
 *    then again with one receiver that never answers watching the same game
 *    (`BENCH_PUSH_ONLY=latency` runs these two alone and stops);
 *  - latency from a move's answer to a closed tab's browser push: the
 *    encrypted message (RFC 8291, VAPID-signed) reaching a local push
 *    service that decrypts it, p50/p99 (`BENCH_PUSH_ONLY=web-push` runs it
 *    alone and stops);
 *  - dollars per 1,000 connected client-hours, the stream against the events
 *    long-poll (one idle long-poll counted);
 *  - dollars per 1,000 complete four-player Villages of Valeria games with
 *    push clients, played four ways and counted (HTTP requests by route, read
 *    and write units by item kind, stream messages by type, connections,
 *    webhook deliveries, the delivery function's invocations, timers, the consumer's
 *    time): at the table, all four connected throughout; and asynchronously,
 *    each player called by its webhook to a short session, with a browser
 *    push device each (the push sender's time per message measured here:
 *    encryption and VAPID signature) and a socket or plain reads per session,
 *    or with plain reads and no device. Each way plays the same numbered
 *    games, dealt and chosen from seeds, in every run. Every component and
 *    count is printed; and e-mail priced per 1,000 messages (SES, the
 *    delivery function, the outbox).
 * What only AWS does (the WebSocket routes' Lambda and connection records, the
 * consumer's reads of the connection index, Management API and Scheduler
 * calls, the consumer's deadline schedules) is modelled from the code, per counted event,
 * with the assumptions named below. Prints figures; asserts nothing.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { createApp } from '../functions/app/app.js';
import { startDynamoDbLocal } from '../functions/local/dynamodb-local.js';
import { localDynamoClient } from '../functions/store/dynamo-client.js';
import { startLocalPush } from '../functions/compose.js';
import { DEFAULT_PUSH_POLICY } from '../functions/push/policy.js';
import { vapidKeysFromSeed } from '../functions/push/webpush/vapid.js';
import { deliveryEvents } from '../functions/push/outbox/invoke.js';
import { CHANNELS, targetKey, type Channel, type OutboxMessage } from '../functions/push/outbox/message.js';
import { attachLocalStream } from '../functions/push/stream/local-server.js';
import type { CommitMessage, ServerMessage, SubscribedMessage } from '../functions/push/stream/protocol.js';
import { LOAD_PAGE_SIZE } from '../functions/service/context.js';
import { cryptoSecrets, sha256Hex } from '../functions/service/ids.js';
import { Rng, rngStateFromSeed } from '../core/engine/index.js';
import { timerChangesOf } from '../functions/service/deadline-timer.js';
import type { Signal } from '../functions/service/signal.js';
import { DynamoStore } from '../functions/store/dynamodb.js';
import { ApiClient } from '../test/support/api.js';
import { testContext } from '../test/support/context.js';
import { startPushService } from '../test/support/push-service.js';
import { startReceiver } from '../test/support/webhook-receiver.js';
import { localEmailPolicy } from '../functions/compose.js';
import { startMailCatcher } from '../functions/local/mail-catcher.js';
import { smtpMailer } from '../functions/push/email/smtp.js';
import { countUnits } from './dynamo-units.js';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PRICES } from './prices.js';
import { fixed, mean, median, quantile } from './stats.js';

/** Where the per-game figures go for the monthly table. */
const UNITS_FILE = fileURLToPath(new URL('./push-units.json', import.meta.url));

/** Deployment facts from infra/ (memory of each function) and API Gateway limits. */
const HTTP_LAMBDA_GB = 1; // infra/stack.ts: the API function
const PUSH_LAMBDA_GB = 0.5; // infra/push-stream.ts: Push and Connections
const TIMER_LAMBDA_GB = 0.5; // infra/stack.ts: Timer
const DELIVERY_LAMBDA_GB = 0.25; // infra/deliveries.ts: Deliveries
/** Lambda gives a full vCPU at 1,769 MB, in proportion below: CPU-bound work measured on a full core takes this much longer in the delivery function (its network waits do not). */
const DELIVERY_CPU_SLOWDOWN = 1769 / (DELIVERY_LAMBDA_GB * 1024);
const LONG_POLL_SECONDS = 25;
/** API Gateway closes idle WebSockets after 10 minutes and every connection after 2 hours. */
const KEEPALIVE_PINGS_PER_HOUR = 6;
const RECONNECTS_PER_HOUR = 0.5;
/**
 * The scripted play's two assumptions about people, the only figures here not
 * counted: at the table, a move takes its player 30 s on average (the clients
 * stay connected for the whole game); asynchronously, a session lasts 2
 * minutes of looking at the table plus 1 per move made in it.
 */
const TABLE_SECONDS_PER_MOVE = 30;
const SESSION_MINUTES = { open: 2, perMove: 1 } as const;
/** How many complete four-player games each scenario plays and averages (their lengths vary); `BENCH_PUSH_GAMES=1` for a quick look. */
const GAMES = Number(process.env.BENCH_PUSH_GAMES ?? 10);

/**
 * Time an AWS call takes from inside a Lambda (not measurable locally; the
 * local stream and scheduler answer in microseconds): a Management API post,
 * a Scheduler API call, a webhook attempt to a receiver that answers at once.
 */
const AWS_CALL_SECONDS = { post: 0.015, schedulerApi: 0.02, webhookAttempt: 0.05, routeHandler: 0.02, invokeAsync: 0.01, pushServiceAttempt: 0.08 } as const;
/**
 * What leaves AWS per push message: the encrypted body (the lock-screen JSON,
 * ~250 bytes, + 86 bytes of RFC 8291 header and tag) and the request's headers
 * (the VAPID JWT and key, TTL, Topic, Urgency): about 1 KB. The VAPID seed is
 * read from Secrets Manager once per cold start ($0.05 per 10,000 calls):
 * nothing per message.
 */
const PUSH_MESSAGE_BYTES = 1024;

/**
 * What a connection costs on AWS beyond what is counted here (the local
 * server keeps its sockets in memory; the ticket it burns and the game the
 * `subscribe` answer reads are counted), from functions/push/stream/
 * api-gateway.ts: $connect stores the record and the player's entry (2
 * writes); `subscribe` reads the record and writes its set of games and the
 * game's entry (1 read, 2 writes); $disconnect deletes the record, which
 * names its entries, and those (3 deletes, no read). Three route invocations.
 */
const CONNECTION_LIFE = { invocations: 3, reads: 1, writes: 2 + 2 + 3 } as const;
/** A keepalive ping is a $default invocation that reads the record and posts `pong`. */
const PING = { invocations: 1, reads: 1, messages: 2 } as const;

// ── the service as npm start runs it ──────────────────────────────────────

const local = await startDynamoDbLocal();
const client = localDynamoClient(local);
// The local scheduler's agenda and the local outbox's queue: on AWS, Scheduler and Lambda's queue of asynchronous invocations (free) keep them, so their reads and writes are not DynamoDB costs.
const LOCAL_ONLY = new Set(['local push timer', 'local outbox']);
const units = countUnits(client, (kind) => LOCAL_ONLY.has(kind));
const store = new DynamoStore({ client, tableName: `bench-push-${Date.now()}`, loadPageSize: LOAD_PAGE_SIZE });
await store.ensureTable();
// E-mail as `npm start` sends it: SMTP to the local mail catcher.
const catcher = await startMailCatcher();
const email = localEmailPolicy({}, randomBytes(32).toString('base64url'), smtpMailer(catcher.smtpUrl));
const vapid = vapidKeysFromSeed(randomBytes(32).toString('base64url'), 'mailto:bench@example.com');
/**
 * The same games every run, so that runs before and after a change compare
 * game for game (a game's price follows its length, and random games of four
 * run from ~100 to ~150 commits); the asynchronous scenarios play identical
 * games, the table's play out otherwise (no standing orders): a scenario's
 * n-th game is dealt from the seed
 * `bench:push game n`, and its players choose with a generator seeded
 * `bench:push choices n`. The seeds are numbered, never picked.
 */
const dealing = { game: 0 };
let choices = new Rng(rngStateFromSeed('bench:push choices 0'));
function deal(game: number): void {
  dealing.game = game;
  choices = new Rng(rngStateFromSeed(`bench:push choices ${game}`));
}
const ctx = testContext({
  secrets: { ...cryptoSecrets, seed: () => sha256Hex(`bench:push game ${dealing.game}`) },
  store,
  pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, appUrl: 'http://localhost', email, vapid: async () => vapid },
});
const consumerMs: number[] = [];
/**
 * On AWS the API and the push consumer are separate functions; here they
 * share one event loop, and a consumer woken by a commit while its request is
 * still answering would add its work to the request's measured time, and the
 * request's to its own. While `apart.on` (the priced games), what the
 * service announces reaches push only once no request is in flight and the
 * last answer is on its way; the priced games wait for push to be done
 * before each request (as a person's pace leaves it), so each is measured
 * alone. (A long-poll in them would hold push's news while it waits.) The
 * latency figures take it as it comes.
 */
const apart = { on: false, inFlight: 0, releasing: false, held: [] as (() => void)[] };
function heardApart<T>(signal: Signal<T>): () => void {
  const subscribe = signal.subscribe.bind(signal);
  signal.subscribe = (listener) =>
    subscribe((news) => (apart.on && (apart.inFlight > 0 || apart.releasing) ? apart.held.push(() => listener(news)) : listener(news)));
  return () => (signal.subscribe = subscribe);
}
/** A request answered: once none is in flight, what was held is heard, in order, after the answer is written. */
function answered(): void {
  if (--apart.inFlight > 0 || apart.releasing) return;
  apart.releasing = true;
  setImmediate(() => {
    apart.releasing = false;
    // Another request began meanwhile: its answer releases them.
    if (apart.inFlight > 0) return;
    for (const hear of apart.held.splice(0))
      try {
        hear();
      } catch (error) {
        console.error(error);
      }
  });
}
// Only the notifier's listeners are held: a request waiting on the signal (a long-poll) hears at once.
const unheld = [heardApart(ctx.signal), heardApart(ctx.joins)];
const push = await startLocalPush(ctx, { deadlines: false, onError: (error) => console.error(error), onHandled: (ms) => consumerMs.push(ms) });
for (const unhold of unheld) unhold();
/**
 * The local stand-ins for what AWS keeps elsewhere — the agenda for
 * Scheduler, the outbox's queue for Lambda's asynchronous invocations — do
 * their DynamoDB Local work after the consumer's measured time, one call
 * after another in the order made (a cancel follows its schedule): on AWS
 * those calls are priced as modelled round trips (AWS_CALL_SECONDS), so
 * measuring their local writes too would count them twice. Waiting for the
 * notifier waits for them.
 */
let standIns: Promise<void> = Promise.resolve();
let standInFailure: unknown = null;
function afterMeasuring(work: () => Promise<unknown>): Promise<void> {
  standIns = standIns.then(async () => {
    try {
      await work();
    } catch (error) {
      standInFailure ??= error;
    }
  });
  return Promise.resolve();
}
async function standInsDone(): Promise<void> {
  await standIns;
  if (standInFailure !== null) throw standInFailure;
}
const notifierIdle = push.notifier.idle.bind(push.notifier);
push.notifier.idle = async () => {
  await notifierIdle();
  await standInsDone();
};
const outboxIdle = push.outbox.idle.bind(push.outbox);
push.outbox.idle = async () => {
  await standInsDone();
  await outboxIdle();
};
// Reminders become EventBridge schedules on AWS, created and (once answered) deleted by the consumer.
const timers = { reminders: new Set<string>(), cancelled: new Set<string>(), cancelCalls: 0, retries: 0 };
const schedule = push.timers.schedule.bind(push.timers);
push.timers.schedule = async (timer) => {
  if (timer.payload.kind === 'reminder') timers.reminders.add(timer.id);
  else timers.retries++; // a delivery's retry or deferral (the first attempt runs in the delivery function)
  return afterMeasuring(() => schedule(timer));
};
const cancel = push.timers.cancel.bind(push.timers);
push.timers.cancel = async (id) => {
  timers.cancelCalls++;
  if (timers.reminders.has(id)) timers.cancelled.add(id);
  return afterMeasuring(() => cancel(id));
};
/**
 * The outbox as Lambda would see it on AWS: each enqueue call (a consumer's
 * batch per channel, a retry's timer) invokes the delivery function as the
 * adapter does (functions/push/outbox/invoke.ts: one invocation a call, split
 * only past 256 KB); Lambda's queue of asynchronous invocations costs
 * nothing, the invocations are billed. An invocation's attempts run at once,
 * two at a time per target (the dispatcher's lanes), so it lasts its slowest
 * attempt times its busiest target's rounds, not the sum of its attempts:
 * counted here in rounds, under the channel of its slowest attempt (browser
 * push, whose sender works before the push service answers, else a webhook's
 * or SES's call), and priced per channel with the seconds modelled below.
 * The messages queued, and the largest.
 */
const queued = { calls: 0, messages: 0, largestBytes: 0, invocations: emptyByChannel(), rounds: emptyByChannel() };
function emptyByChannel(): Record<Channel, number> {
  return { webhook: 0, 'web-push': 0, email: 0 };
}
function countInvocation(messages: readonly OutboxMessage[]): void {
  const perTarget = new Map<string, number>();
  for (const m of messages) perTarget.set(targetKey(m), (perTarget.get(targetKey(m)) ?? 0) + 1);
  const rounds = Math.max(...[...perTarget.values()].map((count) => Math.ceil(count / ctx.pushPolicy.dispatch.perTarget)));
  const channel = messages.some((m) => m.channel === 'web-push') ? 'web-push' : (messages[0]?.channel ?? 'webhook');
  queued.invocations[channel]++;
  queued.rounds[channel] += rounds;
}
const enqueue = push.outbox.enqueue.bind(push.outbox);
push.outbox.enqueue = async (messages) => {
  if (messages.length > 0) queued.calls++;
  queued.messages += messages.length;
  for (const payload of deliveryEvents(messages)) countInvocation((JSON.parse(payload) as { messages: OutboxMessage[] }).messages);
  for (const m of messages) queued.largestBytes = Math.max(queued.largestBytes, Buffer.byteLength(JSON.stringify(m)));
  return afterMeasuring(() => enqueue(messages));
};
/**
 * The game's own timers as the push function keeps them on AWS before it
 * pushes (functions/lambda/stream-timers.ts), from each durable commit's
 * timer changes (functions/service/deadline-timer.ts): a schedule per opened
 * entry, deleted when its entry closes before it fires; one still there at a
 * game's end, and every continuation (due at once), fires: a timer
 * invocation. A commit's calls go at once: one round trip (`roundTrips`).
 */
const deadlines = { schedules: new Map<string, number>(), created: 0, deleted: 0, continuations: 0, calls: 0, roundTrips: 0 };
ctx.signal.subscribe((commit) => {
  const { schedule, cancel } = timerChangesOf(commit);
  if (schedule.length > 0 || cancel !== null) deadlines.roundTrips++;
  for (const timer of schedule) {
    deadlines.calls++;
    if (timer.payload.continues) deadlines.continuations++;
    else if (!deadlines.schedules.has(timer.id)) deadlines.created++;
    if (!timer.payload.continues) deadlines.schedules.set(timer.id, timer.dueAt);
  }
  if (cancel !== null) {
    deadlines.calls++;
    if (deadlines.schedules.delete(cancel)) deadlines.deleted++;
  }
});
const app = createApp(ctx, { mail: push });
/** Each request's time in the handler (what Lambda bills), not the client's round trip. */
const httpMs: number[] = [];
const server = serve({
  fetch: async (request, env) => {
    apart.inFlight++;
    const started = performance.now();
    try {
      return await app.fetch(request, env);
    } finally {
      httpMs.push(performance.now() - started);
      answered();
    }
  },
  port: 0,
  hostname: '127.0.0.1',
});
await new Promise((resolve) => server.once('listening', resolve));
const stream = attachLocalStream(server as Server, ctx, push.hub);
// Measured, not checked: the API tests hold these exchanges to the document.
const api = new ApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, null);

const httpByRoute = new Map<string, number>();
const route = (method: string, path: string) => `${method} ${path.replace(/\/(g|wh)_[A-Za-z0-9_-]+/g, (_, kind: string) => `/{${kind}}`)}`;
async function call(method: string, path: string, token: string, body?: unknown) {
  const reply = await api.request(method, path, { token, body });
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
 * How the bench's players choose, standing in for people who play to win:
 * build or recruit whenever they can (what scores and brings the end), any
 * other legal move at random. Uniformly random play makes games twice as
 * long as anyone plays them (VV: ~315 moves for four, against ~130 for the
 * engine's greedy bot), and the price of a game follows its length.
 */
const SCORING = new Set(['build', 'recruit']);
function choose(legal: readonly unknown[]): unknown {
  const scoring = legal.filter((m) => SCORING.has((m as { type: string }).type));
  const from = scoring.length > 0 ? scoring : legal;
  return from[choices.int(from.length)];
}

/**
 * A push client as a real one behaves: a WebSocket subscribed to the game,
 * from which it learns everything others do (the `subscribed` answer and each
 * commit message carry the state and its legal moves), and only ever POSTs
 * moves, whose answers carry the same for its own commits (the stream sends
 * those to everyone else). It sends no `hello` (optional: it only asks for `ready`).
 */
async function pushClient(token: string, gameId: string) {
  const ticket = await call('POST', '/v1/stream/tickets', token);
  const ws = new WebSocket(ticket.body.url);
  const arrivals: { at: number; bytes: number; message: ServerMessage }[] = [];
  let sent = 0;
  ws.on('message', (data) => {
    const text = data.toString();
    arrivals.push({ at: performance.now(), bytes: Buffer.byteLength(text), message: JSON.parse(text) as ServerMessage });
  });
  await new Promise((resolve) => ws.once('open', resolve));
  sent++;
  ws.send(JSON.stringify({ action: 'subscribe', gameId }));
  const subscribed = (await waitFor(() => arrivals.find((a) => a.message.type === 'subscribed'))).message as SubscribedMessage;
  /** The newest game its own answers told. */
  let answered: Known = { version: 0, moves: [] };
  return {
    ws,
    arrivals,
    subscribed,
    sent: () => sent,
    /** The newest version this client knows, and its legal moves there: from the stream or from its own answers. */
    knows: (): Known => {
      const message = arrivals.findLast((a) => a.message.type === 'commit')?.message as CommitMessage | undefined;
      if (message && message.moves === undefined) throw new Error(`commit ${message.commit.seq} came without state and moves`);
      const streamed = message ? { version: message.commit.seq, moves: message.moves ?? [] } : { version: subscribed.version, moves: subscribed.moves };
      return answered.version > streamed.version ? answered : streamed;
    },
    wrote: (answer: MoveReply) => {
      if (answer.next.version > answered.version) answered = answer.next;
    },
    close: () => new Promise((resolve) => (ws.once('close', resolve), ws.close())),
  };
}
type PushClient = Awaited<ReturnType<typeof pushClient>>;
/** A version of the game and a player's legal moves there. */
interface Known {
  readonly version: number;
  readonly moves: readonly unknown[];
}

/** Until every client knows the same newest version, at least `seq`; what each knows then. */
async function settled(clients: readonly PushClient[], seq: number): Promise<Known[]> {
  await waitFor(() => (clients.every((c) => c.knows().version >= seq) ? true : undefined));
  await push.notifier.idle();
  const newest = Math.max(...clients.map((c) => c.knows().version));
  await waitFor(() => (clients.every((c) => c.knows().version === newest) ? true : undefined));
  return clients.map((c) => c.knows());
}

/** What one game cost in things AWS bills, as counted here. */
interface Played {
  readonly moves: number;
  readonly commits: number;
  /** Messages the server sent, by type, and the clients' frames. */
  readonly messages: Map<string, Sent>;
  readonly fromClients: number;
  /** Commit messages carrying notifications: each stands for one read of that player's connections on AWS. */
  readonly addressed: number;
  readonly deliveries: number;
  /** Browser push messages the players' push services took. */
  readonly pushes: number;
  /** WebSocket connections opened (each a ticket, a $connect, a subscribe and a $disconnect on AWS). */
  readonly connections: number;
  readonly connectedHours: number;
}

/** Messages of one type: how many, how many 32 KB units API Gateway bills for them, the largest. */
interface Sent {
  count: number;
  billed: number;
  largestBytes: number;
}
const BILLED_MESSAGE_BYTES = 32 * 1024;

function countMessages(clients: readonly PushClient[], into: Map<string, Sent>): void {
  for (const c of clients)
    for (const { message, bytes } of c.arrivals) {
      const sent = into.get(message.type) ?? { count: 0, billed: 0, largestBytes: 0 };
      sent.count++;
      sent.billed += Math.ceil(bytes / BILLED_MESSAGE_BYTES);
      sent.largestBytes = Math.max(sent.largestBytes, bytes);
      into.set(message.type, sent);
    }
}
const addressedIn = (clients: readonly PushClient[]) =>
  clients.reduce((sum, c) => sum + c.arrivals.filter((a) => a.message.type === 'commit' && a.message.notifications.length > 0).length, 0);

async function newGame(seats: number) {
  const players = await Promise.all(Array.from({ length: seats }, (_, i) => register(`P${i}`)));
  const gameId: string = (await call('POST', '/v1/games', players[0]!.token, { game: 'villages-of-valeria', seats, deadlines: 'daily' })).body.gameId;
  return {
    players,
    gameId,
    join: async () => {
      for (const p of players.slice(1)) await call('POST', `/v1/games/${gameId}/join`, p.token, {});
    },
  };
}

/** A receiver that never answers: each attempt to it lasts the delivery's whole time limit (5 s). */
const HANGING_MS = 10 * 60_000;

/**
 * At the table: every player keeps a client connected and subscribed for the
 * whole game (no webhooks: they are there), so each commit is one message
 * to each of them. With `latency`, also times each move's answer to the next
 * player's commit message and webhook (each player then has a receiver);
 * with `hanging`, the first player also watches the game through a webhook
 * whose receiver never answers (every commit's notices go to it).
 */
/** How many e-mails the catcher holds for an address. */
const mailsTo = (address: string) => catcher.received.filter((m) => m.envelope.to.includes(address));

/** A player's address set and confirmed through the link mailed to it, their turns e-mailed. */
async function mailTurns(token: string, address: string) {
  await call('PUT', '/v1/players/me/email', token, { address });
  await push.outbox.idle();
  const text = (await waitFor(() => mailsTo(address)[0])).parsed.text ?? '';
  const link = /http:\/\/localhost(\/v1\/email\/confirm\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no confirmation link for ${address}`);
  await fetch(`${api.baseUrl}${link}`, { method: 'POST' });
  await call('PUT', '/v1/players/me/preferences', token, { notify: { 'your-turn': { email: true } } });
}

async function playAtTheTable(seats: number, latency: boolean, hanging = false) {
  const { players, gameId, join } = await newGame(seats);
  const receivers = latency ? await Promise.all(players.map(() => startReceiver())) : [];
  const addresses = players.map((_, i) => `${gameId}-${i}@bench.example`);
  if (latency) for (const [i, p] of players.entries()) await mailTurns(p.token, addresses[i]!);
  for (const [i, r] of receivers.entries()) await call('POST', '/v1/webhooks', players[i]!.token, { url: r.url });
  const hung = hanging ? await startReceiver(() => 204, HANGING_MS) : null;
  if (hung) await call('POST', '/v1/webhooks', players[0]!.token, { url: hung.url, gameId });
  const clients = await Promise.all(players.map((p) => pushClient(p.token, gameId)));
  await join();
  const toStream: number[] = [];
  const toWebhook: number[] = [];
  const toMail: number[] = [];
  let moves = 0;
  let commits = 0;
  for (let seen = 1; ;) {
    const latest = await settled(clients, seen);
    // Moves come TABLE_SECONDS_PER_MOVE apart: the consumer and the delivery function are done with a commit long before the next request, which on AWS runs in a sandbox of its own — measured here without them sharing the machine.
    await push.notifier.idle();
    // (Not past a receiver that hangs: its attempts are held 5 s each, and that game measures that nobody else waits for them.)
    if (!hanging) await push.outbox.idle();
    commits = latest[0]!.version;
    const seat = latest.findIndex((known) => known.moves.length > 0);
    if (seat === -1) break; // nobody awaited: the game is over
    const other = (seat + 1) % seats;
    const mailedBefore = latency ? mailsTo(addresses[other]!).length : 0;
    const answer = await call('POST', `/v1/games/${gameId}/moves`, players[seat]!.token, { moves: [choose(latest[seat]!.moves)] });
    const answeredAt = performance.now();
    clients[seat]!.wrote(answer.body as MoveReply);
    // The catcher stamps arrivals with the wall clock.
    const answeredAtWall = Date.now();
    moves++;
    seen = answer.body.version as number;
    if (!latency) continue;
    const arrived = await waitFor(() => clients[other]!.arrivals.find((a) => a.message.type === 'commit' && a.message.commit.seq === seen));
    toStream.push(arrived.at - answeredAt);
    const turn = (arrived.message as CommitMessage).notifications.find((n) => n.type === 'your-turn');
    if (turn) {
      const hook = await waitFor(() => receivers[other]!.received.find((r) => r.body.includes(turn.id)));
      toWebhook.push(hook.at - answeredAt);
      const mail = await waitFor(() => mailsTo(addresses[other]!)[mailedBefore]);
      toMail.push(mail.receivedAt - answeredAtWall);
    }
  }
  await push.notifier.idle();
  const messages = new Map<string, Sent>();
  countMessages(clients, messages);
  const played: Played = {
    moves,
    commits,
    messages,
    fromClients: clients.reduce((sum, c) => sum + c.sent(), 0),
    addressed: addressedIn(clients),
    deliveries: receivers.reduce((sum, r) => sum + r.received.length, 0),
    pushes: 0,
    connections: clients.length,
    connectedHours: (seats * moves * TABLE_SECONDS_PER_MOVE) / 3600,
  };
  for (const c of clients) await c.close();
  for (const r of receivers) await r.close();
  const hungAttempts = hung?.received.length ?? 0;
  await hung?.close();
  return { ...played, toStream, toWebhook, toMail, gameId, players, hungAttempts };
}

/** What POST …/moves answers, as far as a session reads it. */
interface MoveReply {
  readonly version: number;
  readonly next: { readonly version: number; readonly moves: readonly unknown[] };
}

/** How a called player looks at the game: what it sees on opening, and after each of its moves. */
interface Session {
  readonly opened: { readonly version: number; readonly moves?: readonly unknown[] };
  /** After a move, from its answer (`version` of the commit, `next` the moves now). */
  after(answer: MoveReply): Promise<{ readonly version: number; readonly moves?: readonly unknown[] }>;
  close(): Promise<{ fromClient: number; addressed: number; messages: readonly PushClient[] }>;
}

/** A socket subscribed to the game: its answer and each commit message carry the state and the legal moves. */
async function streamSession(token: string, gameId: string): Promise<Session> {
  const client = await pushClient(token, gameId);
  return {
    opened: client.subscribed,
    after: async (answer) => {
      client.wrote(answer);
      const [known] = await settled([client], answer.version);
      return known!;
    },
    close: async () => {
      await client.close();
      return { fromClient: client.sent(), addressed: addressedIn([client]), messages: [client] };
    },
  };
}

/** No socket: the game and the legal moves read on opening; after each move, its answer lists the moves that follow. */
async function httpSession(token: string, gameId: string): Promise<Session> {
  await push.notifier.idle();
  // One request opens the game: the view with the legal moves of the same version.
  const opened = (await call('GET', `/v1/games/${gameId}?include=moves`, token)).body as { legalMoves: { version: number; moves: unknown[] } };
  return { opened: opened.legalMoves, after: async ({ next }) => next, close: async () => ({ fromClient: 0, addressed: 0, messages: [] }) };
}

/**
 * Asynchronously, as the service is meant to be played: nobody stays
 * connected. Each player has a webhook (their chat, their phone) and standing
 * orders that follow Harvest and Tax drawing from the deck (the follows that
 * need no thought; Develop, Build and Recruit follows they decide in person).
 * When its webhook says `your-turn`, a player opens a session, makes its
 * moves and closes it as soon as nothing awaits it; `open` says how it looks
 * at the game (a subscribed socket, or plain reads), `devices` whether each
 * player also has a browser push device.
 */
async function playAsynchronously(seats: number, open: (token: string, gameId: string) => Promise<Session>, { devices }: { readonly devices: boolean }) {
  const { players, gameId, join } = await newGame(seats);
  const receivers = await Promise.all(players.map(() => startReceiver()));
  for (const [i, r] of receivers.entries()) await call('POST', '/v1/webhooks', players[i]!.token, { url: r.url });
  // With `devices`, each player's phone: pushed what their preferences pass on (their turn, the end), except while a session of theirs watches the game.
  const phones = devices ? await Promise.all(players.map(() => startPushService())) : [];
  for (const [i, phone] of phones.entries()) await call('POST', '/v1/push-subscriptions', players[i]!.token, phone.subscription);
  await join();
  const orders = { harvest: { follow: true, drawFrom: 'deck' }, tax: { follow: true, drawFrom: 'deck' } };
  for (const p of players) await call('PUT', `/v1/games/${gameId}/standing-orders`, p.token, { orders });
  const told = (i: number) => receivers[i]!.received.map((r) => (JSON.parse(r.body) as { data: { type: string; version?: number } }).data);
  const seen = players.map(() => 0); // the newest version each player has seen in a session
  const messages = new Map<string, Sent>();
  let moves = 0;
  let fromClients = 0;
  let addressed = 0;
  let sessions = 0;
  let idleSessions = 0;
  let sessionMinutes = 0;
  for (;;) {
    await push.notifier.idle(); // every delivery of the commits so far is queued…
    await push.outbox.idle(); // …and its first attempt answered
    const called = players.findIndex((_, i) => told(i).some((n) => n.type === 'your-turn' && (n.version ?? 0) > seen[i]!));
    if (called === -1) {
      // Told to everyone but the player whose move ended it (their answer said so).
      const ended = players.map((_, i) => told(i).find((n) => n.type === 'game-ended')).find((n) => n !== undefined);
      if (ended) {
        seen[0] = Math.max(seen[0]!, ended.version ?? 0);
        break;
      }
      throw new Error(`game ${gameId}: nobody was told it is their turn, and it is not over`);
    }
    const token = players[called]!.token;
    const session = await open(token, gameId);
    sessions++;
    let latest = session.opened;
    seen[called] = latest.version;
    let made = 0;
    while ((latest.moves?.length ?? 0) > 0) {
      // A person's moves come SESSION_MINUTES.perMove apart: as at the table, the consumer and the delivery function are done before the next request.
      await push.notifier.idle();
      await push.outbox.idle();
      const answer = await call('POST', `/v1/games/${gameId}/moves`, token, { moves: [choose(latest.moves!)] });
      made++;
      latest = await session.after(answer.body as MoveReply);
      seen[called] = latest.version;
    }
    if (made === 0) idleSessions++;
    moves += made;
    sessionMinutes += SESSION_MINUTES.open + made * SESSION_MINUTES.perMove;
    const closed = await session.close();
    fromClients += closed.fromClient;
    addressed += closed.addressed;
    countMessages(closed.messages, messages);
  }
  const streamed = messages.size > 0;
  const played: Played = {
    moves,
    commits: Math.max(...seen),
    messages,
    fromClients,
    addressed,
    deliveries: receivers.reduce((sum, r) => sum + r.received.length, 0),
    pushes: phones.reduce((sum, phone) => sum + phone.received.length, 0),
    connections: streamed ? sessions : 0,
    connectedHours: streamed ? sessionMinutes / 60 : 0,
  };
  for (const r of receivers) await r.close();
  for (const phone of phones) await phone.close();
  return { ...played, sessions, idleSessions };
}

/**
 * A closed tab's browser push: every player has a device and no stream
 * connection (nobody watches the game), and plays by reading its legal moves.
 * After each move, the time from its answer to the first push it caused
 * reaching a device's push service, which decrypts it and checks its VAPID
 * signature (test/support/push-service.ts).
 */
async function playWithClosedTabs(seats: number) {
  const { players, gameId, join } = await newGame(seats);
  const phones = await Promise.all(players.map(() => startPushService()));
  for (const [i, phone] of phones.entries()) await call('POST', '/v1/push-subscriptions', players[i]!.token, phone.subscription);
  await join();
  const toPush: number[] = [];
  let moves = 0;
  for (;;) {
    await push.notifier.idle();
    await push.outbox.idle();
    const legal = await Promise.all(players.map(async (p) => (await call('GET', `/v1/games/${gameId}/moves`, p.token)).body.moves as unknown[]));
    const seat = legal.findIndex((moves) => moves.length > 0);
    if (seat === -1) break;
    const before = phones.map((phone) => phone.received.length);
    await call('POST', `/v1/games/${gameId}/moves`, players[seat]!.token, { moves: [choose(legal[seat]!)] });
    const answeredAt = Date.now();
    moves++;
    await push.notifier.idle();
    await push.outbox.idle();
    const arrivals = phones.flatMap((phone, i) => phone.received.slice(before[i]).map((m) => m.receivedAt));
    if (arrivals.length > 0) toPush.push(Math.min(...arrivals) - answeredAt);
  }
  const received = phones.flatMap((phone) => phone.received);
  const unreadable = received.filter((m) => m.problems.length > 0);
  for (const phone of phones) await phone.close();
  return { moves, toPush, received: received.length, unreadable };
}

// ── 0. a closed tab's browser push, locally ───────────────────────────────

const closedTabs = await playWithClosedTabs(2);
console.log(`\nLatency from a move's answer to a closed tab's browser push (2-player Villages of Valeria, ${closedTabs.moves} moves, DynamoDB Local):`);
console.log(
  `  to the push service, encrypted (aes128gcm) and VAPID-signed: p50 ${fixed(median(closedTabs.toPush), 0)} ms, p99 ${fixed(quantile(closedTabs.toPush, 0.99), 0)} ms (n=${closedTabs.toPush.length}; ms resolution)`,
);
console.log(
  `  ${closedTabs.received} messages, ${closedTabs.unreadable.length} that did not decrypt or verify${closedTabs.unreadable.length > 0 ? `: ${closedTabs.unreadable[0]!.problems.join('; ')}` : ''}`,
);
if (process.env.BENCH_PUSH_ONLY === 'web-push') {
  push.stop();
  server.close();
  await local.stop();
  process.exit(0);
}

// ── 1. latency, locally ────────────────────────────────────────────────────

const duel = await playAtTheTable(2, true);
const ms = (values: number[]) => `p50 ${fixed(median(values), 2)} ms, p99 ${fixed(quantile(values, 0.99), 2)} ms (n=${values.length})`;
console.log(`\nLatency from a move's answer (2-player Villages of Valeria, ${duel.moves} moves, DynamoDB Local):`);
console.log(`  to the opponent's WebSocket commit message: ${ms(duel.toStream)}`);
console.log(`  to the opponent's webhook (your-turn):      ${ms(duel.toWebhook)}`);
console.log(`  to the mail catcher (the turn e-mail, SMTP): ${ms(duel.toMail)}`);
console.log('  (negative: the push arrived before the mover had read its answer)');

// ── 1b. the same with one receiver that never answers ─────────────────────

/**
 * Plays the latency game again with a hanging receiver and prints it. Run
 * after the priced games (or alone): the hanging webhook's deliveries are
 * deferred and retried for hours, and would fire in them.
 */
async function withHangingReceiver(): Promise<void> {
  apart.on = false;
  const hung = await playAtTheTable(2, true, true);
  console.log(
    `\nThe same with one hanging receiver (a game webhook of the first player that never answers, ${hung.hungAttempts} attempts to it, each held until the 5-s limit; ${hung.moves} moves):`,
  );
  console.log(`  to the opponent's WebSocket commit message: ${ms(hung.toStream)}   (without it: ${ms(duel.toStream)})`);
  console.log(`  to the opponent's webhook (your-turn):      ${ms(hung.toWebhook)}   (without it: ${ms(duel.toWebhook)})`);
}
if (process.env.BENCH_PUSH_ONLY === 'latency') {
  await withHangingReceiver();
  push.stop();
  server.close();
  await catcher.stop();
  await local.stop();
  process.exit(0);
}

// ── 2. one idle long-poll, counted ────────────────────────────────────────

units.reset();
const waitSeconds = 3;
const pollStarted = performance.now();
await api.get(`/v1/games/${duel.gameId}/events?after=100000&wait=${waitSeconds}`, { token: duel.players[0]!.token });
const pollSeconds = (performance.now() - pollStarted) / 1000;
const longPollReadsPerSecond = units.totals().read / pollSeconds;

// ── the cost model ────────────────────────────────────────────────────────

const lambda = (requests: number, seconds: number, gb: number) => requests * PRICES.lambdaRequest + requests * seconds * gb * PRICES.lambdaGbSecondArm;
const rru = (n: number) => n * PRICES.dynamoReadUnit;
const wru = (n: number) => n * PRICES.dynamoWriteUnit;
const dollars = (x: number) => `$${x.toFixed(x < 1 ? 4 : 2)}`;
const n = (x: number) => fixed(x, x % 1 === 0 ? 0 : 1);
/** The seconds one round of a channel's attempts (made at once) waits in the delivery function: the receiver's or the push service's answer, modelled. */
const attemptSeconds = (channel: Channel) => (channel === 'web-push' ? AWS_CALL_SECONDS.pushServiceAttempt : AWS_CALL_SECONDS.webhookAttempt);
/** The browser push sender's work (encryption, signing): measured on a full core, slowed to the delivery function's share of one, and added up message by message, since attempts made at once share that share. */
const pushSenderSeconds = (pushes: number) => (pushes * PUSH_SENDER_MS * DELIVERY_CPU_SLOWDOWN) / 1000;
/** The delivery function's invocations of one channel: each billed once, and for its rounds of attempts (each round its attempts at once). */
function deliveryInvocations({ invocations, rounds }: { readonly invocations: number; readonly rounds: number }, channel: Channel): number {
  return invocations * PRICES.lambdaRequest + rounds * attemptSeconds(channel) * DELIVERY_LAMBDA_GB * PRICES.lambdaGbSecondArm;
}
const httpRequestCost = (meanMs: number) => PRICES.httpApiRequest + lambda(1, meanMs / 1000, HTTP_LAMBDA_GB);
/** A connection's records and route invocations on AWS (its ticket request and messages are counted apart). */
const connectionRecordsCost =
  lambda(CONNECTION_LIFE.invocations, AWS_CALL_SECONDS.routeHandler, PUSH_LAMBDA_GB) + rru(CONNECTION_LIFE.reads) + wru(CONNECTION_LIFE.writes);
const pingCost = lambda(PING.invocations, AWS_CALL_SECONDS.routeHandler, PUSH_LAMBDA_GB) + rru(PING.reads) + PING.messages * PRICES.webSocketMessage;

/**
 * The push sender's own work per message, measured: encrypting a lock-screen
 * message to a device (RFC 8291: an ECDH agreement, HKDF, AES-GCM) and signing
 * its VAPID JWT (ES256), as the courier does with `web-push`.
 */
async function pushSenderMs(samples: number): Promise<number> {
  const { generateRequestDetails } = (await import('web-push')).default;
  const device = await startPushService();
  const body = JSON.stringify({
    type: 'your-turn',
    notificationId: 'n_0123456789abcdefghijkl',
    gameId: 'g_0123456789ab',
    title: 'Villages of Valeria',
    body: 'Your turn in Villages of Valeria: play by 27 Nov, 12:00 UTC.',
    path: '/g/g_0123456789ab',
    at: '2026-11-26T12:00:00.000Z',
  });
  const once = () => generateRequestDetails(device.subscription, body, { vapidDetails: vapid, contentEncoding: 'aes128gcm', TTL: 3600, topic: 'x'.repeat(32) });
  for (let i = 0; i < 20; i++) once();
  const started = performance.now();
  for (let i = 0; i < samples; i++) once();
  const each = (performance.now() - started) / samples;
  await device.close();
  return each;
}
const PUSH_SENDER_MS = await pushSenderMs(200);

/** Plays `GAMES` complete four-player games one way, counting everything AWS would bill, and prices them per game. */
async function scenario(play: () => Promise<Played>) {
  // What the scenarios before left under way (the latency games' e-mails) is theirs, not this one's.
  await push.notifier.idle();
  await push.outbox.idle();
  apart.on = true;
  units.reset();
  httpByRoute.clear();
  httpMs.length = 0;
  consumerMs.length = 0;
  Object.assign(timers, { reminders: new Set(), cancelled: new Set(), cancelCalls: 0, retries: 0 });
  Object.assign(queued, { calls: 0, messages: 0, largestBytes: 0, invocations: emptyByChannel(), rounds: emptyByChannel() });
  Object.assign(deadlines, { schedules: new Map(), created: 0, deleted: 0, continuations: 0, calls: 0, roundTrips: 0 });
  const games: Played[] = [];
  for (let i = 0; i < GAMES; i++) {
    deal(i);
    games.push(await play());
  }
  const perGame = (x: number) => x / GAMES;
  const sum = (pick: (g: Played) => number) => perGame(games.reduce((total, g) => total + pick(g), 0));
  const commits = sum((g) => g.commits);
  const messagesByType = new Map<string, Sent>();
  for (const g of games)
    for (const [type, sent] of g.messages) {
      const all = messagesByType.get(type) ?? { count: 0, billed: 0, largestBytes: 0 };
      messagesByType.set(type, {
        count: all.count + sent.count / GAMES,
        billed: all.billed + sent.billed / GAMES,
        largestBytes: Math.max(all.largestBytes, sent.largestBytes),
      });
    }
  const counted = {
    moves: sum((g) => g.moves),
    commits,
    httpByRoute: new Map([...httpByRoute].map(([route, count]) => [route, perGame(count)])),
    httpRequests: perGame([...httpByRoute.values()].reduce((a, b) => a + b, 0)),
    httpMeanMs: mean(httpMs),
    dynamo: { read: perGame(units.totals().read), write: perGame(units.totals().write) },
    dynamoRows: [...units.rows.values()].map((row) => ({ ...row, calls: perGame(row.calls), read: perGame(row.read), write: perGame(row.write) })),
    messagesByType,
    messagesSent: [...messagesByType.values()].reduce((total, sent) => total + sent.count, 0),
    /** API Gateway bills a message per 32 KB started. */
    messagesBilled: [...messagesByType.values()].reduce((total, sent) => total + sent.billed, 0),
    messagesReceived: sum((g) => g.fromClients),
    addressed: sum((g) => g.addressed),
    deliveries: sum((g) => g.deliveries),
    pushes: sum((g) => g.pushes),
    /** The outbox's enqueue calls that queued anything, the messages they queued, and the delivery function's invocations for them and their rounds of attempts by channel, per game; the largest message. */
    outbox: {
      calls: perGame(queued.calls),
      messages: perGame(queued.messages),
      invocations: perGame(Object.values(queued.invocations).reduce((a, b) => a + b, 0)),
      byChannel: Object.fromEntries(
        CHANNELS.map((channel) => [channel, { invocations: perGame(queued.invocations[channel]), rounds: perGame(queued.rounds[channel]) }]),
      ) as Record<Channel, { invocations: number; rounds: number }>,
      largestBytes: queued.largestBytes,
    },
    connections: sum((g) => g.connections),
    connectedHours: sum((g) => g.connectedHours),
    reminders: perGame(timers.reminders.size),
    remindersFired: perGame(timers.reminders.size - timers.cancelled.size),
    schedulerApiCalls: perGame(timers.reminders.size + timers.retries + timers.cancelCalls),
    consumerMs: mean(consumerMs),
    deadlineSchedules: perGame(deadlines.created),
    deadlinesDeleted: perGame(deadlines.deleted),
    deadlineSchedulerCalls: perGame(deadlines.calls),
    deadlineRoundTrips: perGame(deadlines.roundTrips),
    /** Timer invocations per game: schedules left when the games ended, and continuations. */
    timerInvocations: perGame(deadlines.schedules.size + deadlines.continuations),
  };
  /**
   * Per commit on AWS the push function keeps its timers and pushes at once
   * (functions/lambda/stream-consumer.ts), so the slowest round trip counts:
   * the deadline's schedule and the closed entry's delete (made at once: one
   * round trip when there is any), the posts (sent at once: one round trip),
   * the deliveries' hand-over (the delivery function's asynchronous
   * invocations counted, one round trip a commit at most; the attempts run in
   * the delivery function) and the reminders' Scheduler calls (made at once,
   * functions/push/reminders/: one round trip when there is any).
   */
  const consumerAwsSeconds =
    commits *
    Math.max(
      AWS_CALL_SECONDS.post,
      Math.min(1, counted.outbox.invocations / commits) * AWS_CALL_SECONDS.invokeAsync,
      Math.min(1, counted.schedulerApiCalls / commits) * AWS_CALL_SECONDS.schedulerApi,
      Math.min(1, counted.deadlineRoundTrips / commits) * AWS_CALL_SECONDS.schedulerApi,
    );
  const costs = {
    http: counted.httpRequests * httpRequestCost(counted.httpMeanMs),
    'dynamo (counted)': rru(counted.dynamo.read) + wru(counted.dynamo.write),
    // The consumer's eventually consistent reads of the connection index: the game's subscribers, and each addressee's connections.
    'dynamo (AWS connection index)': rru(0.5 * (commits + counted.addressed)),
    'stream messages': (counted.messagesBilled + counted.messagesReceived) * PRICES.webSocketMessage,
    // No keepalive pings: at the table commits come every few seconds, and a session is shorter than the 10-minute idle timeout.
    'stream connections': counted.connections * connectionRecordsCost + counted.connectedHours * 60 * PRICES.webSocketConnectionMinute,
    'push consumer': lambda(commits, counted.consumerMs / 1000, PUSH_LAMBDA_GB) + consumerAwsSeconds * PUSH_LAMBDA_GB * PRICES.lambdaGbSecondArm,
    // The delivery function's invocations for webhooks (and e-mail), each as long as its rounds of attempts (attempts of one round at once); Lambda's queue is free.
    deliveries: deliveryInvocations(counted.outbox.byChannel.webhook, 'webhook') + deliveryInvocations(counted.outbox.byChannel.email, 'email'),
    // The delivery function's invocations for browser push, each round an attempt's time — the sender's work measured here, then the push service's answer — and each message leaving AWS.
    'browser push':
      deliveryInvocations(counted.outbox.byChannel['web-push'], 'web-push') +
      pushSenderSeconds(counted.pushes) * DELIVERY_LAMBDA_GB * PRICES.lambdaGbSecondArm +
      (counted.pushes * PUSH_MESSAGE_BYTES * PRICES.dataTransferOutGb) / 2 ** 30,
    'deadline timers fired':
      counted.timerInvocations * PRICES.schedulerInvocation + lambda(counted.timerInvocations, AWS_CALL_SECONDS.routeHandler, TIMER_LAMBDA_GB),
    'reminders fired': counted.remindersFired * PRICES.schedulerInvocation + lambda(counted.remindersFired, AWS_CALL_SECONDS.routeHandler, PUSH_LAMBDA_GB),
  };
  return { counted, costs, total: Object.values(costs).reduce((a, b) => a + b, 0), consumerAwsSeconds };
}

/** The goals of issue 27 per 1,000 games: a live four-player table, and asynchronous play with webhooks and plain reads (no device: what the goal was measured on). */
const GOALS = { table: 1.0, webhooksWithReads: 0.6 } as const;

function report(title: string, { counted, costs, total, consumerAwsSeconds }: Awaited<ReturnType<typeof scenario>>, extra: string[] = [], goal?: number) {
  const c = counted;
  console.log(`\n${title} (mean of ${GAMES} complete games):`);
  console.log(
    `  ${n(c.moves)} moves, ${n(c.commits)} commits; ${n(c.connections)} connections, ${fixed(c.connectedHours, 2)} connected hours${extra.map((e) => `; ${e}`).join('')}`,
  );
  console.log(`  HTTP: ${n(c.httpRequests)} requests (mean ${fixed(c.httpMeanMs, 1)} ms in the handler)`);
  for (const [key, count] of [...c.httpByRoute].sort((a, b) => b[1] - a[1])) console.log(`    ${key.padEnd(40)} ${n(count)}`);
  console.log(
    `  DynamoDB: ${n(c.dynamo.read)} RRU, ${n(c.dynamo.write)} WRU (${fixed(c.dynamo.read / c.commits, 2)} RRU and ${fixed(c.dynamo.write / c.commits, 2)} WRU per commit)`,
  );
  for (const row of c.dynamoRows.sort((a, b) => b.read + b.write * 5 - (a.read + a.write * 5)))
    console.log(`    ${row.kind.padEnd(52)} ${n(row.calls).padStart(6)} calls ${n(row.read).padStart(6)} RRU ${n(row.write).padStart(6)} WRU`);
  console.log(
    `    + on AWS, the consumer's reads of the connection index: ${n(c.commits)} (subscribers) + ${n(c.addressed)} (addressees' connections), 0.5 RRU each`,
  );
  console.log(`  WebSocket: ${n(c.messagesSent)} messages sent (billed as ${n(c.messagesBilled)} of 32 KB), ${n(c.messagesReceived)} received`);
  for (const [type, sent] of c.messagesByType)
    console.log(`    ${type.padEnd(14)} ${n(sent.count).padStart(6)}, the largest ${fixed(sent.largestBytes / 1024, 1)} KB`);
  console.log(
    `  ${n(c.deliveries)} webhook deliveries, ${n(c.pushes)} browser pushes (the sender's work ${fixed(PUSH_SENDER_MS, 2)} ms each, measured on a full core, ×${fixed(DELIVERY_CPU_SLOWDOWN, 1)} at ${DELIVERY_LAMBDA_GB * 1024} MB, + ${AWS_CALL_SECONDS.pushServiceAttempt * 1000} ms modelled for the push service's answer); reminders: ${n(c.reminders)} planned, ${n(c.reminders - c.remindersFired)} cancelled once answered, ${n(c.remindersFired)} fired`,
  );
  const o = c.outbox;
  console.log(
    `  outbox: ${n(o.messages)} messages queued by ${n(o.calls)} enqueue calls (${fixed(o.calls > 0 ? o.messages / o.calls : 0, 2)} a call), in ${n(o.invocations)} asynchronous invocations of the delivery function (${CHANNELS.map((ch) => `${ch} ${n(o.byChannel[ch].invocations)}, ${n(o.byChannel[ch].rounds)} rounds`).join('; ')}); the largest message ${n(o.largestBytes)} bytes`,
  );
  console.log(
    `  deadline timers: ${n(c.deadlineSchedules)} schedules, ${n(c.deadlinesDeleted)} deleted when their entry closed first, ${n(c.timerInvocations)} timer invocations per game`,
  );
  console.log(
    `  consumer: ${fixed(c.consumerMs, 1)} ms per commit measured + ${fixed((consumerAwsSeconds / c.commits) * 1000, 1)} ms modelled AWS calls (${n(c.deadlineSchedulerCalls)} Scheduler API calls for deadlines in ${n(c.deadlineRoundTrips)} round trips, at once with ${n(c.schedulerApiCalls)} for reminders and retries)`,
  );
  const goalSaid = goal === undefined ? '' : ` (goal at most $${goal.toFixed(2)}: ${1000 * total <= goal ? 'met' : 'not met'})`;
  console.log(`  per 1,000 games: ${dollars(1000 * total)}${goalSaid}`);
  for (const [part, cost] of Object.entries(costs)) console.log(`    ${part.padEnd(30)} ${dollars(1000 * cost)}`);
  /*
   * What no implementation of this design goes under, the scenario being what
   * it is: each move's API request and Lambda invocation, the commit and
   * notification writes, the commit messages (one per commit to each
   * subscriber but its author) with each connection's subscribe round trip,
   * and the minutes the players stay connected. Everything else (reads,
   * notifications sent alone, timers, the consumer's time, connection records)
   * is the implementation's.
   */
  const written = (kind: string) => c.dynamoRows.filter((row) => row.kind.endsWith(` ${kind}`)).reduce((units, row) => units + row.write, 0);
  const billed = (type: string) => c.messagesByType.get(type)?.billed ?? 0;
  const floorParts = {
    'move requests': c.moves * (PRICES.httpApiRequest + PRICES.lambdaRequest),
    'commit and notification writes': wru(written('commit') + written('notification')),
    'commit messages and subscriptions': (billed('commit') + billed('subscribed') + c.messagesReceived) * PRICES.webSocketMessage,
    'connected minutes': c.connectedHours * 60 * PRICES.webSocketConnectionMinute,
  };
  const floor = Object.values(floorParts).reduce((a, b) => a + b, 0);
  const floorSaid = Object.entries(floorParts)
    .map(([part, cost]) => `${part} ${dollars(1000 * cost)}`)
    .join(', ');
  console.log(`    of which the floor: ${dollars(1000 * floor)} (${floorSaid})`);
}

// ── 3. complete four-player games with push clients, counted and priced ───

const table = await scenario(() => playAtTheTable(4, false));
/** An asynchronous scenario, with its sessions counted apart. */
function asynchronously(open: (token: string, gameId: string) => Promise<Session>, devices: boolean) {
  const sessions = { all: 0, idle: 0 };
  return {
    sessions,
    play: async () => {
      const played = await playAsynchronously(4, open, { devices });
      sessions.all += played.sessions / GAMES;
      sessions.idle += played.idleSessions / GAMES;
      return played;
    },
  };
}
const awayWithStream = asynchronously(streamSession, true);
const away = await scenario(awayWithStream.play);
const awayWithReadsAndDevices = asynchronously(httpSession, true);
const awayReadingWithDevices = await scenario(awayWithReadsAndDevices.play);
// The scenario issue 27 set its goal on: webhooks and plain reads, measured before each player also got a browser push device.
const awayWithReads = asynchronously(httpSession, false);
const awayReading = await scenario(awayWithReads.play);

await withHangingReceiver();

const perHourLongPoll = (() => {
  const requests = 3600 / LONG_POLL_SECONDS;
  return requests * PRICES.httpApiRequest + lambda(requests, LONG_POLL_SECONDS, HTTP_LAMBDA_GB) + rru(longPollReadsPerSecond * 3600);
})();
/** A connected hour of an idle stream client: its minutes, keepalive pings, and a reconnect (ticket, records, subscribe and its answer) every two hours. */
const perHourStream =
  60 * PRICES.webSocketConnectionMinute +
  KEEPALIVE_PINGS_PER_HOUR * pingCost +
  RECONNECTS_PER_HOUR * (httpRequestCost(table.counted.httpMeanMs) + connectionRecordsCost + 2 * PRICES.webSocketMessage);

console.log(`\nCounted in one idle long-poll: ${fixed(longPollReadsPerSecond, 2)} read units per second of waiting.`);
console.log(`Cost model, AWS us-east-1 list prices of ${PRICES.date}:`);
console.log(
  `  per 1,000 connected client-hours: WebSocket stream ${dollars(1000 * perHourStream)}, events long-poll ${dollars(1000 * perHourLongPoll)} (${fixed(perHourLongPoll / perHourStream, 0)}× cheaper)`,
);
report(
  'Four-player Villages of Valeria at the table: all four connected and subscribed throughout, no webhooks',
  table,
  [`${TABLE_SECONDS_PER_MOVE} s per move`],
  GOALS.table,
);
const sessionsOf = ({ sessions }: ReturnType<typeof asynchronously>) => [`${n(sessions.all)} sessions, ${n(sessions.idle)} of them found nothing left to do`];
report(
  'Four-player Villages of Valeria asynchronously: webhooks and a browser push device each, standing orders, a subscribed socket per session',
  away,
  sessionsOf(awayWithStream),
);
report(
  'Four-player Villages of Valeria asynchronously: webhooks and a browser push device each, standing orders, plain reads per session (no socket)',
  awayReadingWithDevices,
  sessionsOf(awayWithReadsAndDevices),
);
report(
  'Four-player Villages of Valeria asynchronously: webhooks (no device), standing orders, plain reads per session (no socket)',
  awayReading,
  sessionsOf(awayWithReads),
  GOALS.webhooksWithReads,
);

/** One e-mail on AWS: SES's price and the delivery function's invocation (alone at worst) for its attempt, a call to SES as long as a webhook's. */
const perEmail = PRICES.sesEmail + deliveryInvocations({ invocations: 1, rounds: 1 }, 'email');
console.log(`\nE-mail (SES v2, list price of ${PRICES.date}):`);
console.log(`  per 1,000 e-mails: ${dollars(1000 * perEmail)} (SES ${dollars(1000 * PRICES.sesEmail)}, the rest the outbox and the delivery function)`);
console.log(
  `  per 1,000 four-player games, every notice a player's webhook got mailed instead (${n(away.counted.deliveries)} a game; e-mail carries fewer types, and your-turn is off by default): at most ${dollars(1000 * away.counted.deliveries * perEmail)}`,
);
console.log(`  a daily digest: ${dollars(1000 * 365 * perEmail)} per 1,000 players a year`);

/** What one game of a scenario counted and cost, for the monthly table (bench/cost-table.ts). */
const unitsOf = ({ counted: c, costs, total }: Awaited<ReturnType<typeof scenario>>) => ({
  perGame: {
    moves: c.moves,
    commits: c.commits,
    httpRequests: c.httpRequests,
    httpMeanMs: c.httpMeanMs,
    webSocketMessages: c.messagesBilled + c.messagesReceived,
    connections: c.connections,
    connectedHours: c.connectedHours,
    deliveries: c.deliveries,
    pushes: c.pushes,
    outboxMessages: c.outbox.messages,
    deliveryInvocations: c.outbox.invocations,
  },
  costs,
  total,
});
await writeFile(
  UNITS_FILE,
  `${JSON.stringify(
    {
      pricesDate: PRICES.date,
      games: GAMES,
      scenarios: {
        table: unitsOf(table),
        awaySocketPerSession: unitsOf(away),
        awayPlainReadsWithDevices: unitsOf(awayReadingWithDevices),
        awayPlainReads: unitsOf(awayReading),
      },
      perEmail,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nPer-game units and costs written to ${UNITS_FILE} (npm run cost:table prints the monthly table from them).`);

stream.close();
push.stop();
server.close();
await catcher.stop();
await local.stop();
process.exit(0);
