import { speaking, type Sentences } from '../../service/speak.js';
import type { Timers, WebhookDeliveryPayload } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { derivedId, type Addressed } from '../model/derive.js';
import { readerLanguage } from '../notify/feed.js';
import { storeAddressed } from '../notify/notifier.js';
import type { Channel, OutboxMessage, SignedTarget } from '../outbox/message.js';
import type { AttemptOutcome, Courier } from '../outbox/port.js';
import type { DeliveryAttempt, DeliveryRecord, WebhookRecord } from '../store/port.js';
import { attemptDelivery, signFor, type AttemptResult } from './deliver.js';

/**
 * The webhook channel's courier: what the outbox's dispatcher runs for each
 * queued webhook delivery, first attempt or retry. A new delivery is written
 * once, with its first attempt's outcome (its message carried its content,
 * and its signature, until then); each later attempt rewrites it. A failure
 * plans the next attempt as a timer (which, when it fires, queues the
 * delivery again), and past the last delay the delivery fails and the
 * subscription is disabled, its owner told. What the three channels share
 * (the due delivery, its writes, the retry plan) is here too.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The longest wait a receiver's `Retry-After` can ask for: an hour (a longer one is likely a mistake, and the retry schedule goes on after it). */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** The outbox message naming a stored delivery (a webhook's unless `channel` says): a retry's, a deferral's. */
export function deliveryMessage(delivery: Pick<DeliveryRecord, 'id' | 'webhookId' | 'ownerId' | 'createdAt'>, channel: Channel = 'webhook'): OutboxMessage {
  return { channel, ownerId: delivery.ownerId, targetId: delivery.webhookId, deliveryId: delivery.id, createdAt: delivery.createdAt };
}

/** What a sink makes of a notification for one target: a delivery not yet attempted. */
export type NewDelivery = Pick<DeliveryRecord, 'id' | 'webhookId' | 'ownerId' | 'type' | 'body' | 'webPush' | 'createdAt'>;

/**
 * The outbox message of a new delivery, carrying its content: nothing is
 * written here, the courier records the delivery once, with its first
 * attempt's outcome. A redelivered commit queues it again; its courier finds
 * the record and does nothing.
 */
export function newDeliveryMessage(delivery: NewDelivery, channel: Channel): OutboxMessage {
  const { type, body, webPush } = delivery;
  return { ...deliveryMessage(delivery, channel), content: { type, body, ...(webPush ? { webPush } : {}) } };
}

/**
 * The outbox message of a new webhook delivery, signed now for its
 * subscription (the sink just read it): the first attempt posts this
 * signature while receivers still accept it, without reading the
 * subscription. The secret stays in the record: a queued message may end in
 * a dead-letter queue or a log.
 */
export function signedDeliveryMessage(delivery: Omit<NewDelivery, 'webPush'>, hook: Pick<WebhookRecord, 'url' | 'secret'>, now: number): OutboxMessage {
  return { ...newDeliveryMessage(delivery, 'webhook'), signed: signFor(hook, delivery.id, delivery.body, now) };
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
 * A delivery an attempt is due for: a stored record (`stored`: its writes
 * rewrite it), or a new one built from its message's content (not written
 * yet: its one write creates it, only if no other handling did first).
 */
export interface Due {
  readonly delivery: DeliveryRecord;
  readonly stored: boolean;
}

/**
 * What the message is due for now: a new delivery if its record does not
 * exist yet (one that exists means another handling of the same commit got
 * there first), a stored one if it is pending and not planned for later (a
 * duplicate message, or one that overtook its timer, finds nothing). A new
 * webhook's or push's record is read eventually consistent (half the units): a
 * handling within about a second of another's write may miss it and attempt
 * again, with the same message id, as two racing would; its write stays
 * conditional, so the first record is kept. A stored one's is read strongly
 * consistent: its state decides whether to attempt at all.
 */
export async function dueDelivery(ctx: PushContext, message: OutboxMessage, now: number): Promise<Due | null> {
  const { content } = message;
  // An e-mail has no message id a mailbox drops a repeat by: its record is read strongly consistent.
  const stored = await ctx.push.getDelivery(
    message.targetId,
    message.createdAt,
    message.deliveryId,
    content && message.channel !== 'email' ? 'eventual' : 'strong',
  );
  if (content) {
    if (stored) return null;
    const delivery = { id: message.deliveryId, webhookId: message.targetId, ownerId: message.ownerId, createdAt: message.createdAt, ...content };
    return { delivery: { ...delivery, state: 'pending', attempts: [], nextAttemptAt: null }, stored: false };
  }
  return stored?.state === 'pending' && (stored.nextAttemptAt === null || stored.nextAttemptAt <= now) ? { delivery: stored, stored: true } : null;
}

/**
 * Writes the delivery's new state: a stored one rewritten; a new one created
 * if it still does not exist (false: a concurrent handling recorded it
 * first, and theirs is kept).
 */
async function storeDelivery(ctx: PushContext, due: Due, next: DeliveryRecord): Promise<boolean> {
  if (!due.stored) return ctx.push.createDelivery(next);
  await ctx.push.putDelivery(next);
  return true;
}

/** A delivery done with: delivered, or given up for good; with every attempt it made, and nothing planned. */
export async function closeDelivery(ctx: PushContext, due: Due, state: 'delivered' | 'failed', attempts: readonly DeliveryAttempt[]): Promise<void> {
  await storeDelivery(ctx, due, { ...due.delivery, state, attempts, nextAttemptAt: null });
}

/**
 * Nothing can be attempted: the delivery closes failed, saying why. A new
 * one whose target is gone (deleted, or its owner erased) is dropped
 * unrecorded: nothing lists a gone target's deliveries, and an erased
 * player's partitions stay empty.
 */
export async function giveUp(ctx: PushContext, due: Due, now: number, why: string | null, targetGone: boolean): Promise<'stale'> {
  if (due.stored || !targetGone) await closeDelivery(ctx, due, 'failed', [...due.delivery.attempts, { at: now, status: null, error: why }]);
  return 'stale';
}

/** The target is skipped for now (its breaker is open): the due delivery kept (a new one stored), its next attempt planned for `until`. */
export async function deferDelivery(ctx: PushContext, timers: Timers, message: OutboxMessage, until: number): Promise<void> {
  const due = await dueDelivery(ctx, message, ctx.clock());
  if (!due) return;
  const kept = { ...due.delivery, nextAttemptAt: until };
  if (await storeDelivery(ctx, due, kept)) await timers.schedule(nextAttemptTimer(kept, until, message.channel));
}

/**
 * After a failed attempt (`attempts` ends with it): the delivery stored with
 * its next attempt planned as a timer — the retry schedule's next delay, or
 * longer when the receiver said when to come back (`Retry-After`), within an
 * hour. False past the last delay (nothing stored: the caller closes it).
 * A new delivery a concurrent handling recorded first keeps their plan.
 */
export async function planNextAttempt(
  ctx: PushContext,
  timers: Timers,
  channel: Channel,
  due: Due,
  attempts: readonly DeliveryAttempt[],
  result: Pick<AttemptResult, 'retryAfterMs'>,
  now: number,
): Promise<boolean> {
  const planned = ctx.pushPolicy.retryDelaysMs[attempts.length];
  if (planned === undefined) return false;
  const delay = Math.max(planned, Math.min(result.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  const next = { ...due.delivery, attempts, nextAttemptAt: now + delay };
  if (await storeDelivery(ctx, due, next)) await timers.schedule(nextAttemptTimer(next, now + delay, channel));
  return true;
}

/**
 * How long a signature made as the delivery was queued is posted. Receivers
 * would take it for 5 minutes (Standard Webhooks' tolerance), but a first
 * attempt normally runs milliseconds after its signing, and this also
 * bounds how long a subscription deleted, disabled or erased meanwhile may
 * still get it (the read it saves came as close before the attempt as the
 * attempt's own 5-second timeout). An older one (the message waited in
 * Lambda's queue, through retries) is made again from the subscription.
 */
export const CARRIED_SIGNATURE_MS = 30_000;

/** The signature a new delivery's message carries, while fresh enough; null for a retry's, or a stale one. */
function carriedSignature(message: OutboxMessage, now: number): SignedTarget | null {
  const { signed } = message;
  return message.content && signed && now - signed.timestamp * 1000 < CARRIED_SIGNATURE_MS ? signed : null;
}

/**
 * `sent` hears of a notification the courier caused (a subscription
 * disabled), to hand to every channel. A first attempt whose signature is
 * fresh reads nothing of the subscription: one deleted or disabled since
 * its commit's consumer listed it (milliseconds, or the minutes its message
 * waited) may get that one delivery; any later attempt reads it, and signs.
 */
export function webhookCourier(ctx: PushContext, timers: Timers, sent: (addressed: Addressed) => Promise<void>): Courier {
  return {
    async attempt(message): Promise<AttemptOutcome> {
      const due = await dueDelivery(ctx, message, ctx.clock());
      if (!due) return 'stale';
      const now = ctx.clock();
      let signed = carriedSignature(message, now);
      if (!signed) {
        const hook = await ctx.push.getWebhook(message.ownerId, message.targetId);
        if (!hook || hook.disabled) return giveUp(ctx, due, now, 'webhook deleted or disabled', !hook);
        signed = signFor(hook, due.delivery.id, due.delivery.body, now);
      }
      const result = await attemptDelivery(signed, due.delivery, ctx.pushPolicy, now);
      const disabled = await recordAttempt(ctx, timers, message, due, result, now);
      if (disabled) await sent(disabled);
      return result.ok ? 'delivered' : 'failed';
    },
    defer: (message, until) => deferDelivery(ctx, timers, message, until),
  };
}

/**
 * Stores a delivery with one more attempt and what follows: nothing after a
 * success, the next attempt's timer after a failure, or past the last delay
 * the delivery failed and the subscription disabled (read then: the
 * notification to its owner returned; nothing if it is gone or disabled
 * already).
 */
async function recordAttempt(
  ctx: PushContext,
  timers: Timers,
  message: OutboxMessage,
  due: Due,
  result: AttemptResult,
  now: number,
): Promise<Addressed | null> {
  const { delivery } = due;
  const attempts = [...delivery.attempts, { at: now, status: result.status, error: result.error }];
  if (result.ok) {
    await closeDelivery(ctx, due, 'delivered', attempts);
    return null;
  }
  // A receiver that said when to come back (a 429 from Discord or Slack) is not called before.
  if (await planNextAttempt(ctx, timers, 'webhook', due, attempts, result, now)) return null;
  const hook = await ctx.push.getWebhook(message.ownerId, message.targetId);
  await closeDelivery(ctx, due, 'failed', attempts);
  if (!hook || hook.disabled) return null;
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
