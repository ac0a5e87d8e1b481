import {
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { Item } from '../store/capacity.js';
import { keys, TABLE_SCHEMA } from '../store/dynamo-items.js';
import {
  decodeNotificationCursor,
  deliveriesPartition,
  deliverySk,
  encodeNotificationCursor,
  gameHooksPartition,
  CONNECTION_PREFIX,
  connectionKey,
  gameSubscribersPartition,
  NOTIFICATION_PREFIX,
  notificationSk,
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
  type WebhookRecord,
} from './port.js';
import { Notification, Preferences } from './schemas.js';
import { PushTimerPayload, type PushTimer } from './timers.js';

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
    const items = notifications.map((n) => ({
      pk: { S: keys.playerPartition(playerId) },
      sk: { S: notificationSk(n) },
      j: { S: JSON.stringify(n) },
      [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((Date.parse(n.at) + NOTIFICATION_TTL_MS) / 1000)) },
    }));
    for (let i = 0; i < items.length; i += BATCH) await this.batchPut(items.slice(i, i + BATCH));
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

  async getPreferences(playerId: string): Promise<Preferences | null> {
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: preferencesKey(playerId), ConsistentRead: true }));
    return output.Item ? Preferences.parse(json(output.Item)) : null;
  }

  async putPreferences(playerId: string, preferences: Preferences): Promise<void> {
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: { ...preferencesKey(playerId), j: { S: JSON.stringify(preferences) } } }));
  }

  async putTimer(timer: PushTimer): Promise<void> {
    const item = { ...timerKey(timer.id), dueAt: { N: String(timer.dueAt) }, j: { S: JSON.stringify(timer.payload) } };
    await this.client.send(new PutItemCommand({ TableName: this.table, Item: item }));
  }

  async deleteTimer(id: string): Promise<void> {
    await this.client.send(new DeleteItemCommand({ TableName: this.table, Key: timerKey(id) }));
  }

  async listTimers(): Promise<readonly PushTimer[]> {
    const items = await this.queryAll(TIMERS_PARTITION);
    return items.map((item) => ({ id: item.sk?.S ?? '', dueAt: Number(item.dueAt?.N), payload: PushTimerPayload.parse(json(item)) }));
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

  async listWebhooks(ownerId: string): Promise<readonly WebhookRecord[]> {
    return (await this.queryAll(keys.playerPartition(ownerId), WEBHOOK_PREFIX)).map((item) => json(item) as WebhookRecord);
  }

  async gameWebhooks(gameId: string): Promise<readonly WebhookRecord[]> {
    return (await this.queryAll(gameHooksPartition(gameId), WEBHOOK_PREFIX)).map((item) => json(item) as WebhookRecord);
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

  /**
   * Writes the connection and its index entries (player, each game). A
   * subscription only ever adds games, so rewriting every entry is idempotent.
   */
  async putConnection(connection: ConnectionRecord): Promise<void> {
    const ttl = { [TABLE_SCHEMA.ttlAttribute]: { N: String(Math.ceil((this.clock() + CONNECTION_TTL_MS) / 1000)) } };
    const ref = { connectionId: { S: connection.connectionId }, playerId: { S: connection.playerId }, ...ttl };
    const items: Item[] = [
      { ...connectionKey(connection.connectionId), j: { S: JSON.stringify(connection) }, ...ttl },
      { pk: { S: keys.playerPartition(connection.playerId) }, sk: { S: `${CONNECTION_PREFIX}${connection.connectionId}` }, ...ref },
      ...connection.games.map((gameId) => ({ pk: { S: gameSubscribersPartition(gameId) }, sk: { S: connection.connectionId }, ...ref })),
    ];
    for (let i = 0; i < items.length; i += BATCH) await this.batchPut(items.slice(i, i + BATCH));
  }

  async getConnection(connectionId: string): Promise<ConnectionRecord | null> {
    const output = await this.client.send(new GetItemCommand({ TableName: this.table, Key: connectionKey(connectionId), ConsistentRead: true }));
    return output.Item ? (json(output.Item) as ConnectionRecord) : null;
  }

  async deleteConnection(connection: ConnectionRecord): Promise<void> {
    const keysOf: Item[] = [
      connectionKey(connection.connectionId),
      { pk: { S: keys.playerPartition(connection.playerId) }, sk: { S: `${CONNECTION_PREFIX}${connection.connectionId}` } },
      ...connection.games.map((gameId) => ({ pk: { S: gameSubscribersPartition(gameId) }, sk: { S: connection.connectionId } })),
    ];
    for (const Key of keysOf) await this.client.send(new DeleteItemCommand({ TableName: this.table, Key }));
  }

  async playerConnections(playerId: string): Promise<readonly string[]> {
    return (await this.queryAll(keys.playerPartition(playerId), CONNECTION_PREFIX)).map((item) => item.connectionId?.S ?? '');
  }

  async gameSubscribers(gameId: string) {
    return (await this.queryAll(gameSubscribersPartition(gameId))).map((item) => ({
      connectionId: item.connectionId?.S ?? '',
      playerId: item.playerId?.S ?? '',
    }));
  }

  /** Every item of a partition (optionally under a sort-key prefix), following pages to the end. */
  private async queryAll(pk: string, prefix?: string): Promise<Item[]> {
    const items: Item[] = [];
    let startKey: Item | undefined;
    do {
      const output = await this.client.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: prefix === undefined ? 'pk = :pk' : 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: { ':pk': { S: pk }, ...(prefix === undefined ? {} : { ':prefix': { S: prefix } }) },
          ExclusiveStartKey: startKey,
          ConsistentRead: true,
        }),
      );
      items.push(...(output.Items ?? []));
      startKey = output.LastEvaluatedKey;
    } while (startKey);
    return items;
  }

  private async batchPut(items: readonly Item[]): Promise<void> {
    let requests: { PutRequest: { Item: Item } }[] | undefined = items.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests && requests.length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
      const output = await this.client.send(new BatchWriteItemCommand({ RequestItems: { [this.table]: requests } }));
      requests = output.UnprocessedItems?.[this.table] as typeof requests;
      if (attempt > 8 && requests && requests.length > 0) throw new Error(`${requests.length} notifications left unprocessed`);
    }
  }
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
