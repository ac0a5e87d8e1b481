import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import type { PushContext } from '../context.js';
import { commitFromItem, kindOf } from '../../store/dynamo-items.js';
import { ANNOUNCED_TYPES } from '../model/announced.js';
import { addressedFromItem } from '../store/dynamo.js';
import type { GameFollower } from '../notify/follow.js';
import { NOTIFICATION_PREFIX } from '../store/keys.js';
import { passOn, type PushSink } from '../notify/channels.js';
import { notifyCommit } from '../notify/notifier.js';

/** A stored notification that no commit carries: it reaches the channels from its own stream record. */
function isAnnounced(image: Record<string, AttributeValue>): boolean {
  return image.sk?.S?.startsWith(NOTIFICATION_PREFIX) === true && (ANNOUNCED_TYPES as readonly string[]).includes(image.t?.S ?? '');
}

/**
 * Push's DynamoDB Streams consumer: each new commit, once durable, becomes
 * notifications handed to the sinks (connections, webhooks, reminders).
 * Records are handled in order and a failed one is reported by itself, so the
 * stream redelivers it and what follows (ids make the second run harmless).
 * A new announced notification (announcements.ts) goes to the channels as is.
 * The follower lives as long as the Lambda instance: a game's next commit
 * usually finds its state already there.
 */
export async function notifyFromStream(
  ctx: PushContext,
  event: DynamoDBStreamEvent,
  sinks: readonly PushSink[],
  follower: GameFollower,
): Promise<DynamoDBBatchResponse> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
    if (record.eventName !== 'INSERT' || !image) continue;
    try {
      if (kindOf(image) === 'commit') {
        const { derived, observed } = await notifyCommit(ctx, commitFromItem(image), follower);
        await passOn(sinks, derived, observed);
      } else if (isAnnounced(image)) await passOn(sinks, { notifications: [addressedFromItem(image)], notices: [] }, null);
    } catch (error) {
      console.error(JSON.stringify({ stream: record.eventID, error: error instanceof Error ? error.message : 'unknown' }));
      // Everything from the first failure on is retried, keeping each game's order.
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
}
