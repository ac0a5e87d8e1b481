import type { PushContext } from '../../functions/push/context.js';
import { withPush } from '../../functions/push/notify/notifier.js';
import { DynamoPushStore } from '../../functions/push/store/dynamo.js';
import { MemoryPushStore } from '../../functions/push/store/memory.js';
import { createServiceContext } from '../../functions/service/context.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { MemoryStore } from '../../functions/store/memory.js';

/**
 * A context as the composition root builds one (functions/compose.ts), for
 * tests: an in-memory store unless `parts` gives one, push records beside
 * the games (on the same DynamoDB table, or in memory), defaults for the rest.
 */
export function testContext(parts: Partial<PushContext> = {}): PushContext {
  const { push, pushPolicy, ...serviceParts } = parts;
  const service = createServiceContext({ ...serviceParts, store: parts.store ?? new MemoryStore() });
  const { store, clock } = service;
  return withPush(service, {
    push: push ?? (store instanceof DynamoStore ? new DynamoPushStore(store.client, store.table, clock) : new MemoryPushStore(clock)),
    ...(pushPolicy ? { pushPolicy } : {}),
  });
}
