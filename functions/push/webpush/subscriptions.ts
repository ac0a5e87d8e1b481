import { createECDH, randomBytes } from 'node:crypto';
import { fail } from '../../service/errors.js';
import type { PushContext } from '../context.js';
import type { PushSubscriptionRecord } from '../store/port.js';
import { ForbiddenTargetError, resolveTarget } from '../webhooks/ssrf.js';
import { MAX_PUSH_SUBSCRIPTIONS_PER_PLAYER, type CreatePushSubscriptionBody } from './schemas.js';
import type { VapidKeys } from './vapid.js';

/**
 * A player's browser push subscriptions: at most 10, counted atomically as
 * webhooks are; endpoints vetted by the webhooks' SSRF rules (https to a
 * public address, `http://127.0.0.1` only where loopback webhooks are
 * allowed), since the server calls them.
 */

export function presentPushSubscription(subscription: PushSubscriptionRecord) {
  return {
    id: subscription.id,
    label: subscription.label,
    endpointOrigin: new URL(subscription.endpoint).origin,
    createdAt: new Date(subscription.createdAt).toISOString(),
  };
}

/** The VAPID keys, or `503 web-push-unavailable` where this deployment has none. */
export async function requireVapid(ctx: PushContext): Promise<VapidKeys> {
  if (ctx.pushPolicy.vapid === null) throw fail('web-push-unavailable');
  return ctx.pushPolicy.vapid();
}

/** Why the keys could not be encrypted to, or null: p256dh a point on P-256, auth 16 bytes (RFC 8291 §3). */
function keysProblem(keys: CreatePushSubscriptionBody['keys']): string | null {
  const auth = Buffer.from(keys.auth, 'base64url');
  if (auth.length !== 16) return `keys.auth is ${auth.length} bytes, not 16`;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'keys.p256dh is not an uncompressed P-256 point (65 bytes starting 0x04)';
  try {
    // An agreement with a throwaway key: node refuses a point off the curve.
    const probe = createECDH('prime256v1');
    probe.generateKeys();
    probe.computeSecret(point);
  } catch {
    return 'keys.p256dh is not a point on P-256';
  }
  return null;
}

/**
 * Subscribes a device. The same endpoint again (a browser re-subscribing,
 * possibly with new keys) updates that subscription instead of taking a
 * second place.
 */
export async function createPushSubscription(
  ctx: PushContext,
  ownerId: string,
  body: CreatePushSubscriptionBody,
): Promise<{ readonly subscription: PushSubscriptionRecord; readonly created: boolean }> {
  await requireVapid(ctx);
  const problem = keysProblem(body.keys);
  if (problem !== null) throw fail('invalid-push-keys', { why: problem });
  try {
    await resolveTarget(body.endpoint, ctx.pushPolicy, ctx.pushPolicy.timeoutMs);
  } catch (error) {
    if (error instanceof ForbiddenTargetError) throw fail('push-endpoint-forbidden', { why: error.message });
    throw error;
  }
  const keys = { p256dh: body.keys.p256dh, auth: body.keys.auth };
  const label = body.label ?? null;
  const same = (await ctx.push.listPushSubscriptions(ownerId, 'strong')).find((s) => s.endpoint === body.endpoint);
  if (same) {
    const renewed = { ...same, keys, label: label ?? same.label };
    // Deleted since it was listed (a 410, or another tab): it is made again below, as new.
    if (await ctx.push.rewritePushSubscription(renewed)) return { subscription: renewed, created: false };
  }
  const subscription: PushSubscriptionRecord = {
    id: `ps_${randomBytes(12).toString('base64url')}`,
    ownerId,
    endpoint: body.endpoint,
    keys,
    label,
    createdAt: ctx.clock(),
  };
  if (!(await ctx.push.addPushSubscription(subscription, MAX_PUSH_SUBSCRIPTIONS_PER_PLAYER)))
    throw fail('too-many-push-subscriptions', { limit: MAX_PUSH_SUBSCRIPTIONS_PER_PLAYER });
  return { subscription, created: true };
}

export async function requirePushSubscription(ctx: PushContext, ownerId: string, id: string): Promise<PushSubscriptionRecord> {
  const subscription = await ctx.push.getPushSubscription(ownerId, id);
  if (!subscription) throw fail('push-subscription-not-found', { subscriptionId: id });
  return subscription;
}
