import { keys } from '../../store/dynamo-items.js';
import { Notification } from '../model/schemas.js';
import { targetKey, type OutboxMessage } from '../outbox/message.js';

/**
 * Where push records live in the one table, and the notification cursor both
 * adapters share. Nothing here sorts after a game partition's HEAD item:
 * push never writes into a game's partition.
 *
 *   PLAYER#<id>  N#<at, 13 digits>#<id>   a notification (TTL 30 days)
 *   PLAYER#<id>  PREFS                    the player's push preferences
 *   PUSHTIMERS   <timer id>               a timer of the local agenda: a reminder or a webhook retry (`npm start` only; AWS uses Scheduler)
 *   PUSHOUTBOX   <channel>:<target>#<delivery id>  a delivery accepted by the local outbox, until handled (`npm start` only; on AWS, Lambda's queue of asynchronous invocations)
 *   PLAYER#<id>  WH#<webhook id>          a webhook subscription, its owner's copy
 *   PLAYER#<id>  QUOTA#webhooks           how many subscriptions the player keeps (a conditional counter)
 *   PLAYER#<id>  WP#<subscription id>     a browser push subscription
 *   PLAYER#<id>  QUOTA#push-subscriptions how many browser push subscriptions the player keeps (a conditional counter)
 *   PLAYER#<id>  EMAIL                    the player's e-mail address, its confirmation, time zone and digest hour
 *   PLAYER#<id>  DIGEST                   the last local day a digest was claimed for (a conditional write)
 *   PLAYER#<id>  SLOT#<kind>#<n>          one of the player's slots of a quota of things that lapse (stream tickets, connections): holder and expiry
 *   PUSHRATE#<subject> W#<start, 13 digits> an allowance window's claims: the undos of a game's minute that announced a turn again
 *                                         to the push channels, the sign-in links mailed to an address (SIGNIN-<address key>) (TTL 1 h)
 *   ADDRESS#<address key>  OWNER          the player who confirmed that e-mail address last: whom its sign-in links sign in
 *   HOOKS#<game> WH#<webhook id>          a game-scope subscription, the game's copy
 *   TOLD#<target> <subject>               which message told a target of a subject (a chat channel's turn), so none other does (TTL 30 days)
 *   WHD#<target> <at, 13 digits>#<msg id> a delivery with its attempts, to a webhook or a push subscription (TTL 30 days)
 *   TICKET#<sha256 of ticket>  TICKET     a one-time stream ticket (TTL 60 s)
 *   WSCONN#<connection id>     CONN       an open WebSocket connection on AWS: its player, the set of its games (TTL 3 h)
 *   PLAYER#<id>  WS#<connection id>       its entry under its player
 *   WSGAME#<game> <connection id>         its entry under each game it subscribed to
 */
export const connectionKey = (connectionId: string) => ({ pk: { S: `WSCONN#${connectionId}` }, sk: { S: 'CONN' } });
export const CONNECTION_PREFIX = 'WS#';
export const playerConnectionKey = (playerId: string, connectionId: string) => ({
  pk: { S: keys.playerPartition(playerId) },
  sk: { S: `${CONNECTION_PREFIX}${connectionId}` },
});
export const gameSubscribersPartition = (gameId: string) => `WSGAME#${gameId}`;
export const gameSubscriberKey = (gameId: string, connectionId: string) => ({ pk: { S: gameSubscribersPartition(gameId) }, sk: { S: connectionId } });
export const ticketKey = (ticketHash: string) => ({ pk: { S: `TICKET#${ticketHash}` }, sk: { S: 'TICKET' } });
export const WEBHOOK_PREFIX = 'WH#';
export const emailKey = (playerId: string) => ({ pk: { S: keys.playerPartition(playerId) }, sk: { S: 'EMAIL' } });
export const digestKey = (playerId: string) => ({ pk: { S: keys.playerPartition(playerId) }, sk: { S: 'DIGEST' } });
export const PUSH_SUBSCRIPTION_PREFIX = 'WP#';
const QUOTA_PREFIX = 'QUOTA#';
const SLOT_PREFIX = 'SLOT#';
/** The counted quotas: each a conditional counter in the player's partition. */
export type CountedKind = 'webhooks' | 'push-subscriptions';
export const countKey = (playerId: string, kind: CountedKind) => ({ pk: { S: keys.playerPartition(playerId) }, sk: { S: `${QUOTA_PREFIX}${kind}` } });
/** The quotas kept as slots: each thing held takes one until it is let go or lapses. */
export type SlotKind = 'ticket' | 'conn';
export const slotPrefix = (kind: SlotKind) => `${SLOT_PREFIX}${kind}#`;
export const slotKey = (playerId: string, kind: SlotKind, slot: number) => ({
  pk: { S: keys.playerPartition(playerId) },
  sk: { S: `${slotPrefix(kind)}${slot}` },
});
export const addressOwnerKey = (addressKey: string) => ({ pk: { S: `ADDRESS#${addressKey}` }, sk: { S: 'OWNER' } });
export const allowanceKey = (subject: string, windowStart: number) => ({
  pk: { S: `PUSHRATE#${subject}` },
  sk: { S: `W#${String(windowStart).padStart(13, '0')}` },
});
export const toldKey = (targetId: string, subject: string) => ({ pk: { S: `TOLD#${targetId}` }, sk: { S: subject } });
export const gameHooksPartition = (gameId: string) => `HOOKS#${gameId}`;
export const deliveriesPartition = (webhookId: string) => `WHD#${webhookId}`;
export const deliverySk = (createdAt: number, id: string) => `${String(createdAt).padStart(13, '0')}#${id}`;
export const TIMERS_PARTITION = 'PUSHTIMERS';
export const OUTBOX_PARTITION = 'PUSHOUTBOX';
export const outboxSk = (message: OutboxMessage) => `${targetKey(message)}#${message.deliveryId}`;
export const NOTIFICATION_PREFIX = 'N#';
export const PREFERENCES_SK = 'PREFS';
/** The sort keys push writes under a player (above): what erasing the account removes of push's. */
export const PLAYER_ITEM_PREFIXES = [
  NOTIFICATION_PREFIX,
  PREFERENCES_SK,
  WEBHOOK_PREFIX,
  PUSH_SUBSCRIPTION_PREFIX,
  QUOTA_PREFIX,
  SLOT_PREFIX,
  CONNECTION_PREFIX,
  'EMAIL',
  'DIGEST',
] as const;

export function notificationSk(notification: Pick<Notification, 'at' | 'id'>): string {
  return `${NOTIFICATION_PREFIX}${String(Date.parse(notification.at)).padStart(13, '0')}#${notification.id}`;
}

/** A cursor is the sort key of the last notification seen, opaque to clients. */
export function encodeNotificationCursor(sk: string): string {
  return Buffer.from(sk, 'utf8').toString('base64url');
}

export class InvalidCursorError extends Error {
  constructor(cursor: string) {
    super(`not a notification cursor: ${cursor}`);
    this.name = 'InvalidCursorError';
  }
}

export function decodeNotificationCursor(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^N#\d{13}#[A-Za-z0-9_-]{1,64}$/.test(sk) || encodeNotificationCursor(sk) !== cursor) throw new InvalidCursorError(cursor);
  return sk;
}
