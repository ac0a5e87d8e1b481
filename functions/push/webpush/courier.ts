import type { Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import type { AttemptOutcome, Courier } from '../outbox/port.js';
import type { DeliveryRecord, PushSubscriptionRecord } from '../store/port.js';
import { postSigned, type AttemptResult } from '../webhooks/deliver.js';
import { closeDelivery, deferDelivery, dueDelivery, giveUp, planNextAttempt } from '../webhooks/courier.js';
import { ForbiddenTargetError, resolveTarget } from '../webhooks/ssrf.js';
import type { VapidKeys } from './vapid.js';

/**
 * The browser push channel's courier: each queued push delivery encrypted to
 * its subscription (RFC 8291 `aes128gcm`, fresh keys each attempt), signed
 * with the VAPID keys (RFC 8292) and posted to the push service with its
 * `TTL` (the time left to the deadline it tells of), `Topic` and `Urgency`,
 * to the address vetted now, as webhooks are. A 404 or 410 means the browser
 * dropped the subscription: it is deleted in the same attempt. A 429, a 5xx
 * or no answer is retried on the webhooks' schedule; any other refusal
 * (a 400 or 413 would be refused again) closes the delivery.
 */

/** The push service no longer knows the subscription (RFC 8030 §7.3). */
const GONE = new Set([404, 410]);

const retried = (result: AttemptResult) => result.status === null || result.status === 429 || result.status >= 500;

async function attemptPush(
  ctx: PushContext,
  vapid: VapidKeys,
  subscription: PushSubscriptionRecord,
  delivery: DeliveryRecord,
  now: number,
): Promise<AttemptResult> {
  const started = performance.now();
  const headers = delivery.webPush;
  // Loaded by the functions that deliver, on their first push: web-push (and its big-number library) stays out of the others' bundles.
  // A CommonJS module whose exports Node cannot name statically: under Node (`npm start`) only its default export carries them.
  const { generateRequestDetails } = (await import('web-push')).default;
  const details = generateRequestDetails({ endpoint: subscription.endpoint, keys: subscription.keys }, delivery.body, {
    vapidDetails: vapid,
    contentEncoding: 'aes128gcm',
    TTL: Math.max(0, Math.floor(((headers?.expiresAt ?? now) - now) / 1000)),
    ...(headers ? { topic: headers.topic, urgency: headers.urgency } : {}),
  });
  let target;
  try {
    target = await resolveTarget(subscription.endpoint, ctx.pushPolicy, ctx.pushPolicy.timeoutMs);
  } catch (error) {
    if (error instanceof ForbiddenTargetError) return { ok: false, status: null, error: `target forbidden: ${error.message}` };
    throw error;
  }
  const left = Math.max(1, Math.ceil(ctx.pushPolicy.timeoutMs - (performance.now() - started)));
  const sent = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
  return postSigned(target, sent, details.body, left, now);
}

export function webPushCourier(ctx: PushContext, timers: Timers): Courier {
  return {
    async attempt(message): Promise<AttemptOutcome> {
      const now = ctx.clock();
      const due = await dueDelivery(ctx, message, now);
      if (!due) return 'stale';
      const { delivery } = due;
      const subscription = await ctx.push.getPushSubscription(message.ownerId, message.targetId);
      const vapid = ctx.pushPolicy.vapid;
      if (!subscription || vapid === null || (delivery.webPush && delivery.webPush.expiresAt <= now)) {
        const why = !subscription ? 'subscription deleted' : vapid === null ? 'no VAPID keys' : 'expired before it could be sent';
        return giveUp(ctx, due, now, why, !subscription);
      }
      const result = await attemptPush(ctx, await vapid(), subscription, delivery, now);
      const attempts = [...delivery.attempts, { at: now, status: result.status, error: result.error }];
      if (result.ok) {
        await closeDelivery(ctx, due, 'delivered', attempts);
        return 'delivered';
      }
      if (result.status !== null && GONE.has(result.status)) {
        await ctx.push.deletePushSubscription(subscription);
        // A new delivery to the device just deleted goes unrecorded, as giveUp drops a gone target's: nothing lists a deleted device's deliveries.
        if (due.stored) await closeDelivery(ctx, due, 'failed', attempts);
        return 'stale';
      }
      if (!retried(result) || !(await planNextAttempt(ctx, timers, 'web-push', due, attempts, result, now))) await closeDelivery(ctx, due, 'failed', attempts);
      return 'failed';
    },
    defer: (message, until) => deferDelivery(ctx, timers, message, until),
  };
}
