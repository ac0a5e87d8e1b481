import { DynamoStore } from '../store/dynamodb.js';
import type { Store } from '../store/port.js';
import { DynamoPushStore } from './dynamo-store.js';
import { MemoryPushStore } from './memory-store.js';
import type { PushStore } from './port.js';

/** Push records live beside the games: on the same DynamoDB table, or in memory with an in-memory store. */
export function pushStoreFor(store: Store, clock: () => number): PushStore {
  if (store instanceof DynamoStore) return new DynamoPushStore(store.client, store.table, clock);
  return new MemoryPushStore(clock);
}
