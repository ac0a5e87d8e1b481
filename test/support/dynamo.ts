import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';
import { localDynamoClient, type LocalDynamoAddress } from '../../functions/store/dynamo-client.js';
import { DynamoStore, type DynamoStoreOptions } from '../../functions/store/dynamodb.js';

/** The run's DynamoDB Local (see global-setup.ts): its endpoint and secret key id; throws when it could not start. */
export function dynamoLocal(): LocalDynamoAddress {
  const local = inject('dynamoLocal');
  if ('unavailable' in local) throw new Error(`DynamoDB Local is not running: ${local.unavailable}`);
  return local;
}

export interface TestTable {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** A store on this table. */
  store(options?: Omit<DynamoStoreOptions, 'client' | 'tableName'>): DynamoStore;
}

/** A new, uniquely named table (with its index and TTL) on the run's DynamoDB Local: call it once per test file. */
export async function freshTable(label: string): Promise<TestTable> {
  const client = localDynamoClient(dynamoLocal());
  const tableName = `${label}-${randomUUID().slice(0, 8)}`;
  const table: TestTable = {
    client,
    tableName,
    store: (options = {}) => new DynamoStore({ ...options, client, tableName }),
  };
  await table.store().ensureTable();
  return table;
}
