import * as z from 'zod';
import { GAME_NOTICE_TYPES, NOTIFICATION_TYPES, WEBHOOK_FORMATS } from '../model/schemas.js';

const Instant = z.iso.datetime();

export const MAX_WEBHOOKS_PER_PLAYER = 10;

const WebhookFormat = z.enum(WEBHOOK_FORMATS);
const FORMAT_HELP =
  'The body’s shape. `standard`: the signed Standard Webhooks JSON (`type`, `timestamp`, `data`: the notification or notice). `discord`: a Discord incoming webhook’s `{content, allowed_mentions}`; `slack`: a Slack incoming webhook’s `{text}` — one readable message naming the game, whose turn it is and until when, with a link to the table, in the `language` of your preferences (a game’s channel too: in the language of whoever set it up); a turn already told to that channel (the same pending entry and awaited seats, handed back by an undo or a move taken again) is not told again: one message per change of whose turn it is. All three carry the Standard Webhooks signature headers, are retried alike, and a 429’s `Retry-After` (or Discord’s `retry_after`) delays the next attempt at least that long.';

export const CreateWebhookBody = z
  .strictObject({
    url: z.string().max(2000).describe('An https URL resolving to a public address.'),
    gameId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('Subscribe to one game’s public notices (any seated player may); leave out for all your notifications.'),
    events: z
      .array(z.enum([...NOTIFICATION_TYPES, ...GAME_NOTICE_TYPES] as [string, ...string[]]))
      .min(1)
      .max(20)
      .optional()
      .describe('Only these types (notification types for your own, `game.*` notice types for a game); leave out for all.'),
    format: WebhookFormat.optional().describe(`${FORMAT_HELP} Default \`standard\`.`),
  })
  .meta({
    id: 'CreateWebhook',
    example: { url: 'https://discord.com/api/webhooks/123456789012345678/abcDEF', gameId: 'g_7Qm2xZ', format: 'discord' },
  });

export const WebhookView = z
  .object({
    id: z.string(),
    url: z.string(),
    scope: z.enum(['player', 'game']),
    format: WebhookFormat.describe(FORMAT_HELP),
    gameId: z.string().nullable(),
    events: z.array(z.string()).nullable(),
    createdAt: Instant,
    disabled: z.object({ at: Instant, reason: z.string() }).nullable().describe('Set when deliveries failed past the retry horizon (over 24 hours).'),
  })
  .meta({ id: 'Webhook' });

export const NewWebhook = WebhookView.extend({
  secret: z.string().describe('The signing secret (`whsec_…`), shown this once: verify each delivery with it (Standard Webhooks).'),
}).meta({ id: 'NewWebhook' });

export const WebhookList = z.object({ webhooks: z.array(WebhookView) }).meta({ id: 'WebhookList' });

export const DeliveryView = z
  .object({
    id: z.string().describe('The `webhook-id` header: the same on every attempt of one message.'),
    type: z.string(),
    createdAt: Instant,
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.array(z.object({ at: Instant, status: z.number().int().nullable(), error: z.string().nullable() })),
    nextAttemptAt: Instant.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const DeliveryList = z.object({ deliveries: z.array(DeliveryView) }).meta({ id: 'WebhookDeliveryList' });

export const WebhookIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'wh_3kT9xQ' }),
});

/** How a test ping went, in three words: never the receiver's status or text (with loopback allowed, that would scan the machine's ports). */
export const TEST_OUTCOMES = ['delivered', 'refused', 'timed out'] as const;
export type TestOutcome = (typeof TEST_OUTCOMES)[number];

export const WebhookTest = z
  .object({
    deliveryId: z.string().describe('The ping’s delivery, listed with the others (its attempt carries the outcome only).'),
    outcome: z
      .enum(TEST_OUTCOMES)
      .describe(
        '`delivered`: your server answered 2xx. `refused`: it answered anything else, could not be connected to, or its URL no longer resolves to a public address. `timed out`: no answer within 5 seconds.',
      ),
  })
  .meta({ id: 'WebhookTest', example: { deliveryId: 'msg_8Zk2bJx0QkS7yq9wV1c3Ad', outcome: 'delivered' } });
