import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DEFAULT_PUSH_POLICY } from '../notifications/policy.js';
import { createServiceContext, LOAD_PAGE_SIZE, type ServiceContext } from '../service/context.js';
import { DynamoStore } from '../store/dynamodb.js';

/** The service as every Lambda builds it once per instance, from the stack's environment. */
export function lambdaServiceContext(env: NodeJS.ProcessEnv = process.env): ServiceContext {
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  return createServiceContext({
    store: new DynamoStore({ client: new DynamoDBClient({}), tableName, loadPageSize: LOAD_PAGE_SIZE }),
    // Stream tickets point at the WebSocket API's stage.
    pushPolicy: { ...DEFAULT_PUSH_POLICY, streamUrl: env.STREAM_URL ?? null },
  });
}
