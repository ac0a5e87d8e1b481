import { randomBytes } from 'node:crypto';
import { fail } from '../../service/errors.js';
import { seatOf } from '../../service/live-game.js';
import { readHeader } from '../../service/pipeline.js';
import type { Timers, WebhookDeliveryPayload } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { derivedId, type Addressed } from '../model/derive.js';
import { GAME_NOTICE_TYPES, NOTIFICATION_TYPES, type GameNotice, type Notification } from '../model/schemas.js';
import type { PushSink } from '../notify/channels.js';
import { storeAddressed } from '../notify/notifier.js';
import type { PushPolicy } from '../policy.js';
import type { DeliveryRecord, WebhookRecord } from '../store/port.js';
import { postSigned, signedHeaders, type AttemptResult } from './deliver.js';
import { MAX_WEBHOOKS_PER_PLAYER } from './schemas.js';
import { ForbiddenTargetError, resolveTarget } from './ssrf.js';

/**
 * Webhooks signed by the Standard Webhooks specification: at-least-once
 * delivery whose state (every attempt) is stored before and after each try,
 * retried on stored timers with growing delays, and a subscription disabled
 * (with a notification to its owner) once a message failed past the horizon.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export function presentWebhook(hook: WebhookRecord) {
  return {
    id: hook.id,
    url: hook.url,
    scope: hook.gameId === null ? ('player' as const) : ('game' as const),
    gameId: hook.gameId,
    events: hook.events === null ? null : [...hook.events],
    createdAt: iso(hook.createdAt),
    disabled: hook.disabled && { at: iso(hook.disabled.at), reason: hook.disabled.reason },
  };
}

export function presentDelivery(delivery: DeliveryRecord) {
  return {
    id: delivery.id,
    type: delivery.type,
    createdAt: iso(delivery.createdAt),
    state: delivery.state,
    attempts: delivery.attempts.map((a) => ({ at: iso(a.at), status: a.status, error: a.error })),
    nextAttemptAt: delivery.nextAttemptAt === null ? null : iso(delivery.nextAttemptAt),
  };
}

async function vetTarget(url: string, policy: PushPolicy) {
  try {
    return await resolveTarget(url, policy);
  } catch (error) {
    if (error instanceof ForbiddenTargetError) throw fail('webhook-target-forbidden', { why: error.message });
    throw error;
  }
}

export interface CreateWebhookRequest {
  readonly url: string;
  readonly gameId?: string;
  readonly events?: readonly string[];
}

export async function createWebhook(ctx: PushContext, policy: PushPolicy, ownerId: string, request: CreateWebhookRequest) {
  const gameId = request.gameId ?? null;
  const allowed: readonly string[] = gameId === null ? NOTIFICATION_TYPES : GAME_NOTICE_TYPES;
  const stray = request.events?.filter((type) => !allowed.includes(type)) ?? [];
  if (stray.length > 0) throw fail('invalid-events', { scope: gameId === null ? 'player' : 'game', allowed, stray });
  if (gameId !== null) {
    const header = await readHeader(ctx, gameId);
    if (seatOf(header, ownerId) === null) throw fail('not-seated', { to: 'subscribe' });
  }
  if ((await ctx.push.listWebhooks(ownerId, 'strong')).length >= MAX_WEBHOOKS_PER_PLAYER) throw fail('too-many-webhooks', { max: MAX_WEBHOOKS_PER_PLAYER });
  await vetTarget(request.url, policy);
  const hook: WebhookRecord = {
    id: `wh_${randomBytes(9).toString('base64url')}`,
    ownerId,
    url: request.url,
    gameId,
    events: request.events ? [...new Set(request.events)] : null,
    secret: `whsec_${randomBytes(24).toString('base64')}`,
    createdAt: ctx.clock(),
    disabled: null,
  };
  await ctx.push.putWebhook(hook);
  return { ...presentWebhook(hook), secret: hook.secret };
}

export async function requireWebhook(ctx: PushContext, ownerId: string, id: string): Promise<WebhookRecord> {
  const hook = await ctx.push.getWebhook(ownerId, id);
  if (!hook) throw fail('webhook-not-found', { webhookId: id });
  return hook;
}

/** Sends one signed `ping` now and answers how it went (recorded like any delivery, not retried). */
export async function pingWebhook(ctx: PushContext, policy: PushPolicy, hook: WebhookRecord) {
  const now = ctx.clock();
  const id = derivedId('msg', hook.id, 'ping', now);
  const delivery: DeliveryRecord = {
    id,
    webhookId: hook.id,
    ownerId: hook.ownerId,
    type: 'ping',
    body: JSON.stringify({ type: 'ping', timestamp: iso(now), data: { webhookId: hook.id } }),
    createdAt: now,
    state: 'pending',
    attempts: [],
    nextAttemptAt: null,
  };
  const result = await attempt(hook, delivery, policy, now);
  const done: DeliveryRecord = { ...delivery, state: result.ok ? 'delivered' : 'failed', attempts: [{ at: now, ...result }] };
  await ctx.push.putDelivery(done);
  return presentDelivery(done);
}

async function attempt(hook: WebhookRecord, delivery: DeliveryRecord, policy: PushPolicy, now: number): Promise<AttemptResult> {
  let target;
  try {
    // Checked again on every attempt: what the name resolves to now is what gets called.
    target = await resolveTarget(hook.url, policy);
  } catch (error) {
    if (error instanceof ForbiddenTargetError) return { ok: false, status: null, error: `target forbidden: ${error.message}` };
    throw error;
  }
  return postSigned(target, signedHeaders(hook.secret, delivery.id, new Date(now), delivery.body), delivery.body, policy.timeoutMs);
}

function wants(hook: WebhookRecord, type: string): boolean {
  return hook.disabled === null && (hook.events === null || hook.events.includes(type));
}

/**
 * A sink that delivers each notification or notice to every webhook that
 * wants it: the attempts of one commit at once, each first attempt made
 * before anything is stored. The commit is the durable intent there: a
 * consumer that fails is handed the commit again, and a redelivered commit
 * may send a message twice, with the same `webhook-id` (at least once). One
 * write then records the attempt, and a failure schedules the retries. The
 * subscriptions are read eventually consistent (half the units): one made or
 * deleted in the last second may be seen a commit late.
 */
export function webhookSink(ctx: PushContext, timers: Timers): PushSink {
  return async (derived) => {
    const due: [WebhookRecord, Notification | GameNotice][] = [];
    const mine = new Map<string, readonly WebhookRecord[]>();
    for (const { playerId, notification } of derived.notifications) {
      if (!mine.has(playerId)) mine.set(playerId, await ctx.push.listWebhooks(playerId, 'eventual'));
      for (const hook of mine.get(playerId) ?? []) if (hook.gameId === null && wants(hook, notification.type)) due.push([hook, notification]);
    }
    const gameId = derived.notices[0]?.gameId;
    if (gameId !== undefined) {
      const hooks = await ctx.push.gameWebhooks(gameId, 'eventual');
      for (const notice of derived.notices) for (const hook of hooks) if (wants(hook, notice.type)) due.push([hook, notice]);
    }
    await Promise.all(due.map(([hook, message]) => deliverFirst(ctx, timers, hook, message)));
  };
}

async function deliverFirst(ctx: PushContext, timers: Timers, hook: WebhookRecord, message: Notification | GameNotice): Promise<void> {
  const delivery: DeliveryRecord = {
    id: derivedId('msg', hook.id, message.id),
    webhookId: hook.id,
    ownerId: hook.ownerId,
    type: message.type,
    body: JSON.stringify({ type: message.type, timestamp: message.at, data: message }),
    createdAt: Date.parse(message.at),
    state: 'pending',
    attempts: [],
    nextAttemptAt: null,
  };
  const now = ctx.clock();
  // Created only if new: a redelivered commit leaves the first run's record and retries alone.
  // (Past a one-attempt policy the disabled notification is stored and listed, not streamed: no policy in use stops at one.)
  await recordAttempt(ctx, ctx.pushPolicy, timers, hook, delivery, await attempt(hook, delivery, ctx.pushPolicy, now), now, (d) => ctx.push.createDelivery(d));
}

function deliveryTimer(delivery: DeliveryRecord): WebhookDeliveryPayload {
  return { kind: 'webhook-delivery', webhookId: delivery.webhookId, ownerId: delivery.ownerId, deliveryId: delivery.id, createdAt: delivery.createdAt };
}

/**
 * A retry timer fired: one attempt, its outcome stored, and the next
 * attempt scheduled — or, past the last, the delivery failed and the
 * subscription disabled, its owner told. Returns a notification to pass on.
 */
export async function attemptDelivery(ctx: PushContext, policy: PushPolicy, timers: Timers, payload: WebhookDeliveryPayload): Promise<Addressed | null> {
  const delivery = await ctx.push.getDelivery(payload.webhookId, payload.createdAt, payload.deliveryId);
  if (!delivery || delivery.state !== 'pending') return null; // a duplicate firing
  const hook = await ctx.push.getWebhook(payload.ownerId, payload.webhookId);
  const now = ctx.clock();
  if (!hook || hook.disabled) {
    await ctx.push.putDelivery({
      ...delivery,
      state: 'failed',
      nextAttemptAt: null,
      attempts: [...delivery.attempts, { at: now, status: null, error: 'webhook deleted or disabled' }],
    });
    return null;
  }
  const result = await attempt(hook, delivery, policy, now);
  return recordAttempt(ctx, policy, timers, hook, delivery, result, now, async (d) => {
    await ctx.push.putDelivery(d);
    return true;
  });
}

/**
 * Stores a delivery with one more attempt (through `write`, which says whether
 * it stored) and what follows: nothing after a success, the next attempt's
 * timer after a failure, or past the last delay the subscription disabled.
 */
async function recordAttempt(
  ctx: PushContext,
  policy: PushPolicy,
  timers: Timers,
  hook: WebhookRecord,
  delivery: DeliveryRecord,
  result: AttemptResult,
  now: number,
  write: (delivery: DeliveryRecord) => Promise<boolean>,
): Promise<Addressed | null> {
  const attempts = [...delivery.attempts, { at: now, status: result.status, error: result.error }];
  if (result.ok) {
    await write({ ...delivery, state: 'delivered', attempts, nextAttemptAt: null });
    return null;
  }
  const delay = policy.retryDelaysMs[attempts.length];
  if (delay !== undefined) {
    const next = { ...delivery, attempts, nextAttemptAt: now + delay };
    if (await write(next)) await timers.schedule({ id: `whd:${delivery.id}:${attempts.length}`, dueAt: now + delay, payload: deliveryTimer(next) });
    return null;
  }
  if (!(await write({ ...delivery, state: 'failed', attempts, nextAttemptAt: null }))) return null;
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
