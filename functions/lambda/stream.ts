import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeSchedulerFromEnv } from '../scheduler/eventbridge.js';
import { scheduleNewDeadlines } from './stream-handler.js';
import { lambdaTelemetry } from './telemetry.js';

const scheduler = eventBridgeSchedulerFromEnv();
const telemetry = lambdaTelemetry();

/** DynamoDB Streams consumer (with ReportBatchItemFailures). */
export const handler = async (event: DynamoDBStreamEvent, context: Context) => {
  telemetry.begin(context);
  try {
    return await scheduleNewDeadlines(event, scheduler, telemetry.logger);
  } finally {
    telemetry.end();
  }
};
