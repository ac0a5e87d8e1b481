import type { DynamoDBStreamEvent } from 'aws-lambda';
import { awsPush } from '../compose.js';
import { GameFollower } from '../push/notify/follow.js';
import { notifyFromStream } from '../push/runners/aws.js';

const { ctx, sinks } = awsPush(process.env);
/** Kept across invocations: a warm instance folds a game's next commit instead of loading the game. */
const follower = new GameFollower();

/**
 * Push on AWS: the DynamoDB Streams consumer of new commits (and of the
 * notifications no commit carries), handing each to the stream's
 * connections, webhooks and reminders. The timers it schedules fire in the
 * timer function.
 */
export const handler = (event: DynamoDBStreamEvent) => notifyFromStream(ctx, event, sinks, follower);
