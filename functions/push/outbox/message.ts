// zod/mini, as the timers' port: the push function's bundle carries these few schemas, not all of zod.
import * as z from 'zod/mini';

/**
 * One delivery waiting in the outbox: a channel, a target of that channel
 * (a webhook subscription, a browser push subscription, a player's
 * confirmed e-mail address), and the delivery it is: its id and creation
 * time name its record. A new delivery's message also carries what it says
 * (`content`), since its record is written only once its first attempt has
 * an outcome (one write a delivery, not a write before queuing and another
 * after); once recorded, retries, deferrals and timers name the record alone,
 * and each attempt reads its latest state (a duplicate finds it done). A
 * message never carries a secret: a webhook's signing secret, a device's
 * keys and the mail key stay in their records, read by the courier. A new
 * webhook delivery carries its signature instead (`signed`), made as it was
 * queued, so that its first attempt need not read the subscription.
 */
const id = z.string().check(z.minLength(1));

export const CHANNELS = ['webhook', 'web-push', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * What a new delivery says, as its record will keep it: the notification's
 * type, the exact body sent (a webhook's signed JSON, a push message's
 * plaintext, an e-mail's parts: each a few KB at most, see README) and, for
 * browser push, its RFC 8030 headers.
 */
export const DeliveryContent = z.object({
  type: id,
  body: z.string(),
  webPush: z.optional(z.object({ topic: z.string(), urgency: z.enum(['normal', 'high']), expiresAt: z.int() })),
});
export type DeliveryContent = z.infer<typeof DeliveryContent>;

/**
 * A webhook message signed for its subscription by the Standard Webhooks
 * specification (over id.timestamp.body, with the subscription's secret):
 * where it goes, the `webhook-timestamp` it was signed at (seconds) and the
 * `webhook-signature` (one HMAC-SHA256, `v1,` and 44 base64 characters).
 */
export const SignedTarget = z.object({
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
  timestamp: z.int().check(z.nonnegative()),
  signature: z.string().check(z.regex(/^v1,[A-Za-z0-9+/]{43}=$/)),
});
export type SignedTarget = z.infer<typeof SignedTarget>;

/**
 * One schema for both kinds of message, the new and the recorded, told
 * apart by `content` alone: everything else (the target's lane and
 * breaker, the local agenda's key, the queue) reads the same fields of both.
 */
export const OutboxMessage = z.object({
  channel: z.enum(CHANNELS),
  /** Whose target it is (the partition of the target's record). */
  ownerId: id,
  /** The target: what the per-target concurrency and circuit breaker count against. */
  targetId: id,
  /** The delivery record: its id and creation time (its place among the target's deliveries). */
  deliveryId: id,
  createdAt: z.int(),
  /** A new delivery's content, until its first attempt (or deferral) is recorded; absent from a message naming a stored record. */
  content: z.optional(DeliveryContent),
  /**
   * A new webhook delivery's signature, made by the commit consumer that
   * queued it (it had just read the subscription): its first attempt posts
   * it while receivers still accept its timestamp, reading nothing of the
   * subscription. Only beside `content` (the courier ignores it
   * elsewhere): a retry reads the subscription and signs again.
   */
  signed: z.optional(SignedTarget),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** The key a target's lane and breaker are kept under: unique across channels. */
export const targetKey = (message: Pick<OutboxMessage, 'channel' | 'targetId'>) => `${message.channel}:${message.targetId}`;
