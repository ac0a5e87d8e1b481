import type { Context, DynamoDBStreamEvent } from 'aws-lambda';
import { awsPush } from '../compose.js';
import { GameFollower } from '../push/notify/follow.js';
import { pushOfBatch } from '../push/runners/aws.js';
import { eventBridgeTimersFromEnv } from '../timers/eventbridge.js';
import { followStream } from './stream-consumer.js';
import { keepTimersOf } from './stream-timers.js';
import { lambdaTelemetry } from './telemetry.js';

const { ctx, sinks } = awsPush(process.env);
/**
 * The timers of commits and seeks, on Scheduler for the timer function
 * (TIMER_FUNCTION_ARN). Not push's own (which runs a due reminder or retry
 * at once): a continuation due now is scheduled shortly, so bots play in the
 * timer function, never in this one.
 */
const timers = eventBridgeTimersFromEnv(process.env);
/** Kept across invocations: a warm instance folds a game's next commit instead of loading the game. */
const follower = new GameFollower();
const telemetry = lambdaTelemetry();

/**
 * The table's one DynamoDB Streams consumer on AWS: at once, each new commit
 * gets its timers (its deadline scheduled, the closed entry's deleted) and
 * each new seek in an automatch pool its pool's pass (stream-timers.ts),
 * and push hands the commit's notifications (and those of a header write
 * that seated a player) to the stream's connections, webhooks and reminders
 * (functions/push/runners/aws.ts). A record whose timers fail is handled
 * again, both jobs, on the stream's retry. The timers fire in the timer
 * function.
 */
export const handler = async (event: DynamoDBStreamEvent, context: Context) => {
  telemetry.begin(context);
  try {
    return await followStream(event, [(record) => keepTimersOf(record, timers), pushOfBatch(ctx, sinks, follower)], telemetry.logger);
  } finally {
    telemetry.end();
  }
};
