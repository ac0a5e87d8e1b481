import { speaking, type Sentences } from '../../service/speak.js';
import type { Timers, WebhookDeliveryPayload } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { derivedId, type Addressed } from '../model/derive.js';
import { readerLanguage } from '../notify/feed.js';
import { storeAddressed } from '../notify/notifier.js';
import type { Channel, OutboxMessage } from '../outbox/message.js';
import type { AttemptOutcome, Courier } from '../outbox/port.js';
import type { DeliveryAttempt, DeliveryRecord, WebhookRecord } from '../store/port.js';
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

/** The outbox message of a delivery (a webhook's unless `channel` says). */
export function deliveryMessage(delivery: Pick<DeliveryRecord, 'id' | 'webhookId' | 'ownerId' | 'createdAt'>, channel: Channel = 'webhook'): OutboxMessage {
  return { channel, ownerId: delivery.ownerId, targetId: delivery.webhookId, deliveryId: delivery.id, createdAt: delivery.createdAt };
}

/** Stores a new delivery (pending, no attempt yet); its outbox message, or null when it was recorded before and an attempt made (a redelivered commit). */
export async function recordNewDelivery(ctx: PushContext, delivery: DeliveryRecord, channel: Channel): Promise<OutboxMessage | null> {
  if (await ctx.push.createDelivery(delivery)) return deliveryMessage(delivery, channel);
  // Queued again while no attempt was made: its first queuing may have been lost.
  const stored = await ctx.push.getDelivery(delivery.webhookId, delivery.createdAt, delivery.id);
  return stored?.state === 'pending' && stored.attempts.length === 0 && stored.nextAttemptAt === null ? deliveryMessage(stored, channel) : null;
}

/** A retry's timer fired: its delivery goes back to the outbox. */
export function retryMessage(payload: WebhookDeliveryPayload): OutboxMessage {
  const delivery = { id: payload.deliveryId, webhookId: payload.webhookId, ownerId: payload.ownerId, createdAt: payload.createdAt };
  return deliveryMessage(delivery, payload.channel ?? 'webhook');
}

/** The timer of a delivery's next attempt; its id names the attempt, so planning it twice leaves one. */
function nextAttemptTimer(delivery: DeliveryRecord, dueAt: number, channel: Channel) {
  const payload: WebhookDeliveryPayload = {
    kind: 'webhook-delivery',
    ...(channel === 'webhook' ? {} : { channel }),
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
/** The delivery if an attempt is due now: pending, and not planned for later (a duplicate message, or one that overtook its timer, finds nothing). */
export async function dueDelivery(ctx: PushContext, message: OutboxMessage, now: number): Promise<DeliveryRecord | null> {
  const delivery = await ctx.push.getDelivery(message.targetId, message.createdAt, message.deliveryId);
  return delivery?.state === 'pending' && (delivery.nextAttemptAt === null || delivery.nextAttemptAt <= now) ? delivery : null;
}

/** A delivery given up for good: failed, with every attempt it made, and nothing planned. */
export async function failDelivery(ctx: PushContext, delivery: DeliveryRecord, attempts: readonly DeliveryAttempt[]): Promise<void> {
  await ctx.push.putDelivery({ ...delivery, state: 'failed', attempts, nextAttemptAt: null });
}

/** The target is skipped for now (its breaker is open): the due delivery kept, its next attempt planned for `until`. */
export async function deferDelivery(ctx: PushContext, timers: Timers, message: OutboxMessage, until: number): Promise<void> {
  const delivery = await dueDelivery(ctx, message, ctx.clock());
  if (!delivery) return;
  const kept = { ...delivery, nextAttemptAt: until };
  await ctx.push.putDelivery(kept);
  await timers.schedule(nextAttemptTimer(kept, until, message.channel));
}

/**
 * After a failed attempt (`attempts` ends with it): the delivery stored with
 * its next attempt planned as a timer — the retry schedule's next delay, or
 * longer when the receiver said when to come back (`Retry-After`), within an
 * hour. False past the last delay (nothing stored: the caller closes it).
 */
export async function planNextAttempt(
  ctx: PushContext,
  timers: Timers,
  channel: Channel,
  delivery: DeliveryRecord,
  attempts: readonly DeliveryAttempt[],
  result: Pick<AttemptResult, 'retryAfterMs'>,
  now: number,
): Promise<boolean> {
  const planned = ctx.pushPolicy.retryDelaysMs[attempts.length];
  if (planned === undefined) return false;
  const delay = Math.max(planned, Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  const next = { ...delivery, attempts, nextAttemptAt: now + delay };
  await ctx.push.putDelivery(next);
  await timers.schedule(nextAttemptTimer(next, now + delay, channel));
  return true;
}

export function webhookCourier(ctx: PushContext, timers: Timers, sent: (addressed: Addressed) => Promise<void>): Courier {
  const due = (message: OutboxMessage, now: number) => dueDelivery(ctx, message, now);
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
    defer: (message, until) => deferDelivery(ctx, timers, message, until),
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
  // A receiver that said when to come back (a 429 from Discord or Slack) is not called before.
  if (await planNextAttempt(ctx, timers, 'webhook', delivery, attempts, result, now)) return null;
  await failDelivery(ctx, delivery, attempts);
  const say = speaking(DISABLED_WEBHOOK, await readerLanguage(ctx, hook.ownerId));
  return disable(ctx, hook, say('failed', { id: delivery.id, attempts: attempts.length, minutes: Math.round((now - delivery.createdAt) / 60_000) }));
}

/** Why a webhook was disabled, in its owner's language when it happens (kept on the webhook and told in their feed). */
export const DISABLED_WEBHOOK: Sentences<'failed'> = {
  en: { failed: 'message {id} failed {attempts} times over {minutes} minutes' },
  fr: { failed: 'le message {id} a échoué {attempts, number} fois en {minutes, plural, one {# minute} other {# minutes}}' },
  fa: { failed: 'پیام {id} در {minutes, number} دقیقه {attempts, number} بار ناموفق ماند' },
};

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
