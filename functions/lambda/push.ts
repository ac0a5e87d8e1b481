import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { connectionSink, managementApiSender } from '../notifications/aws-connections.js';
import { notifyFromStream } from '../notifications/aws-consumer.js';
import { EventBridgePushScheduler } from '../notifications/eventbridge-push.js';
import type { PushSink } from '../notifications/local.js';
import { reminderPlanner } from '../notifications/reminders.js';
import { onPushTimer } from '../notifications/timer-handler.js';
import { PushTimerPayload } from '../notifications/timers.js';
import { webhookSink } from '../notifications/webhooks.js';
import { lambdaServiceContext } from './runtime.js';

const ctx = lambdaServiceContext();
const setting = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
let selfArn = '';
const sinks: PushSink[] = [];
const scheduler: EventBridgePushScheduler = new EventBridgePushScheduler(
  { groupName: setting('PUSH_SCHEDULE_GROUP'), roleArn: setting('PUSH_SCHEDULER_ROLE_ARN'), deadLetterQueueArn: setting('PUSH_DLQ_ARN') },
  () => selfArn,
  (payload) => onPushTimer(ctx, scheduler, payload, sinks),
);
sinks.push(connectionSink(ctx, managementApiSender(setting('STREAM_ENDPOINT'))), webhookSink(ctx, scheduler), reminderPlanner(ctx, scheduler));

/** Push on AWS: the DynamoDB Streams consumer of new commits, and the target of push timers (reminders, webhook retries). */
export const handler = async (event: DynamoDBStreamEvent | unknown, context: Context) => {
  selfArn = context.invokedFunctionArn;
  if (event && typeof event === 'object' && 'Records' in event) return notifyFromStream(ctx, event as DynamoDBStreamEvent, sinks);
  const payload = PushTimerPayload.safeParse(event);
  if (!payload.success) return { status: 'malformed' };
  await onPushTimer(ctx, scheduler, payload.data, sinks);
  return { status: 'done' };
};
