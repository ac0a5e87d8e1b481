import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { PushContext } from '../context.js';
import { commitFromItem, headerFromItem, kindOf } from '../../store/dynamo-items.js';
import type { GameFollower } from '../notify/follow.js';
import { batchReads, type BatchReads } from '../notify/batch-reads.js';
import { passOn, type PushSink } from '../notify/channels.js';
import { notifyCommit, notifyJoin } from '../notify/notifier.js';

/**
 * What one stream record tells the channels: a new commit's notifications, a
 * header's join (nothing for any other item). Every header write is also
 * kept by the follower, so that the game's next commit finds it held.
 */
async function handle(ctx: PushContext, record: DynamoDBRecord, sinks: readonly PushSink[], follower: GameFollower, reads: BatchReads): Promise<void> {
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (!image) return;
  const kind = kindOf(image);
  if (kind === 'commit' && record.eventName === 'INSERT') {
    const { derived, observed } = await notifyCommit(ctx, commitFromItem(image), follower, reads);
    await passOn(sinks, derived, observed, reads);
  } else if (kind === 'header') {
    const header = headerFromItem(image);
    follower.heard(header);
    if (record.eventName === 'MODIFY') await passOn(sinks, await notifyJoin(ctx, header, reads), null, reads);
  }
}

/**
 * Push's job in the table's stream consumer (functions/lambda/stream-consumer.ts),
 * for the records of one event: each new commit, once durable, becomes
 * notifications handed to the sinks (connections, webhooks, reminders), and
 * so does each header write that seated a player (`player-joined`: the seat
 * and its news are one item, so one cannot be lost without the other).
 * Records come in order — a game's header and commits share its partition,
 * so a join comes before the start it completes — and one that fails is
 * handled again with what follows it: ids make the second run harmless, and
 * the follower takes a commit it has already folded as a redelivery. The
 * follower lives as long as the Lambda instance: a game's next commit
 * usually finds its state and its header already there (the header's own
 * writes come through here, before the commits decided under them); what
 * the channels read about players is read once for the whole event.
 */
export function pushOfBatch(ctx: PushContext, sinks: readonly PushSink[], follower: GameFollower): (record: DynamoDBRecord) => Promise<void> {
  const reads = batchReads(ctx);
  return (record) => handle(ctx, record, sinks, follower, reads);
}
