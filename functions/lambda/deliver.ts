import type { SQSEvent } from 'aws-lambda';
import { awsPush } from '../compose.js';
import { sesMailerFromEnv } from '../push/email/ses.js';
import { deliverFromQueue } from '../push/outbox/sqs.js';

// The one function that sends e-mail (SES, loaded on the first message): the others record deliveries only.
const { deliver } = awsPush(process.env, { mailer: sesMailerFromEnv(process.env) });

/**
 * The delivery function: drains the outbox's SQS queue, every delivery of a
 * batch at once (targets kept apart, a failing one skipped for a while), and
 * reports failed messages one by one. The push function and the timer
 * function fill the queue (the HTTP function too, with e-mail
 * confirmations); nothing here waits on a commit.
 */
export const handler = (event: SQSEvent) => deliverFromQueue(event, deliver);
