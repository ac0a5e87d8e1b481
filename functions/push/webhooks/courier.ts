import type { Timers, WebhookDeliveryPayload } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { derivedId, type Addressed } from '../model/derive.js';
import { storeAddressed } from '../notify/notifier.js';
import type { OutboxMessage } from '../outbox/message.js';
import type { AttemptOutcome, Courier } from '../outbox/port.js';
import type { DeliveryRecord, WebhookRecord } from '../store/port.js';
import { attemptDelivery, type AttemptResult } from './deliver.js';

/**
 * The webhook channel's courier: what the outbox's dispatcher runs for each
 * queued webhook delivery, first attempt or retry. Each attempt is recorded on
 * the delivery; a failure plans the next attempt as a timer (which, when it
 * fires, queues the delivery again), and past the last delay the delivery
 * fails and the subscription is disabled, its owner told.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The longest wait a receiver's `Retry-After` can ask for: an hour (a longer one is likely a mistake, and the retry schedule goes on after it). */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** The outbox message of a webhook delivery. */
export function deliveryMessage(delivery: Pick<DeliveryRecord, 'id' | 'webhookId' | 'ownerId' | 'createdAt'>): OutboxMessage {
  return { channel: 'webhook', ownerId: delivery.ownerId, targetId: delivery.webhookId, deliveryId: delivery.id, createdAt: delivery.createdAt };
}

/** A retry's timer fired: its delivery goes back to the outbox. */
export function retryMessage(payload: WebhookDeliveryPayload): OutboxMessage {
  return deliveryMessage({ id: payload.deliveryId, webhookId: payload.webhookId, ownerId: payload.ownerId, createdAt: payload.createdAt });
}

/** The timer of a delivery's next attempt; its id names the attempt, so planning it twice leaves one. */
function nextAttemptTimer(delivery: DeliveryRecord, dueAt: number) {
  const payload: WebhookDeliveryPayload = {
    kind: 'webhook-delivery',
    webhookId: delivery.webhookId,
    ownerId: delivery.ownerId,
    deliveryId: delivery.id,
    createdAt: delivery.createdAt,
  };
  return { id: `whd:${delivery.id}:${delivery.attempts.length}`, dueAt, payload };
}

/**
 * `sent` hears of a notification the courier caused (a subscription
 * disabled), to hand to every channel.
 */
export function webhookCourier(ctx: PushContext, timers: Timers, sent: (addressed: Addressed) => Promise<void>): Courier {
  /** The delivery if an attempt is due now: pending, and not planned for later (a duplicate message, or one that overtook its timer, finds nothing). */
  const due = async (message: OutboxMessage, now: number) => {
    const delivery = await ctx.push.getDelivery(message.targetId, message.createdAt, message.deliveryId);
    return delivery?.state === 'pending' && (delivery.nextAttemptAt === null || delivery.nextAttemptAt <= now) ? delivery : null;
  };
  return {
    async attempt(message): Promise<AttemptOutcome> {
      const delivery = await due(message, ctx.clock());
      if (!delivery) return 'stale';
      const hook = await ctx.push.getWebhook(message.ownerId, message.targetId);
      const now = ctx.clock();
      if (!hook || hook.disabled) {
        const attempts = [...delivery.attempts, { at: now, status: null, error: 'webhook deleted or disabled' }];
        await ctx.push.putDelivery({ ...delivery, state: 'failed', nextAttemptAt: null, attempts });
        return 'stale';
      }
      const result = await attemptDelivery(hook, delivery, ctx.pushPolicy, now);
      const disabled = await recordAttempt(ctx, timers, hook, delivery, result, now);
      if (disabled) await sent(disabled);
      return result.ok ? 'delivered' : 'failed';
    },
    async defer(message, until) {
      const delivery = await due(message, ctx.clock());
      if (!delivery) return;
      const kept = { ...delivery, nextAttemptAt: until };
      await ctx.push.putDelivery(kept);
      await timers.schedule(nextAttemptTimer(kept, until));
    },
  };
}

/**
 * Stores a delivery with one more attempt and what follows: nothing after a
 * success, the next attempt's timer after a failure, or past the last delay
 * the delivery failed and the subscription disabled (the notification to its
 * owner returned).
 */
async function recordAttempt(
  ctx: PushContext,
  timers: Timers,
  hook: WebhookRecord,
  delivery: DeliveryRecord,
  result: AttemptResult,
  now: number,
): Promise<Addressed | null> {
  const attempts = [...delivery.attempts, { at: now, status: result.status, error: result.error }];
  if (result.ok) {
    await ctx.push.putDelivery({ ...delivery, state: 'delivered', attempts, nextAttemptAt: null });
    return null;
  }
  const planned = ctx.pushPolicy.retryDelaysMs[attempts.length];
  if (planned !== undefined) {
    // A receiver that said when to come back (a 429 from Discord or Slack) is not called before, nor later than the longest planned wait.
    const delay = Math.max(planned, Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
    const next = { ...delivery, attempts, nextAttemptAt: now + delay };
    await ctx.push.putDelivery(next);
    await timers.schedule(nextAttemptTimer(next, now + delay));
    return null;
  }
  await ctx.push.putDelivery({ ...delivery, state: 'failed', attempts, nextAttemptAt: null });
  return disable(ctx, hook, `message ${delivery.id} failed ${attempts.length} times over ${Math.round((now - delivery.createdAt) / 60_000)} minutes`);
}

async function disable(ctx: PushContext, hook: WebhookRecord, reason: string): Promise<Addressed> {
  const now = ctx.clock();
  await ctx.push.putWebhook({ ...hook, disabled: { at: now, reason } });
  const addressed: Addressed = {
    playerId: hook.ownerId,
    notification: { id: derivedId('n', hook.id, 'webhook-disabled'), at: iso(now), type: 'webhook-disabled', webhookId: hook.id, url: hook.url, reason },
  };
  await storeAddressed(ctx, [addressed]);
  return addressed;
}
