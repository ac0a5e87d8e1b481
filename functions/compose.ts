/**
 * The composition root: the one module that knows every adapter — the game
 * store and the push store (DynamoDB, in memory), the timers (EventBridge
 * Scheduler, in process) and the stream's connections (API Gateway's
 * Management API, this process's hub) — and puts each runtime together from
 * them: the Lambda entries (functions/lambda/) and `npm start`
 * (functions/local/start.ts). Nothing else picks an adapter: the service is
 * given a store, push a push store, both their timers.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { PushContext } from './push/context.js';
import type { PushSink } from './push/notify/channels.js';
import { withPush } from './push/notify/notifier.js';
import { LocalOutbox } from './push/outbox/local.js';
import type { OutboxMessage } from './push/outbox/message.js';
import type { Outbox } from './push/outbox/port.js';
import { invokeOutboxFromEnv } from './push/outbox/invoke.js';
import { DEFAULT_PUSH_POLICY, type PushPolicy } from './push/policy.js';
import { reminderPlanner } from './push/reminders/reminders.js';
import { deliveryDispatcher } from './push/runners/deliveries.js';
import { runLocalPush, type LocalPush, type LocalPushOptions } from './push/runners/local.js';
import { pushTimerHandlers } from './push/runners/timers.js';
import { DynamoPushStore } from './push/store/dynamo.js';
import { MemoryPushStore } from './push/store/memory.js';
import type { PushStore } from './push/store/port.js';
import { connectionSink, managementApiSender, type ConnectionSender } from './push/stream/api-gateway.js';
import { webhookSink } from './push/webhooks/webhooks.js';
import { secretsManagerSeed, secretsManagerVapid } from './push/webpush/secret.js';
import type { MailDesk } from './push/email/address.js';
import { emailSink } from './push/email/sink.js';
import { mailKeyFromSeed } from './push/email/tokens.js';
import type { Mailer } from './push/email/mailer.js';
import type { EmailPolicy } from './push/policy.js';
import { webPushSink } from './push/webpush/sink.js';
import { vapidKeysFromSeed, vapidSubject } from './push/webpush/vapid.js';
import { createServiceContext, LOAD_PAGE_SIZE, type ServiceContext } from './service/context.js';
import { RecentGames } from './service/recent-games.js';
import { armDeadlines, settleDeadline, type EarlyFirings } from './service/deadline-firing.js';
import { relyingPartyAt } from './service/relying-party.js';
import { vacationPolicyFromEnv } from './service/vacation-policy.js';
import { boundedDynamoClient, localDynamoClient, type LocalDynamoAddress } from './store/dynamo-client.js';
import { DynamoStore } from './store/dynamodb.js';
import { MemoryStore } from './store/memory.js';
import type { Store } from './store/port.js';
import { eventBridgeTimersFromEnv } from './timers/eventbridge.js';
import { fireTimer, type TimerHandlers } from './timers/fire.js';
import { LocalTimers, type TimerFailure } from './timers/local.js';
import type { Timer, Timers } from './timers/port.js';
import { passOverPool, sweepPools } from './service/automatch.js';
import { poolTimer } from './service/automatch-timer.js';

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
 * (meeting an early firing as `early` says, on AWS), an automatch pool's
 * pass seats who it can (and asks `timers` for the next), a reminder hands what it
 * sends to `sinks`, a webhook retry goes back to the outbox, a digest is
 * queued there and the next one planned on `timers`.
 */
function timerHandlers(ctx: PushContext, sinks: readonly PushSink[], outbox: Outbox, timers: Timers, early?: EarlyFirings): TimerHandlers {
  return {
    deadline: (payload) => settleDeadline(ctx, payload, early),
    automatch: (payload) => passOverPool(ctx, timers, payload),
    'automatch-sweep': () => sweepPools(ctx, timers),
    ...pushTimerHandlers(ctx, sinks, outbox, timers),
  };
}

/** E-mail from `from`, its links signed with the key of `seed`, sent by `mailer` where this runtime sends. */
function emailPolicy(from: string, seed: () => Promise<string>, mailer: Mailer | null): EmailPolicy {
  let key: Promise<Uint8Array> | null = null;
  return { from, key: () => (key ??= seed().then(mailKeyFromSeed)), mailer };
}

// ── On AWS (functions/lambda/) ──────────────────────────────────────────────

/**
 * The context of every Lambda on the game table (TABLE_NAME): `parts` replace
 * defaults (the HTTP entry's token cache); `mailer` sends e-mail (the delivery
 * function's SES adapter: the others only record, and never bundle it).
 */
export function awsContext(env: NodeJS.ProcessEnv, parts: Partial<Omit<ServiceContext, 'store'>> = {}, mailer: Mailer | null = null): PushContext {
  return contextOn(dynamoStores(boundedDynamoClient(), setting(env, 'TABLE_NAME')), {
    ...parts,
    // Stream tickets point at the WebSocket API's stage; chat messages link to the tables on the distribution.
    pushPolicy: { ...DEFAULT_PUSH_POLICY, streamUrl: env.STREAM_URL ?? null, appUrl: env.APP_URL ?? null, ...awsSecrets(env, mailer) },
    vacation: vacationPolicyFromEnv(env),
    // Passkeys are bound to the distribution's host (functions without APP_URL never see one).
    relyingParty: env.APP_URL ? relyingPartyAt(env.APP_URL) : null,
  });
}

/**
 * What derives from the seed secret at VAPID_SECRET_ARN (functions not told
 * of it have neither, and never push or mail): the VAPID keys and, where
 * MAIL_FROM is set (the stack sets it when it is given a sending identity),
 * e-mail, sent by `mailer` where there is one.
 */
function awsSecrets(env: NodeJS.ProcessEnv, mailer: Mailer | null): Pick<PushPolicy, 'vapid' | 'email'> {
  const secret = env.VAPID_SECRET_ARN;
  if (!secret) return { vapid: null, email: null };
  const seed = secretsManagerSeed(secret);
  return {
    vapid: secretsManagerVapid(seed, vapidSubject(env.APP_URL ?? null, env.VAPID_SUBJECT)),
    email: env.MAIL_FROM ? emailPolicy(env.MAIL_FROM, seed, mailer) : null,
  };
}

/**
 * The HTTP function's part of e-mail: the outbox a confirmation is queued in
 * (the delivery function, DELIVERY_FUNCTION_NAME) and the timers a digest is planned on (the stack's
 * group, for the timer function at TIMER_FUNCTION_ARN); none where the stack
 * sends no e-mail.
 */
export function awsMailDesk(env: NodeJS.ProcessEnv): MailDesk | undefined {
  if (!env.MAIL_FROM || !env.DELIVERY_FUNCTION_NAME) return undefined;
  return { outbox: invokeOutboxFromEnv(env), timers: eventBridgeTimersFromEnv(env) };
}

/** The WebSocket routes': the context, and a sender to the connections of the stage a route was called at. */
export function awsWebSocket(env: NodeJS.ProcessEnv): { readonly ctx: PushContext; readonly senderAt: (endpoint: string) => ConnectionSender } {
  return { ctx: awsContext(env), senderAt: managementApiSender };
}

export interface AwsPush {
  readonly ctx: PushContext;
  /** Push's channels: the stream's connections (through the Management API at STREAM_ENDPOINT), webhooks and browser push (into the outbox), reminders. */
  readonly sinks: readonly PushSink[];
  /** The handler of every kind of timer. */
  readonly handlers: TimerHandlers;
  /** Runs one message of the outbox (the delivery function's work). */
  readonly deliver: (message: OutboxMessage) => Promise<void>;
}

/**
 * Push on AWS, for the push function (the table's stream consumer),
 * the timer function (the target of every schedule) and the delivery
 * function (what the outbox invokes): push's channels, the outbox as
 * asynchronous invocations of the delivery function (DELIVERY_FUNCTION_NAME),
 * the timers on EventBridge Scheduler in the stack's one group, the handler
 * of every kind of timer (a timer already due runs at once in the invocation
 * that schedules it), and what runs an outbox message.
 * `self`: the timer function targets itself, by the ARN it was invoked under;
 * `early`: how it meets a deadline firing early; `mailer`: the delivery
 * function's, which sends e-mail.
 */
export function awsPush(
  env: NodeJS.ProcessEnv,
  options: { readonly self?: () => string; readonly early?: EarlyFirings; readonly mailer?: Mailer | null } = {},
): AwsPush {
  const streamEndpoint = setting(env, 'STREAM_ENDPOINT');
  const ctx = awsContext(env, {}, options.mailer ?? null);
  const sinks: PushSink[] = [];
  const outbox = invokeOutboxFromEnv(env);
  const runDue = async (timer: Timer) => void (await fireTimer(handlers, timer.payload));
  const timers = eventBridgeTimersFromEnv(env, { target: options.self, runDue });
  const handlers = timerHandlers(ctx, sinks, outbox, timers, options.early);
  // A player with a WebSocket subscribed to the game (its index entry under the game) is watching it: no push about it.
  const watching = async (playerId: string, gameId: string) => (await ctx.push.gameSubscribers(gameId, 'eventual')).some((s) => s.playerId === playerId);
  sinks.push(
    connectionSink(ctx, managementApiSender(streamEndpoint)),
    webhookSink(ctx, outbox),
    webPushSink(ctx, outbox, watching),
    emailSink(ctx, outbox),
    reminderPlanner(timers),
  );
  const dispatcher = deliveryDispatcher(ctx, timers, sinks);
  return { ctx, sinks, handlers, deliver: (message) => dispatcher.dispatch(message) };
}

// ── `npm start` (functions/local/start.ts) ──────────────────────────────────

/**
 * `npm start` serves every game from one process, where a Lambda instance
 * sees a share of them: it keeps the state of this many (bench:load's 2,000
 * games at once, and more) for its moves and again for its notifier, so a
 * move reads only what is new however many games run. A four-player game's
 * state at its end takes 3 KB (Villages of Valeria) to 19 KB (Card Kingdoms)
 * of heap: at most about 0.2 GB for both when all are held.
 */
const GAMES_HELD_BY_ONE_PROCESS = 5_000;

/**
 * `npm start`'s context: on DynamoDB Local at `dynamo` (its table made if
 * missing), or in memory when there is none (no Java). Webhook receivers on
 * http://127.0.0.1 are allowed here, and only here, while the server is
 * reachable from this machine alone (`loopbackWebhooks`: its default;
 * WEBHOOKS_ALLOW_LOOPBACK=0 or 1 says otherwise). Chat messages link to
 * the tables at `appUrl` (APP_URL says otherwise, e.g. when HOST shares the server),
 * and passkeys are bound to its host.
 * Browser push signs with the VAPID keys of `vapidSeed`, kept with the local
 * data; e-mail goes through `mailer` (SMTP to the local mail catcher, or
 * to SMTP_URL), from MAIL_FROM, its links signed with a key of the same seed.
 */
export async function localContext(
  dynamo: LocalDynamoAddress | null,
  env: NodeJS.ProcessEnv,
  {
    loopbackWebhooks,
    appUrl,
    vapidSeed,
    mailer,
    onDynamoClient = () => {},
  }: {
    readonly loopbackWebhooks: boolean;
    readonly appUrl: string;
    readonly vapidSeed: string;
    readonly mailer: Mailer | null;
    /** Told the DynamoDB client the stores share (the diagnostics count its requests). */
    readonly onDynamoClient?: (client: DynamoDBClient) => void;
  },
): Promise<PushContext> {
  const allowLoopbackHttp = env.WEBHOOKS_ALLOW_LOOPBACK === undefined ? loopbackWebhooks : env.WEBHOOKS_ALLOW_LOOPBACK !== '0';
  const app = env.APP_URL ?? appUrl;
  const vapid = vapidKeysFromSeed(vapidSeed, vapidSubject(app, env.VAPID_SUBJECT));
  const email = mailer === null ? null : localEmailPolicy(env, vapidSeed, mailer);
  const pushPolicy = { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp, appUrl: app, vapid: async () => vapid, email };
  // Passkeys are bound to the address the web client is opened at: a host name (browsers refuse an IP address as a relying party).
  const parts = {
    pushPolicy,
    vacation: vacationPolicyFromEnv(env),
    relyingParty: relyingPartyAt(app),
    recentGames: new RecentGames(GAMES_HELD_BY_ONE_PROCESS),
  };
  if (dynamo === null) return contextOn(memoryStores(), parts);
  const client = localDynamoClient(dynamo);
  onDynamoClient(client);
  const stores = dynamoStores(client, LOCAL_TABLE);
  // DynamoDB Local keeps its data under .data/: the table is made on the first start only.
  await stores.store.ensureTable();
  return contextOn(stores, parts);
}

/**
 * E-mail through `mailer`, from MAIL_FROM (a local address by default), its
 * links signed with a key of `seed`. The runner builds the SMTP mailer
 * (push/email/smtp.ts), so nodemailer stays out of the Lambda bundles.
 */
export function localEmailPolicy(env: NodeJS.ProcessEnv, seed: string, mailer: Mailer): EmailPolicy {
  return emailPolicy(env.MAIL_FROM ?? 'Valeria Tabletop <play@localhost>', async () => seed, mailer);
}

export interface LocalTimersOptions {
  /** Whether deadlines get timers; tests that move a clock by hand leave them to lazy expiry. */
  readonly deadlines: boolean;
  readonly onTimerFailure?: TimerFailure;
  /** Hears of each outbox message whose handling failed (it is tried again). */
  readonly onError?: (error: unknown) => void;
}

export interface LocalTimersRun {
  /** The one timers adapter: deadlines, reminders, webhook retries. */
  readonly timers: LocalTimers;
  /** The outbox every delivery runs from, first attempts and retries (`idle()` says when none is running). */
  readonly outbox: LocalOutbox;
  /** What start-up armed: a deadline timer per game waiting on one, the stored timers (reminders, retries), and deliveries accepted but not finished. */
  readonly restored: { readonly deadlines: number; readonly stored: number; readonly deliveries: number };
  stop(): void;
}

export type LocalPushRun = LocalTimersRun & LocalPush;

/**
 * One LocalTimers for every kind, its agenda kept with the push records, and
 * the outbox beside it, kept there too; what a reminder or a delivery sends
 * goes to `sinks`.
 */
function localTimers(ctx: PushContext, sinks: readonly PushSink[], onFailure?: TimerFailure, onError?: (error: unknown) => void) {
  const fire = async (timer: Timer) => (await fireTimer(handlers, timer.payload))?.next ?? null;
  const timers = new LocalTimers(ctx.push, fire, ctx.clock, onFailure);
  const dispatcher = deliveryDispatcher(ctx, timers, sinks);
  const outbox = new LocalOutbox(ctx.push, (message) => dispatcher.dispatch(message), onError);
  const handlers = timerHandlers(ctx, sinks, outbox, timers);
  return { timers, outbox };
}

/**
 * Re-arms what the agenda holds (a restart loses no reminder, retry or
 * automatch pass), arms each new seek's pool pass, runs
 * what the outbox holds (nor an accepted delivery) and, with `deadlines`,
 * arms each durable commit's deadline and, now, every running game's, read
 * from the store.
 */
async function armLocalTimers(ctx: PushContext, { timers, outbox }: ReturnType<typeof localTimers>, deadlines: boolean) {
  const stored = await timers.restore();
  const deliveries = await outbox.restore();
  const armed = deadlines ? await armDeadlines(ctx, timers) : null;
  // Each new seek arms its pool's next pass (on AWS the stream consumer does, from the seek's item); the agenda keeps it over a restart.
  const stopSeeks = ctx.seeks.subscribe((seek) => {
    timers.schedule(poolTimer(seek.game, seek.pool, seek.createdAt)).catch((error: unknown) => console.error('automatch pass not armed', error));
  });
  return {
    restored: { deadlines: armed?.armed ?? 0, stored, deliveries },
    stop: () => {
      stopSeeks();
      armed?.stop();
      outbox.stop();
      timers.stop();
    },
  };
}

/** Timers alone in process, no push channels (the scheduling tests). */
export async function startLocalTimers(ctx: PushContext, options: LocalTimersOptions): Promise<LocalTimersRun> {
  const local = localTimers(ctx, [], options.onTimerFailure, options.onError);
  const armed = await armLocalTimers(ctx, local, options.deadlines);
  return { ...local, restored: armed.restored, stop: armed.stop };
}

/**
 * Push and timers in process, as `npm start` runs them (the API tests too,
 * without deadlines): push's channels — the stream's hub, webhooks,
 * reminders — fed by the commit signal before anything the timers re-arm or
 * resolve at start can commit.
 */
export async function startLocalPush(ctx: PushContext, options: LocalTimersOptions & LocalPushOptions): Promise<LocalPushRun> {
  const sinks: PushSink[] = [];
  const local = localTimers(ctx, sinks, options.onTimerFailure, options.onError);
  const push = runLocalPush(ctx, local.timers, local.outbox, sinks, options);
  const armed = await armLocalTimers(ctx, local, options.deadlines);
  return {
    ...local,
    restored: armed.restored,
    notifier: push.notifier,
    hub: push.hub,
    stop: () => {
      push.stop();
      armed.stop();
    },
  };
}
