import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { boundedDynamoClient } from '../store/dynamo-client.js';
import type { GameSummary } from '../store/port.js';
import { putNewestSummary } from '../store/summary-write.js';
import { eventBridgeTimersFromEnv } from '../timers/eventbridge.js';
import { onNewCommits } from './stream-handler.js';
import { lambdaTelemetry } from './telemetry.js';

/**
 * Each new deadline becomes a schedule for the timer function (TIMER_FUNCTION_ARN), and each commit's summary
 * the game's newest in the table (TABLE_NAME). The one function that does not come through
 * functions/compose.ts: it has no context, and importing the root would load the whole service into its cold start;
 * for the same reason it writes summaries with a bare client, not the whole DynamoStore.
 */
const timers = eventBridgeTimersFromEnv(process.env);
const tableName = process.env.TABLE_NAME;
if (!tableName) throw new Error('TABLE_NAME is not set');
const client = boundedDynamoClient();
const putGameSummary = (summary: GameSummary) => putNewestSummary(client, tableName, summary);
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
