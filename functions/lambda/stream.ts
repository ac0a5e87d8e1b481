import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import type { GameSummary } from '../store/port.js';
import { eventBridgeTimersFromEnv } from '../timers/eventbridge.js';
import { onNewCommits } from './stream-handler.js';
import { lambdaTelemetry } from './telemetry.js';

/**
 * Each new deadline becomes a schedule for the timer function (TIMER_FUNCTION_ARN), and each commit's summary
 * the game's newest in the table (TABLE_NAME). The one function that does not come through
 * functions/compose.ts: it has no context, and importing the root would load the whole service into its cold start.
 */
const timers = eventBridgeTimersFromEnv(process.env);
const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');
/**
 * Summaries are written with a bare DynamoDB client, not the whole DynamoStore, and the client loads on the
 * first summary, as the Scheduler's does on the first schedule (timers/eventbridge.ts): a cold start carries neither.
 */
const summaryWrite = () => Promise.all([import('../store/dynamo-client.js'), import('../store/summary-write.js')]);
let client: DynamoDBClient | undefined;
const putGameSummary = async (summary: GameSummary) => {
  const [{ boundedDynamoClient }, { putNewestSummary }] = await summaryWrite();
  client ??= boundedDynamoClient();
  await putNewestSummary(client, tableName, summary);
};
const telemetry = lambdaTelemetry();

/** DynamoDB Streams consumer (with ReportBatchItemFailures). */
export const handler = async (event: DynamoDBStreamEvent, context: Context) => {
  telemetry.begin(context);
  try {
    return await onNewCommits(event, { timers, putGameSummary }, telemetry.logger);
  } finally {
    telemetry.end();
  }
};
