import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * Counts the read and write units DynamoDB reports for every request of a
 * client, by what the request touched (the table's item kinds, functions/store/
 * dynamo-items.ts and functions/push/store/keys.ts), so a cost figure can
 * be audited line by line.
 */

export interface UnitRow {
  readonly kind: string;
  calls: number;
  read: number;
  write: number;
}

const WRITES = new Set(['PutItemCommand', 'DeleteItemCommand', 'UpdateItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

type Key = { pk?: { S?: string }; sk?: { S?: string } };
interface Input {
  Item?: Key;
  Key?: Key;
  TransactItems?: Record<string, { Item?: Key; Key?: Key }>[];
  /** A batch write's requests, or a batch read's keys. */
  RequestItems?: Record<string, { PutRequest?: { Item: Key }; DeleteRequest?: { Key: Key } }[] | { Keys: Key[] }>;
  ExpressionAttributeValues?: Record<string, { S?: string }>;
  KeyConditionExpression?: string;
  ConsistentRead?: boolean;
}

function firstKey(input: Input): Key | undefined {
  const transact = input.TransactItems?.[0];
  const requests = input.RequestItems ? Object.values(input.RequestItems)[0] : undefined;
  const batch = Array.isArray(requests) ? requests[0] : undefined;
  const part = transact ? Object.values(transact)[0] : undefined;
  return (
    input.Item ??
    input.Key ??
    part?.Item ??
    part?.Key ??
    batch?.PutRequest?.Item ??
    batch?.DeleteRequest?.Key ??
    (Array.isArray(requests) ? undefined : requests?.Keys[0])
  );
}

/** What a request touched, in the table's own words. */
export function itemKind(input: Input): string {
  const key = firstKey(input);
  const pk = key?.pk?.S ?? input.ExpressionAttributeValues?.[':pk']?.S ?? '';
  const sk = key?.sk?.S ?? Object.entries(input.ExpressionAttributeValues ?? {}).find(([name]) => name !== ':pk')?.[1].S ?? '';
  const partition = pk.split('#')[0];
  if (partition === 'GAME') {
    if (sk === 'HEAD') return 'game header';
    if (sk.endsWith('#S')) return 'snapshot';
    if (sk.startsWith('C#')) return input.KeyConditionExpression?.includes('BETWEEN') ? 'commits (range)' : key ? 'commit' : 'commits (latest)';
    return 'game load (header + snapshot + tail)';
  }
  if (partition === 'PLAYER') {
    if (sk.startsWith('N#')) return 'notification';
    if (sk.startsWith('WH#')) return 'webhook (owner copy)';
    if (sk.startsWith('WS#')) return 'connection (player index)';
    if (sk.startsWith('GAME#')) return 'membership (running game)';
    if (sk.startsWith('DONE#')) return 'membership (finished game)';
    return sk === 'PREFS' ? 'preferences' : sk === 'PROFILE' ? 'player' : `player ${sk}`;
  }
  const named: Record<string, string> = {
    TOKEN: 'token',
    IDEM: 'idempotency record',
    WHD: 'webhook delivery',
    HOOKS: 'webhook (game copy)',
    TICKET: 'stream ticket',
    WSCONN: 'connection',
    WSGAME: 'connection (game index)',
    PUSHTIMERS: 'local push timer',
    PUSHOUTBOX: 'local outbox',
  };
  return named[partition ?? ''] ?? `other ${partition}`;
}

export interface UnitCounter {
  readonly rows: Map<string, UnitRow>;
  reset(): void;
  totals(): { read: number; write: number };
}

/**
 * Adds the counting to a client. Items for which `ignore` holds (what only
 * `npm start` keeps in the table: Scheduler and Lambda's queue of asynchronous
 * invocations keep it on AWS) are not counted.
 */
export function countUnits(client: DynamoDBClient, ignore: (kind: string) => boolean): UnitCounter {
  const rows = new Map<string, UnitRow>();
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Input & { ReturnConsumedCapacity?: string };
      const command = context.commandName ?? '';
      if (command !== 'CreateTableCommand' && !command.startsWith('Describe')) input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const kind = itemKind(input);
      if (ignore(kind)) return result;
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }).ConsumedCapacity;
      const reported = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      // DynamoDB Local reports 0 for a read that found nothing; DynamoDB bills it at the minimum.
      const units = WRITES.has(command) ? reported : Math.max(reported, input.ConsistentRead ? 1 : 0.5);
      const label = `${command.replace(/Command$/, '')} ${kind}`;
      const row = rows.get(label) ?? { kind: label, calls: 0, read: 0, write: 0 };
      row.calls++;
      if (WRITES.has(command)) row.write += units;
      else row.read += units;
      rows.set(label, row);
      return result;
    },
    { step: 'initialize', name: 'benchCountUnits' },
  );
  return {
    rows,
    reset: () => rows.clear(),
    totals: () => [...rows.values()].reduce((t, r) => ({ read: t.read + r.read, write: t.write + r.write }), { read: 0, write: 0 }),
  };
}
