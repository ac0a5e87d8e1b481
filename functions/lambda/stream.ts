import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eventBridgeSchedulerFromEnv } from '../scheduler/eventbridge.js';
import { scheduleNewDeadlines } from './stream-handler.js';

const scheduler = eventBridgeSchedulerFromEnv();

/** DynamoDB Streams consumer (with ReportBatchItemFailures). */
export const handler = (event: DynamoDBStreamEvent) => scheduleNewDeadlines(event, scheduler);
