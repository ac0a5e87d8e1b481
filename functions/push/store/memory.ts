import { byUtf8, jsonCopy } from '../../store/conventions.js';
import { decodeNotificationCursor, deliverySk, encodeNotificationCursor, notificationSk, outboxSk } from './keys.js';
import {
  NOTIFICATION_TTL_MS,
  type ConnectionRecord,
  type DeliveryRecord,
  type EmailRecord,
  type NotificationPage,
  type PlayerKeeps,
  type PushStore,
  type PushSubscriptionRecord,
  type WebhookRecord,
} from './port.js';
import type { StoredPreferences } from '../model/preferences.js';
import type { Notification } from '../model/schemas.js';
import type { Timer } from '../../timers/port.js';
import type { OutboxMessage } from '../outbox/message.js';

/**
 * Push records in process memory, with the DynamoDB adapter's semantics
 * (expiry decided on read). Every read sees every write, so whichever
 * consistency a caller asks for is met.
 */
export class MemoryPushStore implements PushStore {
  private readonly notifications = new Map<string, Map<string, Notification>>();
  private readonly preferences = new Map<string, StoredPreferences>();
  private readonly timers = new Map<string, Timer>();
  private readonly queued = new Map<string, OutboxMessage>();
  private readonly webhooks = new Map<string, WebhookRecord>();
  private readonly pushSubscriptions = new Map<string, PushSubscriptionRecord>();
  private readonly emails = new Map<string, EmailRecord>();
  private readonly digestDays = new Map<string, { day: string; claimant: string }>();
  private readonly deliveries = new Map<string, Map<string, DeliveryRecord>>();
  private readonly connections = new Map<string, ConnectionRecord>();
  private readonly tickets = new Map<string, { readonly playerId: string; readonly expiresAt: number }>();
  /** Each subject's current allowance window: its start and the claims that took a place. */
  private readonly allowances = new Map<string, { readonly windowStart: number; readonly claims: Set<number> }>();
  /** Each address key's owner (the player who confirmed it last). */
  private readonly addressOwners = new Map<string, string>();
  /** Subjects claimed, by target and subject: the claimant. */
  private readonly told = new Map<string, string>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Read off what is kept: exact, every write being seen at once. */
  async playerKeeps(playerId: string): Promise<PlayerKeeps> {
    const owns = (records: Map<string, { readonly ownerId: string }>) => [...records.values()].some((r) => r.ownerId === playerId);
    return {
      preferences: this.preferences.has(playerId),
      webhooks: owns(this.webhooks),
      devices: owns(this.pushSubscriptions),
      email: this.emails.has(playerId),
    };
  }

  async putNotifications(playerId: string, notifications: readonly Notification[]): Promise<void> {
    const inbox = this.notifications.get(playerId) ?? new Map<string, Notification>();
    for (const notification of notifications) inbox.set(notificationSk(notification), jsonCopy(notification));
    this.notifications.set(playerId, inbox);
  }

  async listNotifications(playerId: string, after: string | null, limit: number): Promise<NotificationPage> {
    const from = after === null ? '' : decodeNotificationCursor(after);
    const keptSince = this.clock() - NOTIFICATION_TTL_MS;
    const entries = [...(this.notifications.get(playerId)?.entries() ?? [])]
      .filter(([sk, n]) => byUtf8(sk, from) > 0 && Date.parse(n.at) > keptSince)
      .sort(([a], [b]) => byUtf8(a, b));
    const page = entries.slice(0, limit);
    const last = page.at(-1);
    return { items: jsonCopy(page.map(([, n]) => n)), next: last ? encodeNotificationCursor(last[0]) : after, more: entries.length > limit };
  }

  async getPreferences(playerId: string): Promise<StoredPreferences | null> {
    const found = this.preferences.get(playerId);
    return found ? jsonCopy(found) : null;
  }

  async putPreferences(playerId: string, preferences: StoredPreferences): Promise<void> {
    this.preferences.set(playerId, jsonCopy(preferences));
  }

  async getEmail(playerId: string): Promise<EmailRecord | null> {
    const found = this.emails.get(playerId);
    return found ? jsonCopy(found) : null;
  }

  async putEmail(record: EmailRecord): Promise<void> {
    this.emails.set(record.playerId, jsonCopy(record));
  }

  async rewriteEmail(read: EmailRecord, changed: EmailRecord): Promise<boolean> {
    const stored = this.emails.get(read.playerId);
    if (!stored || JSON.stringify(stored) !== JSON.stringify(read)) return false;
    await this.putEmail(changed);
    return true;
  }

  async deleteEmail(playerId: string): Promise<void> {
    this.emails.delete(playerId);
  }

  async claimAddress(addressKey: string, playerId: string): Promise<void> {
    this.addressOwners.set(addressKey, playerId);
  }

  async addressOwner(addressKey: string): Promise<string | null> {
    return this.addressOwners.get(addressKey) ?? null;
  }

  async releaseAddress(addressKey: string, playerId: string): Promise<void> {
    if (this.addressOwners.get(addressKey) === playerId) this.addressOwners.delete(addressKey);
  }

  async claimDigest(playerId: string, day: string, claimant: string): Promise<boolean> {
    const claimed = this.digestDays.get(playerId);
    if (claimed?.day === day && claimed.claimant !== claimant) return false;
    this.digestDays.set(playerId, { day, claimant });
    return true;
  }

  async putTimer(timer: Timer): Promise<void> {
    this.timers.set(timer.id, jsonCopy(timer));
  }

  async deleteTimer(id: string): Promise<void> {
    this.timers.delete(id);
  }

  async listTimers(): Promise<readonly Timer[]> {
    return jsonCopy([...this.timers.values()]);
  }

  async putQueued(message: OutboxMessage): Promise<void> {
    this.queued.set(outboxSk(message), jsonCopy(message));
  }

  async deleteQueued(message: OutboxMessage): Promise<void> {
    this.queued.delete(outboxSk(message));
  }

  async listQueued(): Promise<readonly OutboxMessage[]> {
    return jsonCopy([...this.queued.values()]);
  }

  async addWebhook(hook: WebhookRecord, limit: number): Promise<boolean> {
    // No await between the count and the write: nothing runs in between.
    if ([...this.webhooks.values()].filter((h) => h.ownerId === hook.ownerId).length >= limit) return false;
    this.webhooks.set(hook.id, jsonCopy(hook));
    return true;
  }

  async putWebhook(hook: WebhookRecord): Promise<void> {
    this.webhooks.set(hook.id, jsonCopy(hook));
  }

  async getWebhook(ownerId: string, id: string): Promise<WebhookRecord | null> {
    const hook = this.webhooks.get(id);
    return hook?.ownerId === ownerId ? jsonCopy(hook) : null;
  }

  async listWebhooks(ownerId: string): Promise<readonly WebhookRecord[]> {
    return this.sortedHooks((hook) => hook.ownerId === ownerId);
  }

  async gameWebhooks(gameId: string): Promise<readonly WebhookRecord[]> {
    return this.sortedHooks((hook) => hook.gameId === gameId);
  }

  async deleteWebhook(hook: WebhookRecord): Promise<void> {
    this.webhooks.delete(hook.id);
  }

  async addPushSubscription(subscription: PushSubscriptionRecord, limit: number): Promise<boolean> {
    // No await between the count and the write: nothing runs in between.
    if ([...this.pushSubscriptions.values()].filter((s) => s.ownerId === subscription.ownerId).length >= limit) return false;
    this.pushSubscriptions.set(subscription.id, jsonCopy(subscription));
    return true;
  }

  async rewritePushSubscription(subscription: PushSubscriptionRecord): Promise<boolean> {
    if (this.pushSubscriptions.get(subscription.id)?.ownerId !== subscription.ownerId) return false;
    this.pushSubscriptions.set(subscription.id, jsonCopy(subscription));
    return true;
  }

  async getPushSubscription(ownerId: string, id: string): Promise<PushSubscriptionRecord | null> {
    const found = this.pushSubscriptions.get(id);
    return found?.ownerId === ownerId ? jsonCopy(found) : null;
  }

  async listPushSubscriptions(ownerId: string): Promise<readonly PushSubscriptionRecord[]> {
    return jsonCopy([...this.pushSubscriptions.values()].filter((s) => s.ownerId === ownerId).sort((a, b) => byUtf8(a.id, b.id)));
  }

  async deletePushSubscription(subscription: Pick<PushSubscriptionRecord, 'ownerId' | 'id'>): Promise<void> {
    if (this.pushSubscriptions.get(subscription.id)?.ownerId === subscription.ownerId) this.pushSubscriptions.delete(subscription.id);
  }

  async createDelivery(delivery: DeliveryRecord): Promise<boolean> {
    const list = this.targetDeliveries(delivery.webhookId);
    const sk = deliverySk(delivery.createdAt, delivery.id);
    if (list.has(sk)) return false;
    list.set(sk, jsonCopy(delivery));
    return true;
  }

  async putDelivery(delivery: DeliveryRecord): Promise<void> {
    this.targetDeliveries(delivery.webhookId).set(deliverySk(delivery.createdAt, delivery.id), jsonCopy(delivery));
  }

  /** A target's deliveries, by sort key (made empty on first use). */
  private targetDeliveries(webhookId: string): Map<string, DeliveryRecord> {
    const list = this.deliveries.get(webhookId) ?? new Map<string, DeliveryRecord>();
    this.deliveries.set(webhookId, list);
    return list;
  }

  async getDelivery(webhookId: string, createdAt: number, id: string): Promise<DeliveryRecord | null> {
    const found = this.deliveries.get(webhookId)?.get(deliverySk(createdAt, id));
    return found ? jsonCopy(found) : null;
  }

  async listDeliveries(webhookId: string, limit: number): Promise<readonly DeliveryRecord[]> {
    const list = [...(this.deliveries.get(webhookId)?.entries() ?? [])].sort(([a], [b]) => byUtf8(b, a));
    return jsonCopy(list.slice(0, limit).map(([, d]) => d));
  }

  async putTicket(ticketHash: string, playerId: string, expiresAt: number, limit: number): Promise<boolean> {
    const now = this.clock();
    if ([...this.tickets.values()].filter((t) => t.playerId === playerId && t.expiresAt > now).length >= limit) return false;
    this.tickets.set(ticketHash, { playerId, expiresAt });
    return true;
  }

  async takeTicket(ticketHash: string): Promise<string | null> {
    const ticket = this.tickets.get(ticketHash);
    this.tickets.delete(ticketHash);
    return ticket && this.clock() < ticket.expiresAt ? ticket.playerId : null;
  }

  async putConnection({ connectionId, playerId }: Omit<ConnectionRecord, 'games'>, limit: number): Promise<boolean> {
    if ([...this.connections.values()].filter((c) => c.playerId === playerId).length >= limit) return false;
    this.connections.set(connectionId, { connectionId, playerId, games: [] });
    return true;
  }

  async getConnection(connectionId: string): Promise<ConnectionRecord | null> {
    const found = this.connections.get(connectionId);
    return found ? jsonCopy(found) : null;
  }

  async addSubscription({ connectionId }: ConnectionRecord, gameId: string, limit: number): Promise<'added' | 'closed' | 'full'> {
    const games = this.connections.get(connectionId)?.games;
    if (!games) return 'closed';
    if (games.length >= limit && !games.includes(gameId)) return 'full';
    this.changeGames(connectionId, (set) => set.add(gameId));
    return 'added';
  }

  async removeSubscription({ connectionId }: ConnectionRecord, gameId: string): Promise<void> {
    this.changeGames(connectionId, (games) => games.delete(gameId));
  }

  async deleteConnection(connectionId: string): Promise<void> {
    this.connections.delete(connectionId);
  }

  async playerConnections(playerId: string): Promise<readonly string[]> {
    return [...this.connections.values()].filter((c) => c.playerId === playerId).map((c) => c.connectionId);
  }

  async gameSubscribers(gameId: string) {
    return [...this.connections.values()].filter((c) => c.games.includes(gameId)).map(({ connectionId, playerId }) => ({ connectionId, playerId }));
  }

  async takeAllowance(subject: string, windowStart: number, claim: number, limit: number): Promise<boolean> {
    const current = this.allowances.get(subject);
    const window = current && current.windowStart === windowStart ? current : { windowStart, claims: new Set<number>() };
    this.allowances.set(subject, window);
    if (window.claims.has(claim)) return true;
    if (window.claims.size >= limit) return false;
    window.claims.add(claim);
    return true;
  }

  async claimSubject(targetId: string, subject: string, claimant: string): Promise<boolean> {
    const key = `${targetId}\u0000${subject}`;
    const holder = this.told.get(key) ?? claimant;
    this.told.set(key, holder);
    return holder === claimant;
  }

  /** Changes the games of a stored connection (as a set, in UTF-8 order); a closed one stays closed. */
  async erasePlayer(playerId: string): Promise<void> {
    this.notifications.delete(playerId);
    this.preferences.delete(playerId);
    this.emails.delete(playerId);
    this.digestDays.delete(playerId);
    for (const targets of [this.webhooks, this.pushSubscriptions])
      for (const [id, target] of targets)
        if (target.ownerId === playerId) {
          targets.delete(id);
          this.deliveries.delete(id);
        }
    for (const held of [this.connections, this.tickets]) for (const [id, holder] of held) if (holder.playerId === playerId) held.delete(id);
  }

  private changeGames(connectionId: string, change: (games: Set<string>) => void): void {
    const connection = this.connections.get(connectionId);
    if (!connection) return;
    const games = new Set(connection.games);
    change(games);
    this.connections.set(connectionId, { ...connection, games: [...games].sort(byUtf8) });
  }

  private sortedHooks(keep: (hook: WebhookRecord) => boolean): WebhookRecord[] {
    return jsonCopy([...this.webhooks.values()].filter(keep).sort((a, b) => byUtf8(a.id, b.id)));
  }
}
