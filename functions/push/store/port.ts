import type { Language } from '../../service/languages.js';
import type { StoredPreferences } from '../model/preferences.js';
import type { Notification, WebhookFormat } from '../model/schemas.js';
import type { TimerAgenda } from '../../timers/port.js';
import type { OutboxAgenda } from '../outbox/port.js';

/**
 * The storage port of push, apart from the game store so that one stays
 * narrow. Two adapters (DynamoDB and in-memory) pass one contract suite
 * (test/functions/push-store-contract.test.ts).
 */

/** Notifications are kept this long (TTL), so a client away for a month still catches up. */
export const NOTIFICATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How fresh a read must be, chosen by each caller. `strong` sees every write
 * acknowledged before it: a user reading back their own change needs it.
 * `eventual` may miss a write of the last second but costs half the read
 * units on DynamoDB: fan-out and delivery use it, where a connection, webhook
 * or preference changed a moment ago being seen a commit late is harmless.
 */
export type ReadConsistency = 'strong' | 'eventual';

export interface NotificationPage {
  readonly items: readonly Notification[];
  /** Where the next call resumes: after the last item, or the cursor given when there was none. */
  readonly next: string | null;
  readonly more: boolean;
}

export interface NotificationStore {
  /**
   * Stores each notification in its addressee's partition, kept 30 days from
   * its `at`. Idempotent: a notification's place is its time and id, so
   * storing it again rewrites the same item.
   */
  putNotifications(playerId: string, notifications: readonly Notification[]): Promise<void>;
  /** In (time, id) order after the cursor (a `next` from an earlier page, or null for the oldest kept). */
  listNotifications(playerId: string, after: string | null, limit: number): Promise<NotificationPage>;

  getPreferences(playerId: string, consistency: ReadConsistency): Promise<StoredPreferences | null>;
  putPreferences(playerId: string, preferences: StoredPreferences): Promise<void>;
}

export interface WebhookRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly url: string;
  /** Set for a game-scope subscription (public notices of that game only). */
  readonly gameId: string | null;
  /** Only these types; null for all. */
  readonly events: readonly string[] | null;
  /** `whsec_…`; never shown again after creation. */
  readonly secret: string;
  readonly createdAt: number;
  readonly disabled: { readonly at: number; readonly reason: string } | null;
  /** The body's shape; absent on subscriptions made before chat formats (they are `standard`). */
  readonly format?: WebhookFormat;
}

export interface DeliveryAttempt {
  readonly at: number;
  readonly status: number | null;
  readonly error: string | null;
}

/** How a browser push delivery is sent (RFC 8030 headers): absent on webhook deliveries. */
export interface WebPushHeaders {
  /** Per game: an unread message of a game is replaced by the next one of it, not stacked. */
  readonly topic: string;
  readonly urgency: 'normal' | 'high';
  /** Past this (the deadline it tells of, or a day on) the message is worth nothing: its `TTL` counts down to it. */
  readonly expiresAt: number;
}

/** One message to one target (a webhook, a browser push subscription, an e-mail address), with every attempt so far: the durable state of its retries. */
export interface DeliveryRecord {
  /** The message id (`webhook-id`), derived from the target and what is delivered. */
  readonly id: string;
  /** The target's id: a webhook's (`wh_…`), a push subscription's (`ps_…`) or a player's e-mail (`em_…`); the prefixes keep their deliveries apart. */
  readonly webhookId: string;
  readonly ownerId: string;
  readonly type: string;
  /** The exact JSON body signed and sent on every attempt (a push message's plaintext, encrypted afresh on each; an e-mail's parts and headers). */
  readonly body: string;
  /** Browser push only. */
  readonly webPush?: WebPushHeaders;
  readonly createdAt: number;
  readonly state: 'pending' | 'delivered' | 'failed';
  readonly attempts: readonly DeliveryAttempt[];
  readonly nextAttemptAt: number | null;
}

/** Deliveries are kept this long for `GET /v1/webhooks/{id}/deliveries`. */
export const DELIVERY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface WebhookStore {
  /**
   * Creates a subscription unless its owner keeps `limit` already: the count
   * and the subscription in one conditional write, so parallel creates never
   * pass the limit together. False (nothing written) when full.
   */
  addWebhook(hook: WebhookRecord, limit: number): Promise<boolean>;
  /** Rewrites a subscription (its owner's copy and, for a game scope, the game's). */
  putWebhook(hook: WebhookRecord): Promise<void>;
  getWebhook(ownerId: string, id: string): Promise<WebhookRecord | null>;
  listWebhooks(ownerId: string, consistency: ReadConsistency): Promise<readonly WebhookRecord[]>;
  /** The game-scope subscriptions of a game. */
  gameWebhooks(gameId: string, consistency: ReadConsistency): Promise<readonly WebhookRecord[]>;
  /** Deletes a subscription and counts it off its owner's. */
  deleteWebhook(hook: WebhookRecord): Promise<void>;
  /** Stores a new delivery; false (and nothing written) when one with its id and time exists. */
  createDelivery(delivery: DeliveryRecord): Promise<boolean>;
  putDelivery(delivery: DeliveryRecord): Promise<void>;
  /** A delivery's record: read strongly consistent for a stored delivery's attempt, eventually (half the units) to skip a new one already recorded. */
  getDelivery(webhookId: string, createdAt: number, id: string, consistency: ReadConsistency): Promise<DeliveryRecord | null>;
  /** Newest first. */
  listDeliveries(webhookId: string, limit: number): Promise<readonly DeliveryRecord[]>;
}

/** A browser's push subscription (its `PushSubscription`): where a push service takes messages for one device of a player. */
export interface PushSubscriptionRecord {
  readonly id: string;
  readonly ownerId: string;
  /** The push service's URL for this device: a capability, shown to its owner only. */
  readonly endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which messages are encrypted to (RFC 8291). */
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly label: string | null;
  readonly createdAt: number;
}

export interface PushSubscriptionStore {
  /**
   * Creates a subscription unless its owner keeps `limit` already: the count
   * and the subscription in one conditional write, as webhooks are counted.
   * False (nothing written) when full.
   */
  addPushSubscription(subscription: PushSubscriptionRecord, limit: number): Promise<boolean>;
  /**
   * Rewrites one still kept (the browser renewed its keys for the same
   * endpoint); false, with nothing written, when it was deleted meanwhile: a
   * rewrite never brings back a device whose removal may have cleared its
   * owner's flag (the channel would skip them).
   */
  rewritePushSubscription(subscription: PushSubscriptionRecord): Promise<boolean>;
  getPushSubscription(ownerId: string, id: string): Promise<PushSubscriptionRecord | null>;
  listPushSubscriptions(ownerId: string, consistency: ReadConsistency): Promise<readonly PushSubscriptionRecord[]>;
  /** Deletes it and counts it off its owner's (nothing when it is gone already: a 410 and a user's delete may race). */
  deletePushSubscription(subscription: Pick<PushSubscriptionRecord, 'ownerId' | 'id'>): Promise<void>;
}

/** A player's e-mail address and how they are mailed (push/email/). */
export interface EmailRecord {
  readonly playerId: string;
  /** As the player typed it (trimmed); compared case-insensitively. */
  readonly address: string;
  /** When its confirmation link was followed; null until then, and nothing but the confirmation is sent. */
  readonly confirmedAt: number | null;
  /** The confirmation outstanding: the nonce its signed link names (the link itself is only in the e-mail) and when it lapses; null once used. */
  readonly confirmation: { readonly nonce: string; readonly expiresAt: number } | null;
  /** An IANA time zone (`Europe/Paris`): the player's local day, for the digest. */
  readonly timeZone: string;
  /** The local hour (0–23) the daily digest is sent at. */
  readonly digestHour: number;
  /** Whether the daily digest is sent (once confirmed). */
  readonly digest: boolean;
  /** False once the person stopped sign-in links by the unsubscribe link of one (setting the address again mails them again); absent: mailed on request. */
  readonly signInLinks?: false;
  /** Set when mail to the address bounced for good or was marked as spam: nothing more is sent to it until the player sets an address again. */
  readonly disabled: { readonly at: number; readonly reason: string } | null;
  /** The language the browser that set the address asked for (`Accept-Language`): what its mails are written in while the player has chosen none on their preferences; absent, English. */
  readonly language?: Language;
  readonly createdAt: number;
}

export interface EmailStore {
  getEmail(playerId: string, consistency: ReadConsistency): Promise<EmailRecord | null>;
  /** Stores the player's address record (a new address, or another in its place). */
  putEmail(record: EmailRecord): Promise<void>;
  /**
   * Writes back a record read a moment ago, changed (confirmed, a list left,
   * disabled by a bounce): what the player keeps is as it was, so the flags
   * are not written (the bounce handler may write the record, nothing else).
   * False, with nothing written, unless the record stored is still `read`:
   * a rewrite never brings back an address removed meanwhile (its removal
   * may have cleared the flag) nor puts back one replaced meanwhile.
   */
  rewriteEmail(read: EmailRecord, changed: EmailRecord): Promise<boolean>;
  /** Nothing when there is none. */
  deleteEmail(playerId: string): Promise<void>;
  /**
   * Claims the digest of one local day (`2026-11-26`) for the player, by a
   * conditional write: true the first time for that day, and again for the
   * same `claimant` (a firing tried again after its queuing failed: its
   * delivery is recorded only once attempted); false for any other (two
   * firings racing, or planned for the same day, send one digest).
   */
  claimDigest(playerId: string, day: string, claimant: string): Promise<boolean>;
  /**
   * Who signs in through a sign-in link mailed to an address: `addressKey`
   * (a hash of the address, push/email/sign-in-link.ts) names the player who
   * confirmed it last. Kept apart from the player's partition, since it is
   * found by the address.
   */
  claimAddress(addressKey: string, playerId: string): Promise<void>;
  addressOwner(addressKey: string): Promise<string | null>;
  /** Forgets the address's owner if it is still `playerId` (another player's later claim stays). */
  releaseAddress(addressKey: string, playerId: string): Promise<void>;
}

/**
 * One-time stream tickets: a ticket is stored by its hash only and can be
 * taken once, before it expires. Each outstanding ticket holds one of its
 * player's `limit` slots until it is taken or expires: a slot is claimed by
 * a conditional write, so parallel requests never hold more.
 */
export interface TicketStore {
  /** False (nothing stored) when the player holds `limit` outstanding tickets already. */
  putTicket(ticketHash: string, playerId: string, expiresAt: number, limit: number): Promise<boolean>;
  /** The player the ticket was issued to, deleting it; null when unknown, taken or expired. */
  takeTicket(ticketHash: string): Promise<string | null>;
}

/** An open API Gateway WebSocket connection (AWS only; the local server keeps its sockets in memory). */
export interface ConnectionRecord {
  readonly connectionId: string;
  readonly playerId: string;
  /** Games whose commits it asked for. */
  readonly games: readonly string[];
}

/** API Gateway closes every connection after 2 hours; records outlive that a little, then TTL removes strays. */
export const CONNECTION_TTL_MS = 3 * 60 * 60 * 1000;

/**
 * Connections and their index entries (under the player, under each game).
 * The record lists every game that has an entry (a subscription is added to
 * the record before its entry is written, and its entry removed before the
 * record forgets it), so removing a connection finds every entry.
 */
export interface ConnectionStore {
  /**
   * Stores a new connection, subscribed to nothing, and its player's entry,
   * holding one of the player's `limit` connection slots (claimed by a
   * conditional write; freed when it closes, or 3 hours on). False (nothing
   * stored) when the player has `limit` open already.
   */
  putConnection(connection: Omit<ConnectionRecord, 'games'>, limit: number): Promise<boolean>;
  getConnection(connectionId: string): Promise<ConnectionRecord | null>;
  /**
   * Adds one game to the connection: its record's list and the game's entry,
   * nothing else rewritten; `closed` (nothing written) once it is closed,
   * `full` when it follows `limit` other games (checked by the write itself).
   */
  addSubscription(connection: ConnectionRecord, gameId: string, limit: number): Promise<'added' | 'closed' | 'full'>;
  /** Removes one game from the connection: the game's entry and its record's list. */
  removeSubscription(connection: ConnectionRecord, gameId: string): Promise<void>;
  /** Removes the connection and every index entry of it (nothing when it is already gone). */
  deleteConnection(connectionId: string): Promise<void>;
  playerConnections(playerId: string, consistency: ReadConsistency): Promise<readonly string[]>;
  gameSubscribers(gameId: string, consistency: ReadConsistency): Promise<readonly { readonly connectionId: string; readonly playerId: string }[]>;
}

/**
 * Allowances counted in fixed windows, each place claimed by a conditional
 * write (idempotently: the same claim twice takes one place): how many undos
 * of a game may announce a turn again to the push channels in a minute (the
 * subject a game id, the claim a commit's seq), and how many sign-in links
 * one address may be mailed in a link's lifetime (push/email/sign-in-link.ts).
 */
export interface AllowanceStore {
  /** True when `claim` has (or takes) one of the `limit` places of `subject`'s window starting at `windowStart` (kept an hour). */
  takeAllowance(subject: string, windowStart: number, claim: number, limit: number): Promise<boolean>;
  /**
   * Claims `subject` (e.g. one turn of one game) for the message `claimant`
   * to a target, so that target is told of it once (a chat channel, not
   * flooded by an undo loop): true when the claim is new or already this
   * claimant's (a redelivered commit), false when another message holds it.
   * Kept as long as deliveries are; `at` is the message's time.
   */
  claimSubject(targetId: string, subject: string, claimant: string, at: number): Promise<boolean>;
}

/** The kinds of things of a player's that the channels read when telling them something. */
export const KEPT_KINDS = ['preferences', 'webhooks', 'devices', 'email'] as const;
export type KeptKind = (typeof KEPT_KINDS)[number];
/** Per kind, whether the player keeps any: preferences of their own, a webhook (either scope), a browser push device, an e-mail address. */
export type PlayerKeeps = Readonly<Record<KeptKind, boolean>>;

export interface KeepsStore {
  /**
   * What the player keeps, for the channels (eventually consistent: a thing
   * added in the last second may be missed a batch, as reading it would),
   * so they skip the reads that would find nothing. Kept true by every
   * write that adds such a thing and false by the removal of the last one;
   * null for a player stored before it was kept (or gone): they may keep
   * anything, and every channel reads as before.
   */
  playerKeeps(playerId: string): Promise<PlayerKeeps | null>;
}

/** An account erased (functions/app/account-deletion.ts): what push keeps of the player goes. */
export interface PlayerErasure {
  /**
   * Removes everything push keeps for the player: notifications,
   * preferences, webhooks (the owner's and the game's copies, their
   * deliveries), browser push subscriptions (their deliveries), stream
   * tickets and connections (their entries under games), quotas and slots.
   * Idempotent.
   */
  erasePlayer(playerId: string): Promise<void>;
}

/** Everything push stores. */
export type PushStore = NotificationStore &
  TimerAgenda &
  OutboxAgenda &
  WebhookStore &
  PushSubscriptionStore &
  EmailStore &
  TicketStore &
  ConnectionStore &
  AllowanceStore &
  KeepsStore &
  PlayerErasure;
