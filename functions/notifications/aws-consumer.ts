import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { ServiceContext } from '../service/context.js';
import { commitFromItem, kindOf } from '../store/dynamo-items.js';
import type { PushSink } from './local.js';
import { notifyCommit } from './notifier.js';

/**
 * Push's DynamoDB Streams consumer: each new commit, once durable, becomes
 * notifications handed to the sinks (connections, webhooks, reminders).
 * Records are handled in order and a failed one is reported by itself, so the
 * stream redelivers it and what follows (ids make the second run harmless).
 */
export async function notifyFromStream(ctx: ServiceContext, event: DynamoDBStreamEvent, sinks: readonly PushSink[]): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    if (record.eventName !== 'INSERT' || !image || kindOf(image) !== 'commit') continue;
    try {
      const commit = commitFromItem(image);
      const derived = await notifyCommit(ctx, commit);
      for (const sink of sinks) await sink(derived, commit);
    } catch (error) {
      console.error(JSON.stringify({ stream: record.eventID, error: error instanceof Error ? error.message : 'unknown' }));
      // Everything from the first failure on is retried, keeping each game's order.
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}
