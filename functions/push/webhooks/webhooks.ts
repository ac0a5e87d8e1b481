import { randomBytes } from 'node:crypto';
import { fail } from '../../service/errors.js';
import { DEFAULT_LANGUAGE } from '../../service/languages.js';
import { seatOf } from '../../service/live-game.js';
import { readHeader, RETRY, untilWon } from '../../service/pipeline.js';
import type { GameHeader } from '../../store/port.js';
import type { PushContext } from '../context.js';
import { derivedId, sendable } from '../model/derive.js';
import { chooses } from '../model/preferences.js';
import { GAME_NOTICE_TYPES, NOTIFICATION_TYPES, type GameNotice, type Notification, type NotificationType, type WebhookFormat } from '../model/schemas.js';
import { readerLanguage } from '../notify/feed.js';
import type { BatchReads } from '../notify/batch-reads.js';
import { noticeFor } from '../notify/blocked-names.js';
import { deliverable, type PushSink } from '../notify/channels.js';
import type { OutboxMessage } from '../outbox/message.js';
import type { Outbox } from '../outbox/port.js';
import type { PushPolicy } from '../policy.js';
import type { DeliveryRecord, WebhookRecord } from '../store/port.js';
import { chatBody, chatPingBody } from './chat.js';
import { signedDeliveryMessage } from './courier.js';
import { attemptDelivery, signFor } from './deliver.js';
import { MAX_WEBHOOKS_PER_PLAYER, type TestOutcome } from './schemas.js';
import { ForbiddenTargetError, resolveTarget } from './ssrf.js';

/**
 * Webhooks signed by the Standard Webhooks specification: subscriptions (at
 * most 10 a player, counted atomically), and at-least-once delivery — the
 * commit consumer only leaves what to deliver in the outbox; the webhook
 * courier (courier.ts) attempts it, off the commit path, records it and
 * plans the retries.
 */

const iso = (ms: number) => new Date(ms).toISOString();

export function presentWebhook(hook: WebhookRecord) {
  return {
    id: hook.id,
    url: hook.url,
    scope: hook.gameId === null ? ('player' as const) : ('game' as const),
    format: formatOf(hook),
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

export interface CreateWebhookRequest {
  readonly url: string;
  readonly gameId?: string;
  readonly events?: readonly string[];
  readonly format?: WebhookFormat;
}

/** A subscription's body shape: `standard` for those made before chat formats. */
export const formatOf = (hook: WebhookRecord): WebhookFormat => hook.format ?? 'standard';

export async function createWebhook(ctx: PushContext, policy: PushPolicy, ownerId: string, request: CreateWebhookRequest) {
  const gameId = request.gameId ?? null;
  const allowed: readonly string[] = gameId === null ? NOTIFICATION_TYPES : GAME_NOTICE_TYPES;
  const stray = request.events?.filter((type) => !allowed.includes(type)) ?? [];
  if (stray.length > 0) throw fail('invalid-events', { scope: gameId === null ? 'player' : 'game', allowed, stray });
  const header = gameId === null ? null : await readHeader(ctx, gameId);
  if (header && seatOf(header, ownerId) === null) throw fail('not-seated', { to: 'subscribe' });
  try {
    await resolveTarget(request.url, policy, policy.timeoutMs);
  } catch (error) {
    if (error instanceof ForbiddenTargetError) throw fail('webhook-target-forbidden', { why: error.message });
    throw error;
  }
  if (header) await recordGameWebhooks(ctx, header);
  const hook: WebhookRecord = {
    id: `wh_${randomBytes(9).toString('base64url')}`,
    ownerId,
    url: request.url,
    gameId,
    events: request.events ? [...new Set(request.events)] : null,
    secret: `whsec_${randomBytes(24).toString('base64')}`,
    createdAt: ctx.clock(),
    disabled: null,
    format: request.format ?? 'standard',
  };
  // The count and the subscription in one conditional write: parallel creates cannot pass the limit together.
  if (!(await ctx.push.addWebhook(hook, MAX_WEBHOOKS_PER_PLAYER))) throw fail('too-many-webhooks', { limit: MAX_WEBHOOKS_PER_PLAYER });
  return revealWebhook(hook);
}

/**
 * Records in the game's header, before its first game-scope subscription is
 * stored, that it has some (`gameWebhooks`), so that push's consumer asks for
 * a game's subscriptions only where there may be any. A flag set once and
 * never cleared, rather than a count kept with the subscriptions: it needs
 * no transaction between push's items and the game's partition, no path that
 * deletes a subscription (its owner, their account's erasure) has to keep
 * it, and a subscription refused after it (the player's limit) leaves it
 * merely true. It is a header write, bumping the revision, so commits decided
 * after it carry a stamp that makes the consumer read it.
 */
async function recordGameWebhooks(ctx: PushContext, header: GameHeader): Promise<void> {
  let current: GameHeader | null = header;
  await untilWon('webhooks', HEADER_ATTEMPTS, async () => {
    if (!current || current.gameWebhooks === true) return;
    if (await ctx.store.replaceHeader({ ...current, gameWebhooks: true, revision: current.revision + 1 }, current.revision)) return;
    current = await ctx.store.getHeader(current.gameId);
    return RETRY;
  });
}

/** How many times a subscription's header write is tried against others' header writes (joins, standing orders) before `contention`. */
const HEADER_ATTEMPTS = 6;

/** Whether a game may have game-scope subscriptions: its header says so, or was written before it said (absent: unknown). */
export function mayHaveGameWebhooks(header: GameHeader): boolean {
  return header.gameWebhooks !== false;
}

/** The subscription with its secret: the answer to its creation, rebuilt from the record itself when a retry asks again (no other record keeps the secret). */
export function revealWebhook(hook: WebhookRecord) {
  return { ...presentWebhook(hook), secret: hook.secret };
}

export async function requireWebhook(ctx: PushContext, ownerId: string, id: string): Promise<WebhookRecord> {
  const hook = await ctx.push.getWebhook(ownerId, id);
  if (!hook) throw fail('webhook-not-found', { webhookId: id });
  return hook;
}

/** Sends one signed `ping` now and answers only how it went (recorded like any delivery, not retried): never the receiver's status or text. */
export async function pingWebhook(ctx: PushContext, policy: PushPolicy, hook: WebhookRecord): Promise<{ deliveryId: string; outcome: TestOutcome }> {
  const now = ctx.clock();
  const id = derivedId('msg', hook.id, 'ping', now);
  const format = formatOf(hook);
  const body =
    format === 'standard'
      ? JSON.stringify({ type: 'ping', timestamp: new Date(now).toISOString(), data: { webhookId: hook.id } })
      : chatPingBody(format, await readerLanguage(ctx, hook.ownerId));
  const result = await attemptDelivery(signFor(hook, id, body, now), { id, body }, policy, now);
  const outcome: TestOutcome = result.ok ? 'delivered' : result.error === 'timed out' ? 'timed out' : 'refused';
  await ctx.push.putDelivery({
    id,
    webhookId: hook.id,
    ownerId: hook.ownerId,
    type: 'ping',
    body,
    createdAt: now,
    state: result.ok ? 'delivered' : 'failed',
    // The outcome alone, here too: the deliveries list must not tell what the ping would not.
    attempts: [{ at: now, status: null, error: result.ok ? null : outcome }],
    nextAttemptAt: null,
  });
  return { deliveryId: id, outcome };
}

function wants(hook: WebhookRecord, type: string): boolean {
  return hook.disabled === null && (hook.events === null || hook.events.includes(type));
}

/**
 * A sink that queues a delivery for each notification or notice to every
 * webhook that wants it in the outbox, its body in the message — but not a
 * notification the commit's answer told its author (deliverable): a
 * game's public notices still go to its webhooks, whoever moved. Nothing is
 * sent here and no delivery record written (a chat channel's turn is claimed,
 * below), so no receiver can slow the commit path, and the courier writes
 * the delivery's record once, with its first attempt. A
 * redelivered commit queues it again; its courier finds the record and does
 * nothing, unless the two handlings race: then a message may be sent twice,
 * with the same `webhook-id` (at least once). The subscriptions are
 * read eventually consistent (half the units): one made or deleted in the
 * last second may be seen a commit late. A game's own are asked for only
 * when the commit's header says it may have some: a commit decided before
 * the game's first subscription was made is not told to it.
 */
export function webhookSink(ctx: PushContext, outbox: Outbox): PushSink {
  return async (derived, observed, reads) => {
    const due: [WebhookRecord, Notification | GameNotice][] = [];
    const mine = new Map<string, (type: NotificationType) => readonly WebhookRecord[]>();
    for (const { playerId, notification } of deliverable(derived, observed)) {
      if (!mine.has(playerId)) mine.set(playerId, await playerWebhooks(reads, playerId));
      for (const hook of mine.get(playerId)?.(notification.type) ?? []) if (wants(hook, notification.type)) due.push([hook, notification]);
    }
    const notices = derived.notices.filter((notice) => sendable(derived, notice));
    const gameId = notices[0]?.gameId;
    // The commit's header, held by the follower: most games have no game-scope subscription, and are not asked for any.
    if (gameId !== undefined && (!observed || mayHaveGameWebhooks(observed.header))) {
      const hooks = await reads.gameWebhooks(gameId);
      // A notice names seats, and an owner is never told the name of a player on their block list: the commit's header says who sits where.
      const header = hooks.length === 0 ? null : (observed?.header ?? (await reads.header(gameId)));
      for (const notice of notices)
        for (const hook of hooks) if (wants(hook, notice.type) && header) due.push([hook, await noticeFor(reads, header, hook.ownerId, notice)]);
    }
    const queued = await Promise.all(due.map(([hook, message]) => queuedDelivery(ctx, hook, message, reads)));
    await outbox.enqueue(queued.filter((m): m is OutboxMessage => m !== null));
  };
}

/** A player's own webhooks (player scope) that may receive a notification type: none for a type their preferences keep from webhooks. */
async function playerWebhooks(reads: BatchReads, playerId: string): Promise<(type: NotificationType) => readonly WebhookRecord[]> {
  const hooks = (await reads.webhooks(playerId)).filter((hook) => hook.gameId === null);
  if (hooks.length === 0) return () => [];
  // Read only for players with a webhook of their own: most have none.
  const preferences = await reads.preferences(playerId);
  return (type) => (chooses(preferences, type, 'webhook') ? hooks : []);
}

/**
 * The turn a chat message announces — its game, pending entry and awaited
 * seats — or null for any other message. A chat channel is told of each
 * once: a loop of moves and undos hands the same turns back and forth (an
 * undo restores the entry's id, a move taken again reopens the next one
 * under its old id), and people reading a channel want one message per
 * change of whose turn it is, not one per round trip. Programs (the standard
 * format) get every announcement, within the undo allowance.
 */
function chatTurn(message: Notification | GameNotice): string | null {
  if (message.type === 'your-turn') return `turn#${message.gameId}#${message.pending.id}#${message.seat}`;
  if (message.type === 'game.turn') return `turn#${message.gameId}#${message.pendingId}#${message.awaiting.map((s) => s.seat).join(',')}`;
  return null;
}

/**
 * A new delivery's outbox message, a chat app's in its owner's language (a
 * game's channel too, as whoever set it up reads it), signed now (every
 * format is posted with the Standard Webhooks headers) so that its first
 * attempt need not read the subscription again; null when a chat channel
 * was told of the turn already.
 */
async function queuedDelivery(ctx: PushContext, hook: WebhookRecord, message: Notification | GameNotice, reads: BatchReads): Promise<OutboxMessage | null> {
  const format = formatOf(hook);
  const id = derivedId('msg', hook.id, message.id);
  const turn = format === 'standard' ? null : chatTurn(message);
  if (turn !== null && !(await ctx.push.claimSubject(hook.id, turn, id, Date.parse(message.at)))) return null;
  const body =
    format === 'standard'
      ? JSON.stringify({ type: message.type, timestamp: message.at, data: message })
      : chatBody(format, message, ctx.pushPolicy.appUrl, (await reads.preferences(hook.ownerId)).language ?? DEFAULT_LANGUAGE);
  return signedDeliveryMessage(
    { id, webhookId: hook.id, ownerId: hook.ownerId, type: message.type, body, createdAt: Date.parse(message.at) },
    hook,
    ctx.clock(),
  );
}
