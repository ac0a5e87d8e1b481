import { DEFAULT_PUSH_POLICY } from '../notifications/policy.js';
import { createServiceContext, LOAD_PAGE_SIZE, type ServiceContext } from '../service/context.js';
import { vacationPolicyFromEnv } from '../service/vacation-policy.js';
import { boundedDynamoClient } from '../store/dynamo-client.js';
import { DynamoStore } from '../store/dynamodb.js';

/** The service as every Lambda builds it once per instance, from the stack's environment; `parts` replace defaults (the HTTP entry's token cache). */
export function lambdaServiceContext(env: NodeJS.ProcessEnv = process.env, parts: Partial<Omit<ServiceContext, 'store'>> = {}): ServiceContext {
  const tableName = env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set');
  return createServiceContext({
    ...parts,
    store: new DynamoStore({ client: boundedDynamoClient(), tableName, loadPageSize: LOAD_PAGE_SIZE }),
    // Stream tickets point at the WebSocket API's stage.
    pushPolicy: { ...DEFAULT_PUSH_POLICY, streamUrl: env.STREAM_URL ?? null },
    vacation: vacationPolicyFromEnv(env),
  });
}
