import type { Logger } from '@aws-lambda-powertools/logger';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { timerChangesOf } from '../service/deadline-timer.js';
import { poolTimer } from '../service/automatch-timer.js';
import { commitFromItem, kindOf, SEEK_POOL_PREFIX, seekFromItem } from '../store/dynamo-items.js';
import type { Timers } from '../timers/port.js';

/**
 * For every commit once it is durable: creates the deadline schedule of the
 * entry it leaves pending (and a continuation at once when its request left
 * bots to play), deletes the schedule of the entry it closed, which would
 * otherwise fire for nothing. A new seek in an automatch pool arms the
 * pool's next pass (functions/service/automatch.ts). The stream only carries
 * items DynamoDB has written, so a crash between a commit and its schedule
 * loses nothing (the stream redelivers; each step is idempotent). Failed
 * records are reported one by one, so one bad record never blocks the rest.
 */
export async function onNewCommits(
  event: DynamoDBStreamEvent,
  { timers }: { readonly timers: Timers },
  logger: Pick<Logger, 'error'>,
): Promise<DynamoDBBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    if (record.eventName !== 'INSERT' || !image) continue;
    const seekInPool = image.pk?.S?.startsWith(SEEK_POOL_PREFIX) === true;
    if (!seekInPool && kindOf(image) !== 'commit') continue;
    try {
      if (seekInPool) {
        const seek = seekFromItem(image);
        await timers.schedule(poolTimer(seek.game, seek.pool, seek.createdAt));
        continue;
      }
      const commit = commitFromItem(image);
      const { schedule, cancel } = timerChangesOf(commit);
      for (const timer of schedule) await timers.schedule(timer);
      if (cancel !== null) await timers.cancel(cancel);
    } catch (error) {
      logger.error('commit not followed up', { stream: record.eventID, error: error instanceof Error ? error.message : 'unknown' });
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' });
    }
  }
  return { batchItemFailures: failures };
}
