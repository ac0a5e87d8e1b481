// zod/mini, as the timers' port: the push function's bundle carries these few schemas, not all of zod.
import * as z from 'zod/mini';

/**
 * One delivery waiting in the outbox: a channel, a target of that channel
 * (a webhook subscription, a browser push subscription, a player's
 * confirmed e-mail address), and the stored delivery record that holds the body and
 * every attempt. The message names the record instead of carrying the body,
 * so a queue never holds a secret or a notification twice, and an attempt
 * always reads the record's latest state (a duplicate message finds it done).
 */
const id = z.string().check(z.minLength(1));

export const CHANNELS = ['webhook', 'web-push', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

export const OutboxMessage = z.object({
  channel: z.enum(CHANNELS),
  /** Whose target it is (the partition of the target's record). */
  ownerId: id,
  /** The target: what the per-target concurrency and circuit breaker count against. */
  targetId: id,
  /** The delivery record: its id and creation time (its place among the target's deliveries). */
  deliveryId: id,
  createdAt: z.int(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** The key a target's lane and breaker are kept under: unique across channels. */
export const targetKey = (message: Pick<OutboxMessage, 'channel' | 'targetId'>) => `${message.channel}:${message.targetId}`;
