import type { InvokeCommandInput } from '@aws-sdk/client-lambda';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushContext } from '../../functions/push/context.js';
import { Dispatcher } from '../../functions/push/outbox/dispatcher.js';
import { deliverInvocation, EVENT_PAYLOAD_BYTES, InvokeOutbox, type FunctionInvoker } from '../../functions/push/outbox/invoke.js';
import type { OutboxMessage } from '../../functions/push/outbox/message.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import type { WebhookRecord } from '../../functions/push/store/port.js';
import { newDeliveryMessage, retryMessage, webhookCourier } from '../../functions/push/webhooks/courier.js';
import type { Timers } from '../../functions/timers/port.js';
import { webhookRecord } from '../support/push-records.js';
import { manualClock, storeOf } from '../support/api.js';
import { testContext } from '../support/context.js';
import { startReceiver } from '../support/webhook-receiver.js';

const message = (targetId: string, deliveryId: string): OutboxMessage => ({ channel: 'webhook', ownerId: 'pl_a', targetId, deliveryId, createdAt: 1 });

/** An invoker that records each invocation and answers `status` (202: queued by Lambda). */
function recordingInvoker(status = 202) {
  const invoked: InvokeCommandInput[] = [];
  const invoker: FunctionInvoker = { invoke: async (input) => (invoked.push(input), { StatusCode: status }) };
  const payloads = () => invoked.map((input) => String(input.Payload));
  return { invoker, invoked, payloads };
}

describe('the outbox on AWS: one asynchronous invocation of the delivery function per enqueue call', () => {
  it("invokes the delivery function once, as an event, with the call's messages in order", async () => {
    const { invoker, invoked, payloads } = recordingInvoker();
    const messages = Array.from({ length: 23 }, (_, i) => message(`t${i % 3}`, `d${i}`));
    await new InvokeOutbox(invoker, 'deliveries-fn').enqueue(messages);
    expect(invoked.map((input) => [input.FunctionName, input.InvocationType])).toEqual([['deliveries-fn', 'Event']]);
    expect(JSON.parse(payloads()[0]!)).toEqual({ messages });
  });

  it('invokes nothing for an empty call', async () => {
    const { invoker, invoked } = recordingInvoker();
    await new InvokeOutbox(invoker, 'deliveries-fn').enqueue([]);
    expect(invoked).toEqual([]);
  });

  it('splits a call only past the 256 KB payload bound, counting bytes (not characters), each part within it', async () => {
    const { invoker, payloads } = recordingInvoker();
    // Two bytes a character: 50,000 characters weigh about 100 KB.
    const big = (id: string): OutboxMessage => ({ ...message('t', id), content: { type: 'digest', body: 'é'.repeat(50_000) } });
    await new InvokeOutbox(invoker, 'deliveries-fn').enqueue([big('b1'), big('b2'), big('b3'), message('t', 'small')]);
    expect(payloads().map((p) => (JSON.parse(p) as { messages: OutboxMessage[] }).messages.map((m) => m.deliveryId))).toEqual([
      ['b1', 'b2'],
      ['b3', 'small'],
    ]);
    expect(payloads().every((p) => Buffer.byteLength(p) <= EVENT_PAYLOAD_BYTES)).toBe(true);
    // Filling a payload to the byte: a message that would pass the bound by one byte opens the next.
    const first = message('t', 'first');
    const withBody = (body: string): OutboxMessage => ({ ...message('t', 'fill'), content: { type: 'digest', body } });
    const bytes = (text: string) => Buffer.byteLength(text);
    const filler = 'x'.repeat(EVENT_PAYLOAD_BYTES - bytes('{"messages":[,]}') - bytes(JSON.stringify(first)) - bytes(JSON.stringify(withBody(''))));
    const exact = withBody(filler);
    const tooMuch = withBody(`${filler}x`);
    const fitted = recordingInvoker();
    await new InvokeOutbox(fitted.invoker, 'deliveries-fn').enqueue([first, exact]);
    expect(fitted.payloads().map((p) => Buffer.byteLength(p))).toEqual([EVENT_PAYLOAD_BYTES]);
    const split = recordingInvoker();
    await new InvokeOutbox(split.invoker, 'deliveries-fn').enqueue([first, tooMuch]);
    expect(split.payloads()).toHaveLength(2);
  });

  it('fails when Lambda does not accept the invocation, so the commit (or the timer) is handled again', async () => {
    const { invoker } = recordingInvoker(500);
    await expect(new InvokeOutbox(invoker, 'deliveries-fn').enqueue([message('t', 'd')])).rejects.toThrow('deliveries not queued');
  });
});

describe("the delivery function's handler", () => {
  it('drops a malformed event or message, logged, never to be run again; the well-formed messages of the event run', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handled: string[] = [];
    const dispatch = async (m: OutboxMessage) => void handled.push(m.deliveryId);
    for (const event of [null, 'x', {}, { messages: 'x' }]) await expect(deliverInvocation(event, dispatch)).resolves.toBeUndefined();
    expect(handled).toEqual([]);
    await expect(deliverInvocation({ messages: [message('t1', 'd1'), { channel: 'pigeon' }, message('t2', 'd2')] }, dispatch)).resolves.toBeUndefined();
    expect(handled).toEqual(['d1', 'd2']);
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)).dropped)).toEqual([
      'an event with no messages',
      'an event with no messages',
      'an event with no messages',
      'an event with no messages',
      'message 1 of 3',
    ]);
    logged.mockRestore();
  });

  it('attempts every message, then fails the invocation when any handling failed, naming how many', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const attempted: string[] = [];
    const event = { messages: [message('t1', 'd1'), message('t2', 'd2'), message('t3', 'd3')] };
    const outcome = deliverInvocation(event, async (m) => {
      attempted.push(m.deliveryId);
      if (m.deliveryId === 'd1') throw new Error('store unavailable');
    });
    await expect(outcome).rejects.toThrow('1 of 3 deliveries failed');
    expect(attempted).toEqual(['d1', 'd2', 'd3']);
    expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([{ delivery: 'd1', error: 'store unavailable' }]);
    logged.mockRestore();
  });
});

/**
 * Lambda runs a failed invocation's whole event again: what the couriers
 * already recorded must not be attempted twice. Real couriers, real
 * receivers, the run's DynamoDB Local.
 */
describe('an invocation run again by Lambda (DynamoDB Local): what was delivered is not attempted again', () => {
  const clock = manualClock();
  const RETRIES = [0, 60_000, 120_000];
  let ctx: PushContext;
  let fine: Awaited<ReturnType<typeof startReceiver>>;
  let refusing: Awaited<ReturnType<typeof startReceiver>>;
  const hooks: Record<'fine' | 'refusing', WebhookRecord> = {} as Record<'fine' | 'refusing', WebhookRecord>;
  const timers: Timers = { schedule: async () => {}, cancel: async () => {} };

  beforeAll(async () => {
    ctx = testContext({
      store: await storeOf('dynamodb', 'invoke-retry', clock.now),
      clock: clock.now,
      pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, retryDelaysMs: RETRIES },
    });
    [fine, refusing] = await Promise.all([startReceiver(), startReceiver(() => 500)]);
    for (const [name, receiver] of [
      ['fine', fine],
      ['refusing', refusing],
    ] as const) {
      hooks[name] = { ...webhookRecord(`wh_${name}`, 'pl_owner', null, clock.now()), url: receiver.url, secret: `whsec_${randomBytes(24).toString('base64')}` };
      expect(await ctx.push.addWebhook(hooks[name], 10)).toBe(true);
    }
  });
  afterAll(() => Promise.all([fine.close(), refusing.close()]));

  it('runs the event again after a store failure: only the message that failed is attempted, not the delivered ones nor the one planned for later', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const t0 = clock.now();
    const newMessage = (hook: WebhookRecord, id: string) =>
      newDeliveryMessage({ id, webhookId: hook.id, ownerId: hook.ownerId, type: 'your-turn', body: JSON.stringify({ id }), createdAt: t0 }, 'webhook');
    // A stored delivery whose retry is due: its message names the record (its timer fired).
    const retried = { webhookId: hooks.fine.id, ownerId: hooks.fine.ownerId, deliveryId: 'msg_retry', createdAt: t0 - RETRIES[1]! };
    await ctx.push.createDelivery({
      id: retried.deliveryId,
      webhookId: retried.webhookId,
      ownerId: retried.ownerId,
      type: 'your-turn',
      body: '{"id":"msg_retry"}',
      createdAt: retried.createdAt,
      state: 'pending',
      attempts: [{ at: retried.createdAt, status: 503, error: null }],
      nextAttemptAt: t0,
    });
    // As Lambda hands it over: the JSON the outbox sent.
    const event = JSON.parse(
      JSON.stringify({
        messages: [
          newMessage(hooks.refusing, 'msg_refused'),
          newMessage(hooks.fine, 'msg_store'),
          retryMessage({ kind: 'webhook-delivery', ...retried }),
          newMessage(hooks.fine, 'msg_ok'),
        ],
      }),
    ) as unknown;
    // The store fails once, reading the one delivery's record.
    const getDelivery = ctx.push.getDelivery.bind(ctx.push);
    let failures = 1;
    ctx.push.getDelivery = async (webhookId, createdAt, id, consistency) => {
      if (id === 'msg_store' && failures-- > 0) throw new Error('store unavailable');
      return getDelivery(webhookId, createdAt, id, consistency);
    };
    // Each run in its own instance, as Lambda may: a new dispatcher, its breakers fresh.
    const run = () => {
      const dispatcher = new Dispatcher({ webhook: webhookCourier(ctx, timers, async () => {}) }, ctx.clock, ctx.pushPolicy.dispatch);
      return deliverInvocation(event, (m) => dispatcher.dispatch(m));
    };
    const attempted = (receiver: typeof fine) => receiver.received.map((r) => String(r.headers['webhook-id']));

    await expect(run()).rejects.toThrow('1 of 4 deliveries failed');
    expect(attempted(fine).sort()).toEqual(['msg_ok', 'msg_retry']);
    expect(attempted(refusing)).toEqual(['msg_refused']);

    // Lambda runs the same event again a minute later: the refused delivery's next attempt is still ahead.
    clock.advance(RETRIES[1]! - 1);
    await expect(run()).resolves.toBeUndefined();
    expect(attempted(fine).slice(2)).toEqual(['msg_store']);
    expect(attempted(refusing)).toEqual(['msg_refused']);
    const stored = async (hook: WebhookRecord) =>
      Object.fromEntries((await ctx.push.listDeliveries(hook.id, 10)).map((r) => [r.id, [r.state, r.attempts.map((a) => a.status), r.nextAttemptAt]]));
    expect(await stored(hooks.fine)).toEqual({
      msg_store: ['delivered', [204], null],
      msg_ok: ['delivered', [204], null],
      msg_retry: ['delivered', [503, 204], null],
    });
    expect(await stored(hooks.refusing)).toEqual({ msg_refused: ['pending', [500], t0 + RETRIES[1]!] });
    logged.mockRestore();
  });
});
