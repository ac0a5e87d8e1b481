import {
  BatchWriteItemCommand,
  type BatchWriteItemCommandOutput,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type DynamoDBClient,
  type TransactWriteItem,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import type { Item } from '../../store/capacity.js';
import { byUtf8 } from '../../store/conventions.js';
import { keys, primaryKeyOf, TABLE_SCHEMA } from '../../store/dynamo-items.js';
import {
  decodeNotificationCursor,
  deliveriesPartition,
  deliverySk,
  encodeNotificationCursor,
  gameHooksPartition,
  CONNECTION_PREFIX,
  connectionKey,
  gameSubscriberKey,
  gameSubscribersPartition,
  NOTIFICATION_PREFIX,
  notificationSk,
  PLAYER_ITEM_PREFIXES,
  PREFERENCES_SK,
  OUTBOX_PARTITION,
  outboxSk,
  playerConnectionKey,
  slotKey,
  slotPrefix,
  ticketKey,
  TIMERS_PARTITION,
  toldKey,
  allowanceKey,
  addressOwnerKey,
  WEBHOOK_PREFIX,
  countKey,
  digestKey,
  emailKey,
  PUSH_SUBSCRIPTION_PREFIX,
  type CountedKind,
  type SlotKind,
} from './keys.js';
import {
  CONNECTION_TTL_MS,
  DELIVERY_TTL_MS,
  NOTIFICATION_TTL_MS,
  type ConnectionRecord,
  type DeliveryRecord,
  type EmailRecord,
  type NotificationPage,
  type PushStore,
  type PlayerKeeps,
  type PushSubscriptionRecord,
  type ReadConsistency,
  type WebhookRecord,
} from './port.js';
import { StoredPreferences } from '../model/preferences.js';
import { Notification } from '../model/schemas.js';
import { TimerPayload, type Timer } from '../../timers/port.js';
import { OutboxMessage } from '../outbox/message.js';
import { KeepsFlags } from './dynamo-keeps.js';

/** BatchWriteItem's limit. */
const BATCH = 25;

/** A transaction that meets another on the same item is cancelled (TransactionConflict): tried again this many times, with jitter. */
const CONFLICT_RETRIES = 12;

/** Turn allowance windows are kept an hour past their minute (TTL), then go. */
const ALLOWANCE_KEPT_MS = 60 * 60 * 1000;

/** Push records on the game table (layout in keys.ts). */
export class DynamoPushStore implements PushStore {
  private readonly keeps: KeepsFlags;

  constructor(
    private readonly client: DynamoDBClient,
    private readonly table: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.keeps = new KeepsFlags(client, table);
  }

  async playerKeeps(playerId: string): Promise<PlayerKeeps | null> {
    return this.keeps.read(playerId);
  }

  async putNotifications(playerId: string, notifications: readonly Notification[]): Promise<void> {
    await this.batchWrite(notifications.map((n) => ({ PutRequest: { Item: notificationItem(playerId, n) } })));
  }

  async listNotifications(playerId: string, after: string | null, limit: number): Promise<NotificationPage> {
    const pk = keys.playerPartition(playerId);
    const keptSince = this.clock() - NOTIFICATION_TTL_MS;
    const found: Notification[] = [];
    let lastSk: string | null = null;
    let more = false;
    let startKey: Item | undefined = after === null ? undefined : { pk: { S: pk }, sk: { S: decodeNotificationCursor(after) } };
    // One item beyond the page tells whether more are waiting.
    do {
      const output = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)',
          ExpressionAttributeValues: { ':pk': { S: pk }, ':n': { S: NOTIFICATION_PREFIX } },
          ExclusiveStartKey: startKey,
          Limit: limit + 1 - found.length,
          ConsistentRead: true,
        }),
      );
      for (const item of output.Items ?? []) {
        const notification = Notification.parse(json(item));
        // TTL deletion lags by up to days: expiry is decided here.
        if (Date.parse(notification.at) <= keptSince) continue;
        if (found.length === limit) {
          more = true;
          break;
        }
        found.push(notification);
        lastSk = item.sk?.S ?? null;
      }
      startKey = output.LastEvaluatedKey;
    } while (startKey && !more);
    return { items: found, next: lastSk === null ? after : encodeNotificationCursor(lastSk), more };
  }

  async getPreferences(playerId: string, consistency: ReadConsistency): Promise<StoredPreferences | null> {
    const output = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: preferencesKey(playerId), ConsistentRead: consistency === 'strong' }),
    );
    return output.Item ? StoredPreferences.parse(json(output.Item)) : null;
  }

  async putPreferences(playerId: string, preferences: StoredPreferences): Promise<void> {
    await this.keeps.keepingForGood(playerId, 'preferences', () =>
      this.client.send(new PutItemCommand({ TableName: this.table, Item: { ...preferencesKey(playerId), j: { S: JSON.stringify(preferences) } } })),
    );
  }

  async putTimer(timer: Timer): Promise<void> {
    const item = { ...timerKey(timer.id), dueAt: { N: String(timer.dueAt) }, j: { S: JSON.stringify(timer.payload) } };
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: item }));
  }

  async deleteTimer(id: string): Promise<void> {
    await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: timerKey(id) }));
  }

  async listTimers(): Promise<readonly Timer[]> {
    const items = await this.queryAll(TIMERS_PARTITION, 'strong');
    return items.map((item) => ({ id: item.sk?.S ?? '', dueAt: Number(item.dueAt?.N), payload: TimerPayload.parse(json(item)) }));
  }

  async putQueued(message: OutboxMessage): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: { ...outboxKey(message), j: { S: JSON.stringify(message) } } }));
  }

  async deleteQueued(message: OutboxMessage): Promise<void> {
    await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: outboxKey(message) }));
  }

  async listQueued(): Promise<readonly OutboxMessage[]> {
    return (await this.queryAll(OUTBOX_PARTITION, 'strong')).map((item) => OutboxMessage.parse(json(item)));
  }

  async addWebhook(hook: WebhookRecord, limit: number): Promise<boolean> {
    // Subscriptions made before the count existed are counted on the first create that needs it.
    return this.keeps.keeping(hook.ownerId, 'webhooks', () =>
      this.addCounted(hook.ownerId, 'webhooks', hookCopies(hook), limit, async () => (await this.listWebhooks(hook.ownerId, 'strong')).length),
    );
  }

  async putWebhook(hook: WebhookRecord): Promise<void> {
    await this.client.send(new TransactWriteItemsCommand({ TransactItems: hookCopies(hook).map((Item) => ({ Put: { TableName: this.table, Item } })) }));
  }

  async getWebhook(ownerId: string, id: string): Promise<WebhookRecord | null> {
    const key = { pk: { S: keys.playerPartition(ownerId) }, sk: { S: `${WEBHOOK_PREFIX}${id}` } };
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
    return output.Item ? (json(output.Item) as WebhookRecord) : null;
  }

  async listWebhooks(ownerId: string, consistency: ReadConsistency): Promise<readonly WebhookRecord[]> {
    return (await this.queryAll(keys.playerPartition(ownerId), consistency, WEBHOOK_PREFIX)).map((item) => json(item) as WebhookRecord);
  }

  async gameWebhooks(gameId: string, consistency: ReadConsistency): Promise<readonly WebhookRecord[]> {
    return (await this.queryAll(gameHooksPartition(gameId), consistency, WEBHOOK_PREFIX)).map((item) => json(item) as WebhookRecord);
  }

  async deleteWebhook(hook: WebhookRecord): Promise<void> {
    const partitions = [keys.playerPartition(hook.ownerId), ...(hook.gameId === null ? [] : [gameHooksPartition(hook.gameId)])];
    await this.deleteCounted(
      hook.ownerId,
      'webhooks',
      partitions.map((pk) => ({ pk: { S: pk }, sk: { S: `${WEBHOOK_PREFIX}${hook.id}` } })),
    );
    await this.keeps.dropped(hook.ownerId, 'webhooks', async () => (await this.listWebhooks(hook.ownerId, 'strong')).length);
  }

  async addPushSubscription(subscription: PushSubscriptionRecord, limit: number): Promise<boolean> {
    return this.keeps.keeping(subscription.ownerId, 'devices', () =>
      this.addCounted(subscription.ownerId, 'push-subscriptions', [pushSubscriptionItem(subscription)], limit, async () => 0),
    );
  }

  async rewritePushSubscription(subscription: PushSubscriptionRecord): Promise<boolean> {
    return this.putIf(pushSubscriptionItem(subscription), 'attribute_exists(pk)');
  }

  async getPushSubscription(ownerId: string, id: string): Promise<PushSubscriptionRecord | null> {
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: pushSubscriptionKey(ownerId, id), ConsistentRead: true }));
    return output.Item ? (json(output.Item) as PushSubscriptionRecord) : null;
  }

  async listPushSubscriptions(ownerId: string, consistency: ReadConsistency): Promise<readonly PushSubscriptionRecord[]> {
    return (await this.queryAll(keys.playerPartition(ownerId), consistency, PUSH_SUBSCRIPTION_PREFIX)).map((item) => json(item) as PushSubscriptionRecord);
  }

  async deletePushSubscription(subscription: Pick<PushSubscriptionRecord, 'ownerId' | 'id'>): Promise<void> {
    await this.deleteCounted(subscription.ownerId, 'push-subscriptions', [pushSubscriptionKey(subscription.ownerId, subscription.id)]);
    await this.keeps.dropped(subscription.ownerId, 'devices', async () => (await this.listPushSubscriptions(subscription.ownerId, 'strong')).length);
  }

  async getEmail(playerId: string, consistency: ReadConsistency): Promise<EmailRecord | null> {
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: emailKey(playerId), ConsistentRead: consistency === 'strong' }));
    return output.Item ? (json(output.Item) as EmailRecord) : null;
  }

  async putEmail(record: EmailRecord): Promise<void> {
    await this.keeps.keeping(record.playerId, 'email', () => this.client.send(new PutItemCommand({ TableName: this.table, Item: emailItem(record) })));
  }

  async rewriteEmail(read: EmailRecord, changed: EmailRecord): Promise<boolean> {
    // The record is stored as its JSON, and a record read is that JSON parsed: the same text while nobody rewrote it.
    return this.putIf(emailItem(changed), 'j = :read', { ':read': emailItem(read).j! });
  }

  async deleteEmail(playerId: string): Promise<void> {
    await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: emailKey(playerId) }));
    await this.keeps.dropped(playerId, 'email', async () => ((await this.getEmail(playerId, 'strong')) ? 1 : 0));
  }

  async claimAddress(addressKey: string, playerId: string): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: { ...addressOwnerKey(addressKey), playerId: { S: playerId } } }));
  }

  async addressOwner(addressKey: string): Promise<string | null> {
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: addressOwnerKey(addressKey), ConsistentRead: true }));
    return output.Item?.playerId?.S ?? null;
  }

  async releaseAddress(addressKey: string, playerId: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: addressOwnerKey(addressKey),
          ConditionExpression: 'playerId = :player',
          ExpressionAttributeValues: { ':player': { S: playerId } },
        }),
      );
    } catch (error) {
      // Another player confirmed the address since (or it was released already): theirs stays.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async claimDigest(playerId: string, day: string, claimant: string): Promise<boolean> {
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { ...digestKey(playerId), day: { S: day }, claimant: { S: claimant } },
          ConditionExpression: 'attribute_not_exists(#day) OR #day <> :day OR claimant = :claimant',
          ExpressionAttributeNames: { '#day': 'day' },
          ExpressionAttributeValues: { ':day': { S: day }, ':claimant': { S: claimant } },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async createDelivery(delivery: DeliveryRecord): Promise<boolean> {
    return this.putIf(deliveryItem(delivery), 'attribute_not_exists(pk)');
  }

  async putDelivery(delivery: DeliveryRecord): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: deliveryItem(delivery) }));
  }

  async getDelivery(webhookId: string, createdAt: number, id: string, consistency: ReadConsistency): Promise<DeliveryRecord | null> {
    const key = { pk: { S: deliveriesPartition(webhookId) }, sk: { S: deliverySk(createdAt, id) } };
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: key, ConsistentRead: consistency === 'strong' }));
    return output.Item ? (json(output.Item) as DeliveryRecord) : null;
  }

  async listDeliveries(webhookId: string, limit: number): Promise<readonly DeliveryRecord[]> {
    const output = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: deliveriesPartition(webhookId) } },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (output.Items ?? []).map((item) => json(item) as DeliveryRecord);
  }

  async putTicket(ticketHash: string, playerId: string, expiresAt: number, limit: number): Promise<boolean> {
    return this.claimSlot(playerId, 'ticket', limit, ticketHash, expiresAt, (slot) => [
      {
        ...ticketKey(ticketHash),
        playerId: { S: playerId },
        slot: { N: String(slot) },
        at: { N: String(expiresAt) },
        [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil(expiresAt / 1000)) },
      },
    ]);
  }

  async takeTicket(ticketHash: string): Promise<string | null> {
    // Deleting returns the old item exactly once: two connections racing with one ticket cannot both win.
    const output = await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: ticketKey(ticketHash), ReturnValues: 'ALL_OLD' }));
    const old = output.Attributes;
    if (!old) return null;
    const playerId = old.playerId?.S ?? null;
    if (playerId !== null && old.slot?.N !== undefined) await this.releaseSlot(playerId, 'ticket', Number(old.slot.N), ticketHash);
    return Number(old.at?.N) <= this.clock() ? null : playerId;
  }

  /** The record (its player, its slot, and its games as a string set, absent while empty), the player's entry and the slot, each kept 3 h. */
  async putConnection({ connectionId, playerId }: Omit<ConnectionRecord, 'games'>, limit: number): Promise<boolean> {
    const ref = { connectionId: { S: connectionId }, playerId: { S: playerId }, ...this.connectionTtl() };
    return this.claimSlot(playerId, 'conn', limit, connectionId, this.clock() + CONNECTION_TTL_MS, (slot) => [
      { ...connectionKey(connectionId), playerId: { S: playerId }, slot: { N: String(slot) }, ...this.connectionTtl() },
      { ...playerConnectionKey(playerId, connectionId), ...ref },
    ]);
  }

  async getConnection(connectionId: string): Promise<ConnectionRecord | null> {
    // Strongly consistent: a `hello` right after $connect must find the record.
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: connectionKey(connectionId), ConsistentRead: true }));
    const playerId = output.Item?.playerId?.S;
    // No player: not a record this layout wrote (one from before games were a set lapses by TTL).
    if (playerId === undefined) return null;
    return { connectionId, playerId, games: [...(output.Item?.games?.SS ?? [])].sort(byUtf8) };
  }

  async addSubscription(connection: ConnectionRecord, gameId: string, limit: number): Promise<'added' | 'closed' | 'full'> {
    // The record first: it must list every game that has an entry, so $disconnect finds them all.
    const added = await this.updateConnectionGames(connection.connectionId, 'ADD', gameId, limit);
    if (added !== 'changed') return added;
    const ref = { connectionId: { S: connection.connectionId }, playerId: { S: connection.playerId }, ...this.connectionTtl() };
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: { ...gameSubscriberKey(gameId, connection.connectionId), ...ref } }));
    return 'added';
  }

  async removeSubscription(connection: ConnectionRecord, gameId: string): Promise<void> {
    // The entry first, for the same reason: a failure in between leaves the record listing a game with no entry, which is harmless.
    await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: gameSubscriberKey(gameId, connection.connectionId) }));
    await this.updateConnectionGames(connection.connectionId, 'DELETE', gameId);
  }

  async deleteConnection(connectionId: string): Promise<void> {
    // The record's old image names its entries: no read first, and a subscription racing with this one finds no record to add to.
    const output = await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: connectionKey(connectionId), ReturnValues: 'ALL_OLD' }));
    const old = output.Attributes;
    if (!old) return;
    const playerId = old.playerId?.S ?? '';
    const entries = [
      playerConnectionKey(playerId, connectionId),
      ...(old.slot?.N === undefined ? [] : [slotKey(playerId, 'conn', Number(old.slot.N))]),
      ...(old.games?.SS ?? []).map((gameId) => gameSubscriberKey(gameId, connectionId)),
    ];
    await this.batchWrite(entries.map((Key) => ({ DeleteRequest: { Key } })));
  }

  async playerConnections(playerId: string, consistency: ReadConsistency): Promise<readonly string[]> {
    return (await this.queryAll(keys.playerPartition(playerId), consistency, CONNECTION_PREFIX)).map((item) => item.connectionId?.S ?? '');
  }

  async gameSubscribers(gameId: string, consistency: ReadConsistency) {
    return (await this.queryAll(gameSubscribersPartition(gameId), consistency)).map((item) => ({
      connectionId: item.connectionId?.S ?? '',
      playerId: item.playerId?.S ?? '',
    }));
  }

  async takeAllowance(subject: string, windowStart: number, claim: number, limit: number): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: allowanceKey(subject, windowStart),
          UpdateExpression: `ADD seqs :seqs SET #ttl = :ttl`,
          ConditionExpression: 'attribute_not_exists(seqs) OR size(seqs) < :limit OR contains(seqs, :seq)',
          ExpressionAttributeNames: { '#ttl': TABLE_SCHEMA.ttlAttribute },
          ExpressionAttributeValues: {
            ':seqs': { NS: [String(claim)] },
            ':seq': { N: String(claim) },
            ':limit': { N: String(limit) },
            ':ttl': { N: String(Math.ceil((windowStart + ALLOWANCE_KEPT_MS) / 1000)) },
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
  async claimSubject(targetId: string, subject: string, claimant: string, at: number): Promise<boolean> {
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: {
            ...toldKey(targetId, subject),
            claimant: { S: claimant },
            [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((at + DELIVERY_TTL_MS) / 1000)) },
          },
          ConditionExpression: 'attribute_not_exists(pk) OR claimant = :claimant',
          ExpressionAttributeValues: { ':claimant': { S: claimant } },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /**
   * Adds a game to (or deletes one from) the record's set in place: one
   * write, and two subscriptions racing on one connection both land, never
   * past `limit` games (the condition counts them). The condition also keeps
   * a connection closed meanwhile from being written back.
   */
  async erasePlayer(playerId: string): Promise<void> {
    const [hooks, subscriptions, connections] = await Promise.all([
      this.listWebhooks(playerId, 'strong'),
      this.listPushSubscriptions(playerId, 'strong'),
      this.playerConnections(playerId, 'strong'),
    ]);
    // A connection's record names its entries under games: deleted through it.
    for (const connectionId of connections) await this.deleteConnection(connectionId);
    const deliveries = await Promise.all([...hooks, ...subscriptions].map(({ id }) => this.queryAll(deliveriesPartition(id), 'strong')));
    const owned = (await this.queryAll(keys.playerPartition(playerId), 'strong')).filter((item) =>
      PLAYER_ITEM_PREFIXES.some((prefix) => item.sk?.S?.startsWith(prefix)),
    );
    const elsewhere = [
      ...hooks.flatMap((hook) => (hook.gameId === null ? [] : [{ pk: { S: gameHooksPartition(hook.gameId) }, sk: { S: `${WEBHOOK_PREFIX}${hook.id}` } }])),
      // A ticket's slot names the ticket (its holder).
      ...owned.flatMap((item) => (item.sk?.S?.startsWith(slotPrefix('ticket')) && item.h?.S ? [ticketKey(item.h.S)] : [])),
      ...deliveries.flat().map(primaryKeyOf),
    ];
    await this.batchWrite([...elsewhere, ...owned.map(primaryKeyOf)].map((Key) => ({ DeleteRequest: { Key } })));
  }

  private async updateConnectionGames(connectionId: string, change: 'ADD' | 'DELETE', gameId: string, limit?: number): Promise<'changed' | 'closed' | 'full'> {
    const bounded = change === 'ADD' && limit !== undefined;
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: connectionKey(connectionId),
          UpdateExpression: `${change} games :game`,
          ConditionExpression: bounded
            ? 'attribute_exists(pk) AND (attribute_not_exists(games) OR size(games) < :limit OR contains(games, :one))'
            : 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':game': { SS: [gameId] }, ...(bounded ? { ':limit': { N: String(limit) }, ':one': { S: gameId } } : {}) },
        }),
      );
      return 'changed';
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return bounded && (await this.getConnection(connectionId)) !== null ? 'full' : 'closed';
    }
  }

  /**
   * Claims one of the player's `limit` slots of a kind for `holder` until
   * `expiresAt`, writing `items` with it in one transaction: a slot is free
   * when it has no item or its holder lapsed, and the write's condition says
   * so still, so two claims never share one. False when none is free.
   */
  private async claimSlot(
    playerId: string,
    kind: SlotKind,
    limit: number,
    holder: string,
    expiresAt: number,
    items: (slot: number) => Item[],
  ): Promise<boolean> {
    for (let tries = 0; tries <= limit; tries++) {
      const now = this.clock();
      const held = (await this.queryAll(keys.playerPartition(playerId), 'strong', slotPrefix(kind)))
        .filter((item) => Number(item.at?.N) > now)
        .map((item) => Number((item.sk?.S ?? '').slice(slotPrefix(kind).length)));
      const slot = Array.from({ length: limit }, (_, i) => i).find((i) => !held.includes(i));
      if (slot === undefined) return false;
      const claim: TransactWriteItem = {
        Put: {
          TableName: this.table,
          Item: {
            ...slotKey(playerId, kind, slot),
            h: { S: holder },
            at: { N: String(expiresAt) },
            [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil(expiresAt / 1000)) },
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #at <= :now',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: { ':now': { N: String(now) } },
        },
      };
      if ((await this.transact([claim, ...items(slot).map((Item) => ({ Put: { TableName: this.table, Item } }))])) === 'written') return true;
      // Another claim took that slot first: look again.
    }
    return false;
  }

  /** Frees a slot if `holder` still holds it (a lapsed slot may have been claimed again since). */
  private async releaseSlot(playerId: string, kind: SlotKind, slot: number, holder: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteItemCommand({
          TableName: this.table,
          Key: slotKey(playerId, kind, slot),
          ConditionExpression: 'h = :holder',
          ExpressionAttributeValues: { ':holder': { S: holder } },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Writes `items` (none there yet) and counts them as one of the owner's
   * `kind`, unless the count is at `limit`: one transaction, so parallel
   * creates never pass the limit together. A player never counted starts at
   * `existing()` (what was kept before the count existed).
   */
  private async addCounted(ownerId: string, kind: CountedKind, items: Item[], limit: number, existing: () => Promise<number>): Promise<boolean> {
    const count: TransactWriteItem = {
      Update: {
        TableName: this.table,
        Key: countKey(ownerId, kind),
        UpdateExpression: 'SET n = n + :one',
        ConditionExpression: 'n < :limit',
        ExpressionAttributeValues: { ':one': { N: '1' }, ':limit': { N: String(limit) } },
      },
    };
    const puts = items.map((Item) => ({ Put: { TableName: this.table, Item, ConditionExpression: 'attribute_not_exists(pk)' } }));
    if ((await this.transact([count, ...puts])) === 'written') return true;
    // The count refused it: the player is full, or was not counted yet when it was tried (a create racing this one may have started the count since, so a count found now does not mean full).
    await this.startCount(ownerId, kind, existing);
    return (await this.transact([count, ...puts])) === 'written';
  }

  /** Deletes the items at `itemKeys` (the owner's first) and counts one off the owner's `kind`, only if the owner's item was there: a delete racing with another takes one off once. */
  private async deleteCounted(ownerId: string, kind: CountedKind, itemKeys: Item[]): Promise<void> {
    const [owner, ...others] = itemKeys.map((Key) => ({ TableName: this.table, Key }));
    const uncount: TransactWriteItem = {
      Update: {
        TableName: this.table,
        Key: countKey(ownerId, kind),
        UpdateExpression: 'SET n = n - :one',
        ConditionExpression: 'n > :zero',
        ExpressionAttributeValues: { ':one': { N: '1' }, ':zero': { N: '0' } },
      },
    };
    const deletes = [{ Delete: { ...owner!, ConditionExpression: 'attribute_exists(pk)' } }, ...others.map((Delete) => ({ Delete }))];
    if ((await this.transact([uncount, ...deletes])) === 'written') return;
    // Gone already, or never counted: the items go without the count.
    await this.client.send(new TransactWriteItemsCommand({ TransactItems: [owner!, ...others].map((Delete) => ({ Delete })) }));
  }

  /** Starts a player's count of `kind` at `existing()`, unless it exists already. */
  private async startCount(ownerId: string, kind: CountedKind, existing: () => Promise<number>): Promise<void> {
    const counted = await this.client.send(new GetItemCommand({ TableName: this.table, Key: countKey(ownerId, kind), ConsistentRead: true }));
    if (counted.Item) return;
    const n = await existing();
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.table,
          Item: { ...countKey(ownerId, kind), n: { N: String(n) } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      // Another request started it first: either way the count exists now.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /** Puts `item` if `condition` holds: false, with nothing written, when it does not. */
  private async putIf(item: Item, condition: string, values?: Item): Promise<boolean> {
    try {
      await this.client.send(new PutItemCommand({ TableName: this.table, Item: item, ConditionExpression: condition, ExpressionAttributeValues: values }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /**
   * One transaction: `written`, or `refused` when a condition failed. A
   * transaction cancelled only because another touched the same items at
   * once (TransactionConflict) is tried again after a short random wait.
   */
  private async transact(items: TransactWriteItem[]): Promise<'written' | 'refused'> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.client.send(new TransactWriteItemsCommand({ TransactItems: items }));
        return 'written';
      } catch (error) {
        if (!(error instanceof TransactionCanceledException)) throw error;
        const reasons = error.CancellationReasons ?? [];
        if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) return 'refused';
        if (!reasons.some((r) => r.Code === 'TransactionConflict') || attempt >= CONFLICT_RETRIES) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * 2 ** Math.min(attempt, 4)));
      }
    }
  }

  private connectionTtl(): Item {
    return { [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((this.clock() + CONNECTION_TTL_MS) / 1000)) } };
  }

  /** Every item of a partition (optionally under a sort-key prefix), following pages to the end. */
  private async queryAll(pk: string, consistency: ReadConsistency, prefix?: string): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const output = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: prefix === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': { S: pk }, ...(prefix === undefined ? {} : { ':prefix': { S: prefix } }) },
          ExclusiveStartKey: startKey,
          ConsistentRead: consistency === 'strong',
        }),
      );
      items.push(...(output.Items ?? []));
      startKey = output.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  /** Puts and deletes in batches of 25 (BatchWriteItem's limit), retrying what DynamoDB leaves unprocessed. */
  private async batchWrite(writes: readonly WriteRequest[]): Promise<void> {
    for (let i = 0; i < writes.length; i += BATCH) {
      let requests: WriteRequest[] | undefined = writes.slice(i, i + BATCH);
      for (let attempt = 0; requests && requests.length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
        const output: BatchWriteItemCommandOutput = await this.client.send(new BatchWriteItemCommand({ RequestItems: { [this.table]: requests } }));
        requests = output.UnprocessedItems?.[this.table];
        if (attempt > 8 && requests && requests.length > 0) throw new Error(`${requests.length} writes left unprocessed`);
      }
    }
  }
}

/** A stored notification. */
export function notificationItem(playerId: string, notification: Notification): Item {
  return {
    pk: { S: keys.playerPartition(playerId) },
    sk: { S: notificationSk(notification) },
    j: { S: JSON.stringify(notification) },
    [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((Date.parse(notification.at) + NOTIFICATION_TTL_MS) / 1000)) },
  };
}

function preferencesKey(playerId: string): Item {
  return { pk: { S: keys.playerPartition(playerId) }, sk: { S: PREFERENCES_SK } };
}

function outboxKey(message: OutboxMessage): Item {
  return { pk: { S: OUTBOX_PARTITION }, sk: { S: outboxSk(message) } };
}

function timerKey(id: string): Item {
  return { pk: { S: TIMERS_PARTITION }, sk: { S: id } };
}

function json(item: Item): unknown {
  return JSON.parse(item.j?.S ?? 'null');
}

/** A subscription's items: its owner's copy and, for a game scope, the game's. */
function hookCopies(hook: WebhookRecord): Item[] {
  return [hookItem(keys.playerPartition(hook.ownerId), hook), ...(hook.gameId === null ? [] : [hookItem(gameHooksPartition(hook.gameId), hook)])];
}

function hookItem(pk: string, hook: WebhookRecord): Item {
  return { pk: { S: pk }, sk: { S: `${WEBHOOK_PREFIX}${hook.id}` }, j: { S: JSON.stringify(hook) } };
}

const pushSubscriptionKey = (ownerId: string, id: string) => ({ pk: { S: keys.playerPartition(ownerId) }, sk: { S: `${PUSH_SUBSCRIPTION_PREFIX}${id}` } });

function pushSubscriptionItem(subscription: PushSubscriptionRecord): Item {
  return { ...pushSubscriptionKey(subscription.ownerId, subscription.id), j: { S: JSON.stringify(subscription) } };
}

function emailItem(record: EmailRecord): Item {
  return { ...emailKey(record.playerId), j: { S: JSON.stringify(record) } };
}

function deliveryItem(delivery: DeliveryRecord): Item {
  return {
    pk: { S: deliveriesPartition(delivery.webhookId) },
    sk: { S: deliverySk(delivery.createdAt, delivery.id) },
    j: { S: JSON.stringify(delivery) },
    [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((delivery.createdAt + DELIVERY_TTL_MS) / 1000)) },
  };
}
