import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PushContext } from '../../functions/push/context.js';
import { InvokeOutbox, type FunctionInvoker } from '../../functions/push/outbox/invoke.js';
import { OutboxMessage } from '../../functions/push/outbox/message.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import type { DeliveryRecord, WebhookRecord } from '../../functions/push/store/port.js';
import { CARRIED_SIGNATURE_MS, newDeliveryMessage, retryMessage, signedDeliveryMessage, webhookCourier } from '../../functions/push/webhooks/courier.js';
import { webPushCourier } from '../../functions/push/webpush/courier.js';
import { vapidKeysFromSeed } from '../../functions/push/webpush/vapid.js';
import type { Timer, Timers, WebhookDeliveryPayload } from '../../functions/timers/port.js';
import { webhookRecord } from '../support/push-records.js';
import { manualClock, STORE_KINDS, storeOf } from '../support/api.js';
import { testContext } from '../support/context.js';
import { startPushService } from '../support/push-service.js';
import { startReceiver } from '../support/webhook-receiver.js';

/**
 * A delivery's record is written once for its first attempt: the outbox
 * message of a new delivery carries its content, and the courier writes the
 * record with the attempt's outcome, on condition that it does not exist yet
 * (functions/push/webhooks/courier.ts, shared by the three channels). Each
 * write of a delivery record is counted on the real store of either kind.
 */
describe.each(STORE_KINDS)('a new delivery recorded with its first attempt (%s store)', (kind) => {
  const RETRIES = [0, 1000, 2000];
  let ctx: PushContext;
  let clock: ReturnType<typeof manualClock>;
  let writes: string[];
  let scheduled: Timer[];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let answers: number[];
  let hook: WebhookRecord;

  const timers: Timers = {
    schedule: async (timer) => void scheduled.push(timer),
    cancel: async () => {},
  };
  const courier = () => webhookCourier(ctx, timers, async () => {});
  const newMessage = (id = 'msg_first') =>
    newDeliveryMessage({ id, webhookId: hook.id, ownerId: hook.ownerId, type: 'your-turn', body: '{"type":"your-turn"}', createdAt: clock.now() }, 'webhook');
  const records = () => ctx.push.listDeliveries(hook.id, 10);

  beforeEach(async () => {
    clock = manualClock();
    ctx = testContext({
      store: await storeOf(kind, 'first-attempt', clock.now),
      clock: clock.now,
      pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, retryDelaysMs: RETRIES },
    });
    writes = [];
    scheduled = [];
    const { push } = ctx;
    const createDelivery = push.createDelivery.bind(push);
    const putDelivery = push.putDelivery.bind(push);
    push.createDelivery = async (delivery) => {
      const created = await createDelivery(delivery);
      writes.push(`create ${delivery.state}${created ? '' : ' (refused: it exists)'}`);
      return created;
    };
    push.putDelivery = async (delivery) => {
      writes.push(`put ${delivery.state}`);
      return putDelivery(delivery);
    };
    answers = [];
    receiver = await startReceiver((n) => answers[n] ?? 204);
    hook = { ...webhookRecord('wh_first', 'pl_owner', null, clock.now()), url: receiver.url, secret: `whsec_${randomBytes(24).toString('base64')}` };
    expect(await ctx.push.addWebhook(hook, 10)).toBe(true);
  });
  afterEach(() => receiver.close());

  it('carries the content in the message, never the signing secret, and parses as the one schema', () => {
    const message = newMessage();
    expect(OutboxMessage.parse(JSON.parse(JSON.stringify(message)))).toEqual(message);
    expect(message.content).toEqual({ type: 'your-turn', body: '{"type":"your-turn"}' });
    expect(JSON.stringify(message)).not.toContain(hook.secret);
  });

  it('writes the record of a first attempt that succeeded once, delivered, as the deliveries list shows it', async () => {
    expect(await courier().attempt(newMessage())).toBe('delivered');
    expect(writes).toEqual(['create delivered']);
    const [record, ...others] = await records();
    expect(others).toEqual([]);
    expect(record).toEqual<DeliveryRecord>({
      id: 'msg_first',
      webhookId: hook.id,
      ownerId: hook.ownerId,
      type: 'your-turn',
      body: '{"type":"your-turn"}',
      createdAt: clock.now(),
      state: 'delivered',
      attempts: [{ at: clock.now(), status: 204, error: null }],
      nextAttemptAt: null,
    });
    expect(receiver.received.map((r) => [r.headers['webhook-id'], r.body])).toEqual([['msg_first', '{"type":"your-turn"}']]);
    expect(scheduled).toEqual([]);
  });

  it('stores a failed first attempt once, pending, with its retry timer; the retry names the record and rewrites it', async () => {
    answers = [500];
    expect(await courier().attempt(newMessage())).toBe('failed');
    expect(writes).toEqual(['create pending']);
    const retryAt = clock.now() + RETRIES[1]!;
    expect((await records()).map((r) => [r.state, r.attempts.map((a) => a.status), r.nextAttemptAt])).toEqual([['pending', [500], retryAt]]);
    const payload: WebhookDeliveryPayload = {
      kind: 'webhook-delivery',
      webhookId: hook.id,
      ownerId: hook.ownerId,
      deliveryId: 'msg_first',
      createdAt: clock.now(),
    };
    expect(scheduled).toEqual([{ id: 'whd:msg_first:1', dueAt: retryAt, payload }]);

    const retry = retryMessage(payload);
    expect(retry.content).toBeUndefined();
    clock.advance(RETRIES[1]!);
    expect(await courier().attempt(retry)).toBe('delivered');
    expect(writes).toEqual(['create pending', 'put delivered']);
    expect((await records()).map((r) => [r.state, r.attempts.map((a) => a.status)])).toEqual([['delivered', [500, 204]]]);
  });

  it('makes no second attempt for a duplicate new message once the delivery is recorded (a commit handled twice)', async () => {
    expect(await courier().attempt(newMessage())).toBe('delivered');
    expect(await courier().attempt(newMessage())).toBe('stale');
    expect(receiver.received).toHaveLength(1);
    expect(writes).toEqual(['create delivered']);
    expect((await records()).map((r) => r.attempts.length)).toEqual([1]);
  });

  it('keeps the first record when two handlings race: each may attempt, with the same webhook-id, and one record stays', async () => {
    const outcomes = await Promise.all([courier().attempt(newMessage()), courier().attempt(newMessage())]);
    expect(outcomes.filter((o) => o === 'delivered').length).toBe(receiver.received.length);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set(['msg_first']));
    expect(writes.filter((w) => w === 'create delivered')).toHaveLength(1);
    expect((await records()).map((r) => [r.state, r.attempts.length])).toEqual([['delivered', 1]]);
  });

  it('stores a new delivery deferred by an open breaker, pending with its next attempt planned, and attempts it when its timer fires', async () => {
    const until = clock.now() + 30_000;
    await courier().defer(newMessage(), until);
    expect(writes).toEqual(['create pending']);
    expect((await records()).map((r) => [r.state, r.attempts, r.nextAttemptAt])).toEqual([['pending', [], until]]);
    expect(scheduled.map((t) => [t.id, t.dueAt])).toEqual([['whd:msg_first:0', until]]);
    expect(receiver.received).toEqual([]);

    // The commit handled again meanwhile: the record exists, nothing is attempted before the timer.
    expect(await courier().attempt(newMessage())).toBe('stale');
    clock.advance(30_000);
    expect(await courier().attempt(retryMessage(scheduled[0]!.payload as WebhookDeliveryPayload))).toBe('delivered');
    expect(writes).toEqual(['create pending', 'put delivered']);
    expect(receiver.received).toHaveLength(1);
  });

  it('drops a new delivery whose webhook is gone without recording it; one to a disabled webhook is recorded failed', async () => {
    await ctx.push.deleteWebhook(hook);
    expect(await courier().attempt(newMessage('msg_gone'))).toBe('stale');
    expect(writes).toEqual([]);
    expect(await records()).toEqual([]);

    const disabled = { ...hook, id: 'wh_disabled', disabled: { at: clock.now(), reason: 'by hand' } };
    expect(await ctx.push.addWebhook(disabled, 10)).toBe(true);
    hook = disabled;
    expect(await courier().attempt(newMessage('msg_disabled'))).toBe('stale');
    expect((await records()).map((r) => [r.state, r.attempts.map((a) => a.error)])).toEqual([['failed', ['webhook deleted or disabled']]]);
    expect(receiver.received).toEqual([]);
  });
});

describe.each(STORE_KINDS)('a new browser push recorded with its first attempt (%s store)', (kind) => {
  it('carries the message and its headers, never the device’s keys, and writes the record once, delivered', async () => {
    const clock = manualClock(Date.now());
    const vapid = vapidKeysFromSeed(randomBytes(32).toString('base64url'), 'mailto:test@example.com');
    const ctx = testContext({
      store: await storeOf(kind, 'first-push', clock.now),
      clock: clock.now,
      pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, vapid: async () => vapid },
    });
    const device = await startPushService();
    const subscription = { id: 'ps_first', ownerId: 'pl_owner', ...device.subscription, label: null, createdAt: clock.now() };
    expect(await ctx.push.addPushSubscription(subscription, 10)).toBe(true);
    const created: string[] = [];
    const createDelivery = ctx.push.createDelivery.bind(ctx.push);
    ctx.push.createDelivery = async (delivery) => (created.push(delivery.state), createDelivery(delivery));
    ctx.push.putDelivery = async () => {
      throw new Error('a first attempt rewrites nothing');
    };
    const webPush = { topic: 'g-first', urgency: 'high' as const, expiresAt: clock.now() + 60_000 };
    const body = JSON.stringify({ type: 'your-turn', body: 'Your turn.' });
    const message = newDeliveryMessage(
      { id: 'msg_push', webhookId: subscription.id, ownerId: subscription.ownerId, type: 'your-turn', body, webPush, createdAt: clock.now() },
      'web-push',
    );
    expect(message.content).toEqual({ type: 'your-turn', body, webPush });
    for (const key of Object.values(device.subscription.keys)) expect(JSON.stringify(message)).not.toContain(key);

    const timers: Timers = { schedule: async () => {}, cancel: async () => {} };
    expect(await webPushCourier(ctx, timers).attempt(message)).toBe('delivered');
    expect(created).toEqual(['delivered']);
    expect(device.received.map((m) => [m.plaintext, m.problems])).toEqual([[body, []]]);
    expect((await ctx.push.getDelivery(subscription.id, clock.now(), 'msg_push', 'strong'))?.webPush).toEqual(webPush);
    await device.close();
  });
});

/**
 * A first attempt reads as little as it can: its record eventually
 * consistent (only to skip a delivery recorded already; the conditional
 * create is the guard) and nothing of the subscription while the signature
 * its commit's consumer made is fresh (CARRIED_SIGNATURE_MS). A stale one,
 * and every retry, read the subscription and sign again; a retry reads its
 * record strongly consistent.
 */
describe.each(STORE_KINDS)('a new webhook delivery signed as it was queued (%s store)', (kind) => {
  let ctx: PushContext;
  let clock: ReturnType<typeof manualClock>;
  let reads: string[];
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let answers: number[];
  let hook: WebhookRecord;
  let scheduled: Timer[];
  const timers: Timers = { schedule: async (timer) => void scheduled.push(timer), cancel: async () => {} };
  const courier = () => webhookCourier(ctx, timers, async () => {});
  const body = '{"type":"your-turn","data":{}}';
  /** Queued as the sink queues it, at the clock's time. */
  const queued = (id = 'msg_signed') =>
    signedDeliveryMessage({ id, webhookId: hook.id, ownerId: hook.ownerId, type: 'your-turn', body, createdAt: clock.now() }, hook, clock.now());
  const verified = (n: number) => {
    const got = receiver.received[n]!;
    return new Webhook(hook.secret).verify(got.body, got.headers as Record<string, string>);
  };

  beforeEach(async () => {
    // The receiver checks the signature's timestamp against the real clock.
    clock = manualClock(Date.now());
    ctx = testContext({
      store: await storeOf(kind, 'signed-first', clock.now),
      clock: clock.now,
      pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, retryDelaysMs: [0, 1000, 2000] },
    });
    reads = [];
    scheduled = [];
    const { push } = ctx;
    const getDelivery = push.getDelivery.bind(push);
    const getWebhook = push.getWebhook.bind(push);
    push.getDelivery = async (webhookId, createdAt, id, consistency) => (
      reads.push(`delivery ${consistency}`),
      getDelivery(webhookId, createdAt, id, consistency)
    );
    push.getWebhook = async (ownerId, id) => (reads.push('webhook'), getWebhook(ownerId, id));
    answers = [];
    receiver = await startReceiver((n) => answers[n] ?? 204);
    hook = { ...webhookRecord('wh_signed', 'pl_owner', null, clock.now()), url: receiver.url, secret: `whsec_${randomBytes(24).toString('base64')}` };
    expect(await ctx.push.addWebhook(hook, 10)).toBe(true);
  });
  afterEach(() => receiver.close());

  it('queues the URL and the signature, never the secret: the invocation payload holds neither the secret nor its key', async () => {
    const invoked: string[] = [];
    const invoker: FunctionInvoker = { invoke: async (input) => (invoked.push(String(input.Payload)), { StatusCode: 202 }) };
    await new InvokeOutbox(invoker, 'deliveries-fn').enqueue([queued()]);
    expect(invoked).toHaveLength(1);
    expect(invoked[0]).not.toContain(hook.secret);
    expect(invoked[0]).not.toContain(hook.secret.slice('whsec_'.length));
    const [message] = (JSON.parse(invoked[0]!) as { messages: unknown[] }).messages;
    expect(OutboxMessage.parse(message).signed).toEqual({ url: hook.url, timestamp: Math.floor(clock.now() / 1000), signature: expect.stringMatching(/^v1,/) });
  });

  it('refuses a carried signature that is no Standard Webhooks signature, and posts none but a new delivery’s', async () => {
    const malformed = { ...queued(), signed: { url: hook.url, timestamp: 1, signature: 'v1,short' } };
    expect(OutboxMessage.safeParse(malformed).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['signed.signature']);
    answers = [503];
    expect(await courier().attempt(queued())).toBe('failed');
    reads.length = 0;
    clock.advance(1000);
    // A retry that somehow carried a signature: the subscription is read and the message signed again all the same.
    const retry = { ...retryMessage(scheduled[0]!.payload as WebhookDeliveryPayload), signed: queued().signed! };
    expect(await courier().attempt(OutboxMessage.parse(retry))).toBe('delivered');
    expect(reads).toEqual(['delivery strong', 'webhook']);
    expect(receiver.received[1]!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now() / 1000)));
  });

  it('attempts a fresh signed delivery reading its record eventually consistent and nothing of the subscription; the receiver verifies it', async () => {
    const message = queued();
    clock.advance(CARRIED_SIGNATURE_MS - 1000);
    expect(await courier().attempt(message)).toBe('delivered');
    expect(reads).toEqual(['delivery eventual']);
    expect(verified(0)).toEqual(JSON.parse(body));
    expect(receiver.received[0]!.headers['webhook-timestamp']).toBe(String(message.signed!.timestamp));
  });

  it('reads the subscription and signs again when the carried signature is 30 seconds old', async () => {
    const message = queued();
    clock.advance(CARRIED_SIGNATURE_MS);
    expect(await courier().attempt(message)).toBe('delivered');
    expect(reads).toEqual(['delivery eventual', 'webhook']);
    expect(receiver.received[0]!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now() / 1000)));
    expect(verified(0)).toEqual(JSON.parse(body));
  });

  it('reads the record strongly consistent and the subscription for a retry, signed at its own time', async () => {
    answers = [503];
    expect(await courier().attempt(queued())).toBe('failed');
    reads.length = 0;
    clock.advance(1000);
    expect(await courier().attempt(retryMessage(scheduled[0]!.payload as WebhookDeliveryPayload))).toBe('delivered');
    expect(reads).toEqual(['delivery strong', 'webhook']);
    expect(receiver.received[1]!.headers['webhook-timestamp']).toBe(String(Math.floor(clock.now() / 1000)));
    expect(verified(1)).toEqual(JSON.parse(body));
  });

  it('sends nothing for the same message handled again once recorded, and keeps the record', async () => {
    answers = [503];
    const message = queued();
    expect(await courier().attempt(message)).toBe('failed');
    const [recorded] = await ctx.push.listDeliveries(hook.id, 10);
    expect(await courier().attempt(message)).toBe('stale');
    expect(receiver.received).toHaveLength(1);
    expect(await ctx.push.listDeliveries(hook.id, 10)).toEqual([recorded]);
  });

  it('reads the subscription to disable it when a first attempt is its last', async () => {
    ctx = { ...ctx, pushPolicy: { ...ctx.pushPolicy, retryDelaysMs: [0] } };
    answers = [500];
    expect(await courier().attempt(queued())).toBe('failed');
    expect(reads).toEqual(['delivery eventual', 'webhook']);
    expect((await ctx.push.getWebhook(hook.ownerId, hook.id))?.disabled).not.toBeNull();
  });
});
