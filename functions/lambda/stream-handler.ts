import type { Logger } from '@aws-lambda-powertools/logger';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { deadlineTimerOf } from '../service/deadline-timer.js';
import { commitFromItem, kindOf } from '../store/dynamo-items.js';
import type { Timers } from '../timers/port.js';

/**
 * Creates the deadline schedule of every commit once it is durable: the
 * stream only carries items DynamoDB has written, so a crash between a commit
 * and its schedule loses nothing (the stream redelivers). Failed records are
 * reported one by one, so one bad record never blocks the rest.
 */
export async function scheduleNewDeadlines(event: DynamoDBStreamEvent, timers: Timers, logger: Pick<Logger, 'error'>): Promise<DynamoDBBatchResponse> {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    if (record.eventName !== 'INSERT' || !image || kindOf(image) !== 'commit') continue;
    try {
      const timer = deadlineTimerOf(commitFromItem(image));
      if (timer) await timers.schedule(timer);
    } catch (error) {
      logger.error('deadline not scheduled', { stream: record.eventID, error: error instanceof Error ? error.message : 'unknown' });
      failures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' });
    }
  }
  return { batchItemFailures: failures };
}
