import type { TestProject } from 'vitest/node';
import { JavaMissingError, startDynamoDbLocal } from '../../functions/local/dynamodb-local.js';
import type { LocalDynamoAddress } from '../../functions/store/dynamo-client.js';

/**
 * One in-memory DynamoDB Local for the whole test run. Without Java the run
 * goes on (engine tests need no database) and every test that asks for
 * DynamoDB fails with the reason: none of them falls back to a fake.
 */
export type DynamoLocalHandle = LocalDynamoAddress | { readonly unavailable: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoLocal: DynamoLocalHandle;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const local = await startDynamoDbLocal();
    project.provide('dynamoLocal', { endpoint: local.endpoint, accessKeyId: local.accessKeyId });
    return () => local.stop();
  } catch (error) {
    if (!(error instanceof JavaMissingError)) throw error;
    project.provide('dynamoLocal', { unavailable: error.message });
    return async () => {};
  }
}
