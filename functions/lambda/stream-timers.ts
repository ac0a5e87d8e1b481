import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { poolTimer } from '../service/automatch-timer.js';
import { timerChangesOf } from '../service/deadline-timer.js';
import { commitFromItem, kindOf, SEEK_POOL_PREFIX, seekFromItem } from '../store/dynamo-items.js';
import type { Timers } from '../timers/port.js';

/**
 * The timers a stream record asks for, once its item is durable: a new
 * commit creates the deadline schedule of the entry it leaves pending (and a
 * continuation at once when its request left bots to play) and deletes the
 * schedule of the entry it closed, which would otherwise fire for nothing; a
 * new seek in an automatch pool arms the pool's next pass
 * (functions/service/automatch.ts). Anything else asks for nothing. The
 * stream only carries items DynamoDB has written, so a crash between a
 * commit and its schedule loses nothing (the stream redelivers; each call is
 * idempotent: a schedule is named by its timer). Fails if any call failed.
 */
export async function keepTimersOf(record: DynamoDBRecord, timers: Timers): Promise<void> {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (record.eventName !== 'INSERT' || !image) return;
  if (image.pk?.S?.startsWith(SEEK_POOL_PREFIX) === true) {
    const seek = seekFromItem(image);
    return timers.schedule(poolTimer(seek.game, seek.pool, seek.createdAt));
  }
  if (kindOf(image) !== 'commit') return;
  const { schedule, cancel } = timerChangesOf(commitFromItem(image));
  // Each call names its own schedule (the closed entry's is never one the commit opens), so they go at once: a Lambda bills the wait.
  const calls = [...schedule.map((timer) => timers.schedule(timer)), ...(cancel === null ? [] : [timers.cancel(cancel)])];
  const failed = (await Promise.allSettled(calls)).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
