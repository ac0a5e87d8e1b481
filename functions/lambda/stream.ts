import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeTimersFromEnv } from '../timers/eventbridge.js';
import { onNewCommits } from './stream-handler.js';
import { lambdaTelemetry } from './telemetry.js';

/**
 * Each new deadline becomes a schedule for the timer function (TIMER_FUNCTION_ARN). The one function that
 * does not come through functions/compose.ts: it has no context, and importing the root would load the
 * whole service into its cold start.
 */
const timers = eventBridgeTimersFromEnv(process.env);
const telemetry = lambdaTelemetry();

/** DynamoDB Streams consumer (with ReportBatchItemFailures). */
export const handler = async (event: DynamoDBStreamEvent, context: Context) => {
  telemetry.begin(context);
  try {
    return await onNewCommits(event, { timers }, telemetry.logger);
  } finally {
    telemetry.end();
  }
};
