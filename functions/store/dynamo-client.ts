import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { StoreUnavailableError } from './port.js';

/**
 * Time bounds on every DynamoDB call, so an unreachable or hung store becomes
 * a `503 store-unavailable` within 3 seconds instead of a hang. DynamoDB
 * answers in milliseconds; these only cut off calls that will not answer.
 */
export const STORE_TIME_BOUNDS = {
  /** TCP connect: a stopped or unreachable endpoint. */
  connectionTimeoutMs: 500,
  /** One attempt, request sent to response read: a hung server. */
  requestTimeoutMs: 1500,
  /** One retry: enough for a dropped connection or a throttled burst, not for a dead store. */
  maxAttempts: 2,
  /** The whole call, retries and backoff included (enforced by an abort signal per call). */
  callBudgetMs: 2500,
} as const;

/** A DynamoDB client with the bounds above; `config` adds endpoint, region, credentials. */
export function boundedDynamoClient(config: DynamoDBClientConfig = {}): DynamoDBClient {
  return new DynamoDBClient({
    maxAttempts: STORE_TIME_BOUNDS.maxAttempts,
    retryMode: 'standard',
    requestHandler: {
      connectionTimeout: STORE_TIME_BOUNDS.connectionTimeoutMs,
      requestTimeout: STORE_TIME_BOUNDS.requestTimeoutMs,
      // Without this the SDK only logs a breached request timeout and keeps waiting.
      throwOnRequestTimeout: true,
    },
    ...config,
  });
}

/** The region every client of DynamoDB Local names: with the key id, it picks the database (`<key>_local.db`). */
export const LOCAL_REGION = 'local';

/** Where a DynamoDB Local answers, and the secret key id its data lives under (functions/local/dynamodb-local.ts). */
export interface LocalDynamoAddress {
  readonly endpoint: string;
  readonly accessKeyId: string;
}

/** A client for DynamoDB Local (`npm start`, tests), time-bounded like the one on AWS; it reads the secret key id's database (the secret key itself is never checked). */
export function localDynamoClient({ endpoint, accessKeyId }: LocalDynamoAddress): DynamoDBClient {
  return boundedDynamoClient({ endpoint, region: LOCAL_REGION, credentials: { accessKeyId, secretAccessKey: 'local' } });
}

/** Errors of a request that never reached the server: nothing can have been written. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** Errors after the request may have left: a write may or may not have been applied. */
const CUT_OFF = new Set(['TimeoutError', 'AbortError', 'RequestTimeout', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'socket hang up']);
/** DynamoDB shedding load or failing on its side: retry later, the write was not applied. */
const SHED = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
  'LimitExceededException',
]);

/**
 * The error a store call threw, as the service should see it: transient
 * faults become StoreUnavailableError (a read changes nothing, so its outcome
 * is always `not-applied`); anything else (a refused condition, a bug)
 * passes unchanged.
 */
export function classifyStoreError(operation: string, kind: 'read' | 'write', error: unknown): unknown {
  const fault = storeFault(operation, error);
  if (fault && kind === 'read') return new StoreUnavailableError(operation, 'not-applied', { cause: error });
  return fault ?? error;
}

function storeFault(operation: string, error: unknown): StoreUnavailableError | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: unknown }).code;
  const marks = [error.name, typeof code === 'string' ? code : '', error.message];
  if (marks.some((mark) => NEVER_SENT.has(mark)) || SHED.has(error.name)) return new StoreUnavailableError(operation, 'not-applied', { cause: error });
  if (marks.some((mark) => CUT_OFF.has(mark))) return new StoreUnavailableError(operation, 'unknown', { cause: error });
  // A 5xx the SDK does not model by name.
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return new StoreUnavailableError(operation, 'unknown', { cause: error });
  return null;
}
