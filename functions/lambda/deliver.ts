import type { SQSEvent } from 'aws-lambda';
import { awsPush } from '../compose.js';
import { deliverFromQueue } from '../push/outbox/sqs.js';

const { deliver } = awsPush(process.env);

/**
 * The delivery function: drains the outbox's SQS queue, every delivery of a
 * batch at once (targets kept apart, a failing one skipped for a while), and
 * reports failed messages one by one. The push function and the timer
 * function fill the queue; nothing here waits on a commit.
 */
export const handler = (event: SQSEvent) => deliverFromQueue(event, deliver);
