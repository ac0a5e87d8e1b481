/**
 * The composition root: the one module that knows every adapter — the game
 * store and the push store (DynamoDB, in memory), the timers (EventBridge
 * Scheduler, in process) and the stream's connections (API Gateway's
 * Management API, this process's hub) — and puts each runtime together from
 * them: the Lambda entries (functions/lambda/) and `npm start`
 * (functions/local/start.ts). Nothing else picks an adapter: the service is
 * given a store, push a push store, both their timers.
 *
 * The deadline stream consumer (functions/lambda/stream.ts) alone does not
 * come here: it has no context, only the EventBridge adapter it builds from
 * its environment, and importing this module would load the whole service
 * into the smallest function's cold start.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { PushContext } from './push/context.js';
import type { PushSink } from './push/notify/channels.js';
import { withPush } from './push/notify/notifier.js';
import { DEFAULT_PUSH_POLICY, type PushPolicy } from './push/policy.js';
import { reminderPlanner } from './push/reminders/reminders.js';
import { runLocalPush, type LocalPush, type LocalPushOptions } from './push/runners/local.js';
import { pushTimerHandlers } from './push/runners/timers.js';
import { DynamoPushStore } from './push/store/dynamo.js';
import { MemoryPushStore } from './push/store/memory.js';
import type { PushStore } from './push/store/port.js';
import { connectionSink, managementApiSender, type ConnectionSender } from './push/stream/api-gateway.js';
import { webhookSink } from './push/webhooks/webhooks.js';
import { createServiceContext, LOAD_PAGE_SIZE, type ServiceContext } from './service/context.js';
import { armDeadlines, settleDeadline, type EarlyFirings } from './service/deadline-firing.js';
import { vacationPolicyFromEnv } from './service/vacation-policy.js';
import { SUMMARIES_FROM_THE_STREAM } from './service/summaries.js';
import { boundedDynamoClient, localDynamoClient, type LocalDynamoAddress } from './store/dynamo-client.js';
import { DynamoStore } from './store/dynamodb.js';
import { MemoryStore } from './store/memory.js';
import type { Store } from './store/port.js';
import { eventBridgeTimersFromEnv } from './timers/eventbridge.js';
import { fireTimer, type TimerHandlers } from './timers/fire.js';
import { LocalTimers, type TimerFailure } from './timers/local.js';
import type { Timer, Timers } from './timers/port.js';

/** The table `npm start` keeps its games in, on DynamoDB Local. */
export const LOCAL_TABLE = 'valeria-local';

function setting(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/** A game store, and the push store beside it (on the service's clock). */
interface Stores<S extends Store = Store> {
  readonly store: S;
  readonly pushStore: (clock: () => number) => PushStore;
}

/** Both on one DynamoDB table: push records live beside the games. */
function dynamoStores(client: DynamoDBClient, table: string): Stores<DynamoStore> {
  return {
    store: new DynamoStore({ client, tableName: table, loadPageSize: LOAD_PAGE_SIZE }),
    pushStore: (clock) => new DynamoPushStore(client, table, clock),
  };
}

/** Both in memory (`npm start` without Java). */
function memoryStores(): Stores {
  return { store: new MemoryStore(), pushStore: (clock) => new MemoryPushStore(clock) };
}

/** The service on `stores`, production defaults for what `parts` leaves out, and push beside it. */
function contextOn(stores: Stores, parts: Partial<Omit<ServiceContext, 'store'>> & { readonly pushPolicy: PushPolicy }): PushContext {
  const { pushPolicy, ...serviceParts } = parts;
  const service = createServiceContext({ ...serviceParts, store: stores.store });
  return withPush(service, { push: stores.pushStore(service.clock), pushPolicy });
}

/**
 * What every timer does when it fires: a deadline brings its game up to date
 * (meeting an early firing as `early` says, on AWS), a reminder or a webhook
 * retry hands what it sends to `sinks`.
 */
function timerHandlers(ctx: PushContext, timers: Timers, sinks: readonly PushSink[], early?: EarlyFirings): TimerHandlers {
  return { deadline: (payload) => settleDeadline(ctx, payload, early), ...pushTimerHandlers(ctx, timers, sinks) };
}

// ── On AWS (functions/lambda/) ──────────────────────────────────────────────

/** The context of every Lambda on the game table (TABLE_NAME): `parts` replace defaults (the HTTP entry's token cache). */
export function awsContext(env: NodeJS.ProcessEnv, parts: Partial<Omit<ServiceContext, 'store'>> = {}): PushContext {
  return contextOn(dynamoStores(boundedDynamoClient(), setting(env, 'TABLE_NAME')), {
    // The stream consumer (functions/lambda/stream.ts) writes each commit's summary once it is durable.
    summaries: SUMMARIES_FROM_THE_STREAM,
    ...parts,
    // Stream tickets point at the WebSocket API's stage.
    pushPolicy: { ...DEFAULT_PUSH_POLICY, streamUrl: env.STREAM_URL ?? null },
    vacation: vacationPolicyFromEnv(env),
  });
}

/** The WebSocket routes': the context, and a sender to the connections of the stage a route was called at. */
export function awsWebSocket(env: NodeJS.ProcessEnv): { readonly ctx: PushContext; readonly senderAt: (endpoint: string) => ConnectionSender } {
  return { ctx: awsContext(env), senderAt: managementApiSender };
}

export interface AwsPush {
  readonly ctx: PushContext;
  /** Push's channels: the stream's connections (through the Management API at STREAM_ENDPOINT), webhooks, reminders. */
  readonly sinks: readonly PushSink[];
  /** The handler of every kind of timer. */
  readonly handlers: TimerHandlers;
}

/**
 * Push on AWS, for the push function (the stream consumer of new commits)
 * and the timer function (the target of every schedule): push's channels,
 * the timers on EventBridge Scheduler in the stack's one group, and the
 * handler of every kind of timer; a timer already due runs at once in the
 * invocation that schedules it. `self`: the timer function targets itself,
 * by the ARN it was invoked under; `early`: how it meets a deadline firing early.
 */
export function awsPush(env: NodeJS.ProcessEnv, options: { readonly self?: () => string; readonly early?: EarlyFirings } = {}): AwsPush {
  const streamEndpoint = setting(env, 'STREAM_ENDPOINT');
  const ctx = awsContext(env);
  const sinks: PushSink[] = [];
  const runDue = async (timer: Timer) => void (await fireTimer(handlers, timer.payload));
  const timers = eventBridgeTimersFromEnv(env, { target: options.self, runDue });
  const handlers = timerHandlers(ctx, timers, sinks, options.early);
  sinks.push(connectionSink(ctx, managementApiSender(streamEndpoint)), webhookSink(ctx, timers), reminderPlanner(ctx, timers));
  return { ctx, sinks, handlers };
}

// ── `npm start` (functions/local/start.ts) ──────────────────────────────────

/**
 * `npm start`'s context: on DynamoDB Local at `dynamo` (its table made if
 * missing), or in memory when there is none (no Java). Webhook receivers on
 * http://127.0.0.1 are allowed here, and only here, while the server is
 * reachable from this machine alone (`loopbackWebhooks`: its default;
 * WEBHOOKS_ALLOW_LOOPBACK=0 or 1 says otherwise).
 */
export async function localContext(
  dynamo: LocalDynamoAddress | null,
  env: NodeJS.ProcessEnv,
  { loopbackWebhooks }: { readonly loopbackWebhooks: boolean },
): Promise<PushContext> {
  const allowLoopbackHttp = env.WEBHOOKS_ALLOW_LOOPBACK === undefined ? loopbackWebhooks : env.WEBHOOKS_ALLOW_LOOPBACK !== '0';
  const parts = { pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp }, vacation: vacationPolicyFromEnv(env) };
  if (dynamo === null) return contextOn(memoryStores(), parts);
  const stores = dynamoStores(localDynamoClient(dynamo), LOCAL_TABLE);
  // DynamoDB Local keeps its data under .data/: the table is made on the first start only.
  await stores.store.ensureTable();
  return contextOn(stores, parts);
}

export interface LocalTimersOptions {
  /** Whether deadlines get timers; tests that move a clock by hand leave them to lazy expiry. */
  readonly deadlines: boolean;
  readonly onTimerFailure?: TimerFailure;
}

export interface LocalTimersRun {
  /** The one timers adapter: deadlines, reminders, webhook retries. */
  readonly timers: LocalTimers;
  /** What start-up armed: a deadline timer per game waiting on one, and the stored timers (reminders, retries). */
  readonly restored: { readonly deadlines: number; readonly stored: number };
  stop(): void;
}

export type LocalPushRun = LocalTimersRun & LocalPush;

/** One LocalTimers for every kind, its agenda kept with the push records; what a reminder or a retry sends goes to `sinks`. */
function localTimers(ctx: PushContext, sinks: readonly PushSink[], onFailure?: TimerFailure): LocalTimers {
  const fire = async (timer: Timer) => (await fireTimer(handlers, timer.payload))?.next ?? null;
  const timers = new LocalTimers(ctx.push, fire, ctx.clock, onFailure);
  const handlers = timerHandlers(ctx, timers, sinks);
  return timers;
}

/**
 * Re-arms what the agenda holds (a restart loses no reminder or retry) and,
 * with `deadlines`, arms each durable commit's deadline and, now, every
 * running game's, read from the store.
 */
async function armLocalTimers(ctx: PushContext, timers: LocalTimers, deadlines: boolean) {
  const stored = await timers.restore();
  const armed = deadlines ? await armDeadlines(ctx, timers) : null;
  return { restored: { deadlines: armed?.armed ?? 0, stored }, stop: () => armed?.stop() };
}

/** Timers alone in process, no push channels (the scheduling tests). */
export async function startLocalTimers(ctx: PushContext, options: LocalTimersOptions): Promise<LocalTimersRun> {
  const timers = localTimers(ctx, [], options.onTimerFailure);
  const armed = await armLocalTimers(ctx, timers, options.deadlines);
  return {
    timers,
    restored: armed.restored,
    stop: () => {
      armed.stop();
      timers.stop();
    },
  };
}

/**
 * Push and timers in process, as `npm start` runs them (the API tests too,
 * without deadlines): push's channels — the stream's hub, webhooks,
 * reminders — fed by the commit signal before anything the timers re-arm or
 * resolve at start can commit.
 */
export async function startLocalPush(ctx: PushContext, options: LocalTimersOptions & LocalPushOptions): Promise<LocalPushRun> {
  const sinks: PushSink[] = [];
  const timers = localTimers(ctx, sinks, options.onTimerFailure);
  const push = runLocalPush(ctx, timers, sinks, options);
  const armed = await armLocalTimers(ctx, timers, options.deadlines);
  return {
    timers,
    restored: armed.restored,
    notifier: push.notifier,
    hub: push.hub,
    stop: () => {
      armed.stop();
      push.stop();
      timers.stop();
    },
  };
}
