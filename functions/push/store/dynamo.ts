import {
  BatchWriteItemCommand,
  type BatchWriteItemCommandOutput,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type DynamoDBClient,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import type { Item } from '../../store/capacity.js';
import { byUtf8 } from '../../store/conventions.js';
import { keys, TABLE_SCHEMA } from '../../store/dynamo-items.js';
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
  playerConnectionKey,
  ticketKey,
  TIMERS_PARTITION,
  WEBHOOK_PREFIX,
} from './keys.js';
import {
  CONNECTION_TTL_MS,
  DELIVERY_TTL_MS,
  NOTIFICATION_TTL_MS,
  type ConnectionRecord,
  type DeliveryRecord,
  type NotificationPage,
  type PushStore,
  type ReadConsistency,
  type WebhookRecord,
} from './port.js';
import { Notification, Preferences } from '../model/schemas.js';
import { TimerPayload, type Timer } from '../../timers/port.js';

/** BatchWriteItem's limit. */
const BATCH = 25;

/** Push records on the game table (layout in keys.ts). */
export class DynamoPushStore implements PushStore {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly table: string,
    private readonly clock: () => number = Date.now,
  ) {}

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

  async getPreferences(playerId: string, consistency: ReadConsistency): Promise<Preferences | null> {
    const output = await this.client.send(
      new GetItemCommand({ TableName: this.table, Key: preferencesKey(playerId), ConsistentRead: consistency === 'strong' }),
    );
    return output.Item ? Preferences.parse(json(output.Item)) : null;
  }

  async putPreferences(playerId: string, preferences: Preferences): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: { ...preferencesKey(playerId), j: { S: JSON.stringify(preferences) } } }));
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

  async putWebhook(hook: WebhookRecord): Promise<void> {
    const copies = [hookItem(keys.playerPartition(hook.ownerId), hook), ...(hook.gameId === null ? [] : [hookItem(gameHooksPartition(hook.gameId), hook)])];
    await this.client.send(new TransactWriteItemsCommand({ TransactItems: copies.map((Item) => ({ Put: { TableName: this.table, Item } })) }));
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
    await this.client.send(
      new TransactWriteItemsCommand({
        TransactItems: partitions.map((pk) => ({ Delete: { TableName: this.table, Key: { pk: { S: pk }, sk: { S: `${WEBHOOK_PREFIX}${hook.id}` } } } })),
      }),
    );
  }

  async createDelivery(delivery: DeliveryRecord): Promise<boolean> {
    try {
      await this.client.send(new PutItemCommand({ TableName: this.table, Item: deliveryItem(delivery), ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async putDelivery(delivery: DeliveryRecord): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: deliveryItem(delivery) }));
  }

  async getDelivery(webhookId: string, createdAt: number, id: string): Promise<DeliveryRecord | null> {
    const key = { pk: { S: deliveriesPartition(webhookId) }, sk: { S: deliverySk(createdAt, id) } };
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: key, ConsistentRead: true }));
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

  async putTicket(ticketHash: string, playerId: string, expiresAt: number): Promise<void> {
    const item = {
      ...ticketKey(ticketHash),
      playerId: { S: playerId },
      at: { N: String(expiresAt) },
      [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil(expiresAt / 1000)) },
    };
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: item }));
  }

  async takeTicket(ticketHash: string): Promise<string | null> {
    // Deleting returns the old item exactly once: two connections racing with one ticket cannot both win.
    const output = await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: ticketKey(ticketHash), ReturnValues: 'ALL_OLD' }));
    const old = output.Attributes;
    if (!old || Number(old.at?.N) <= this.clock()) return null;
    return old.playerId?.S ?? null;
  }

  /** The record (its player, and its games as a string set, absent while empty) and the player's entry, each kept 3 h. */
  async putConnection({ connectionId, playerId }: Omit<ConnectionRecord, 'games'>): Promise<void> {
    const ref = { connectionId: { S: connectionId }, playerId: { S: playerId }, ...this.connectionTtl() };
    await this.batchWrite([
      { PutRequest: { Item: { ...connectionKey(connectionId), playerId: { S: playerId }, ...this.connectionTtl() } } },
      { PutRequest: { Item: { ...playerConnectionKey(playerId, connectionId), ...ref } } },
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

  async addSubscription(connection: ConnectionRecord, gameId: string): Promise<void> {
    // The record first: it must list every game that has an entry, so $disconnect finds them all.
    if (!(await this.updateConnectionGames(connection.connectionId, 'ADD', gameId))) return;
    const ref = { connectionId: { S: connection.connectionId }, playerId: { S: connection.playerId }, ...this.connectionTtl() };
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: { ...gameSubscriberKey(gameId, connection.connectionId), ...ref } }));
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
    const entries = [
      playerConnectionKey(old.playerId?.S ?? '', connectionId),
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

  /**
   * Adds a game to (or deletes one from) the record's set in place: one
   * write, and two subscriptions racing on one connection both land. The
   * condition keeps a connection closed meanwhile from being written back;
   * false when it was.
   */
  private async updateConnectionGames(connectionId: string, change: 'ADD' | 'DELETE', gameId: string): Promise<boolean> {
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.table,
          Key: connectionKey(connectionId),
          UpdateExpression: `${change} games :game`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':game': { SS: [gameId] } },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
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

/** A stored notification; `t`, its type, lets the table's stream hand announced ones to push's consumer (announcements.ts). */
export function notificationItem(playerId: string, notification: Notification): Item {
  return {
    pk: { S: keys.playerPartition(playerId) },
    sk: { S: notificationSk(notification) },
    t: { S: notification.type },
    j: { S: JSON.stringify(notification) },
    [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((Date.parse(notification.at) + NOTIFICATION_TTL_MS) / 1000)) },
  };
}

/** The addressee and the notification of a stored item (a stream record's image). */
export function addressedFromItem(item: Item): { playerId: string; notification: Notification } {
  return { playerId: (item.pk?.S ?? '').slice('PLAYER#'.length), notification: Notification.parse(json(item)) };
}

function preferencesKey(playerId: string): Item {
  return { pk: { S: keys.playerPartition(playerId) }, sk: { S: 'PREFS' } };
}

function timerKey(id: string): Item {
  return { pk: { S: TIMERS_PARTITION }, sk: { S: id } };
}

function json(item: Item): unknown {
  return JSON.parse(item.j?.S ?? 'null');
}

function hookItem(pk: string, hook: WebhookRecord): Item {
  return { pk: { S: pk }, sk: { S: `${WEBHOOK_PREFIX}${hook.id}` }, j: { S: JSON.stringify(hook) } };
}

function deliveryItem(delivery: DeliveryRecord): Item {
  return {
    pk: { S: deliveriesPartition(delivery.webhookId) },
    sk: { S: deliverySk(delivery.createdAt, delivery.id) },
    j: { S: JSON.stringify(delivery) },
    [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((delivery.createdAt + DELIVERY_TTL_MS) / 1000)) },
  };
}
