import * as z from 'zod';

/**
 * What the service tells a player (stored per player, listed with a cursor,
 * sent over the stream and to webhooks) and what it tells a game's group
 * channel (game-scope notices: public facts only). The single source of the
 * types, the validation of stored bodies and the OpenAPI document.
 */

const Instant = z.iso.datetime().describe('RFC 3339 UTC.');

const PendingKind = z.enum(['turn', 'sequential', 'simultaneous', 'decision']).meta({ id: 'PendingKind' });

/** The game played: a message names it by the title the reader's language prints (game notices carry it too). */
const GamePlayed = z.string().describe('The game played, e.g. `villages-of-valeria`.');

const GameRef = {
  gameId: z.string(),
  game: GamePlayed,
  title: z.string().describe('The game’s title, for a message a person reads.'),
  seat: z.number().int().describe('Your seat in that game.'),
};

/** How a seat's player is badged where a notification names them. */
const SeatBadges = {
  botAccount: z.literal(true).optional().describe("Present when the seat's player is a bot account (a program): show it as one."),
  accountDeleted: z
    .literal(true)
    .optional()
    .describe('Present when the seat\'s player deleted their account: the name is "Deleted player" and the bot plays the seat for good.'),
};

const common = {
  id: z.string().describe('Stable: derived from the commit (or timer) and the addressee, so a redelivery carries the same id.'),
  at: Instant.describe('When it happened (the commit’s time).'),
};

export const Notification = z
  .discriminatedUnion('type', [
    z.object({
      ...common,
      type: z.literal('your-turn'),
      ...GameRef,
      pending: z.object({ id: z.string(), kind: PendingKind.optional(), deadline: Instant }),
      version: z.number().int().describe('The game version that opened it.'),
    }),
    z.object({
      ...common,
      type: z.literal('deadline-soon'),
      ...GameRef,
      pending: z.object({ id: z.string(), deadline: Instant }),
      fraction: z.number().describe('The share of the time that has passed (a reminder preference).'),
    }),
    z.object({ ...common, type: z.literal('timed-out'), ...GameRef, pendingId: z.string(), version: z.number().int() }),
    z.object({ ...common, type: z.literal('game-started'), ...GameRef, version: z.number().int() }),
    z.object({
      ...common,
      type: z.literal('game-ended'),
      ...GameRef,
      version: z.number().int(),
      result: z.object({ scores: z.array(z.number()), winners: z.array(z.number().int()) }).describe('Final scores per seat and the winning seats.'),
    }),
    z.object({
      ...common,
      type: z.literal('player-joined'),
      ...GameRef,
      joined: z.object({
        seat: z.number().int(),
        name: z.string(),
        botAccount: SeatBadges.botAccount,
      }),
    }),
    z
      .object({
        ...common,
        type: z.literal('seat-replaced'),
        ...GameRef,
        version: z.number().int(),
        replaced: z.object({
          seat: z.number().int(),
          name: z.string(),
          afterTimeouts: z.number().int().describe("The seat's timeouts in a row when the bot took it (0 when its player deleted their account)."),
          ...SeatBadges,
        }),
      })
      .describe(
        'After that many timeouts in a row, the greedy bot plays this seat until its player reclaims it; or for good, when its player deleted their account (to every player of the game).',
      ),
    z
      .object({
        ...common,
        type: z.literal('seat-reclaimed'),
        ...GameRef,
        version: z.number().int(),
        reclaimed: z.object({ seat: z.number().int(), name: z.string(), ...SeatBadges }),
      })
      .describe('The player took their seat back from the bot (to every player of the game).'),
    z.object({
      ...common,
      type: z.literal('webhook-disabled'),
      webhookId: z.string(),
      url: z.string(),
      reason: z.string(),
    }),
  ])
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;
export type NotificationType = Notification['type'];
export const NOTIFICATION_TYPES = Notification.options.map((o) => o.shape.type.value) as readonly NotificationType[];

const PublicSeat = z.object({ seat: z.number().int(), name: z.string().nullable().describe('The player’s name; null for a bot.') });

/** What a game's group channel may learn: whose turn, until when, the end. Never a card, plan or bid. */
export const GameNotice = z
  .discriminatedUnion('type', [
    z.object({
      id: z.string(),
      at: Instant,
      type: z.literal('game.turn'),
      gameId: z.string(),
      game: GamePlayed,
      title: z.string(),
      version: z.number().int(),
      awaiting: z.array(PublicSeat),
      pendingId: z.string().describe('The pending entry awaited (a `your-turn`’s `pending.id`): a turn an undo hands back names the entry it named before.'),
      deadline: Instant,
    }),
    z.object({
      id: z.string(),
      at: Instant,
      type: z.literal('game.started'),
      gameId: z.string(),
      game: GamePlayed,
      title: z.string(),
      version: z.number().int(),
    }),
    z.object({
      id: z.string(),
      at: Instant,
      type: z.literal('game.ended'),
      gameId: z.string(),
      game: GamePlayed,
      title: z.string(),
      version: z.number().int(),
      scores: z.array(z.number()),
      winners: z.array(PublicSeat),
    }),
  ])
  .meta({ id: 'GameNotice' });
export type GameNotice = z.infer<typeof GameNotice>;
export type GameNoticeType = GameNotice['type'];
export const GAME_NOTICE_TYPES = GameNotice.options.map((o) => o.shape.type.value) as readonly GameNoticeType[];

/** The shapes a webhook's body takes: the signed Standard Webhooks JSON, or a chat app's incoming-webhook message (webhooks/chat.ts). */
export const WEBHOOK_FORMATS = ['standard', 'discord', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const NotificationsPage = z
  .object({
    notifications: z.array(Notification),
    next: z.string().nullable().describe('Pass as `after` to get what came since; null when nothing was ever listed.'),
    more: z.boolean().describe('Whether more are already waiting after this page.'),
  })
  .meta({ id: 'NotificationsPage' });

export const StreamTicket = z
  .object({
    ticket: z.string().describe('One-time, valid 60 seconds.'),
    url: z.string().describe('Connect a WebSocket here (the ticket is already in it).'),
    expiresAt: Instant,
  })
  .meta({ id: 'StreamTicket' });
