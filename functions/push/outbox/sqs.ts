import type { SendMessageBatchCommandInput, SendMessageBatchCommandOutput } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { OutboxMessage } from './message.js';
import type { Outbox } from './port.js';

/** SendMessageBatch's limits: ten messages, and 256 KiB for their bodies together (each one's limit too). */
const BATCH = { messages: 10, bytes: 256 * 1024 } as const;

/**
 * The bodies of each SendMessageBatch the outbox sends for `messages`: ten
 * at most, within the batch's bytes. A message is a few KB at most (the
 * README says what bounds a body), so in practice every batch is ten.
 */
export function sqsBatches(messages: readonly OutboxMessage[]): string[][] {
  const batches: string[][] = [];
  let bytes = 0;
  for (const body of messages.map((message) => JSON.stringify(message))) {
    const size = Buffer.byteLength(body);
    const last = batches.at(-1);
    if (last && last.length < BATCH.messages && bytes + size <= BATCH.bytes) {
      last.push(body);
      bytes += size;
    } else {
      batches.push([body]);
      bytes = size;
    }
  }
  return batches;
}

/** Sends a batch of messages to a queue (SQS, or a recorder in tests). */
export interface QueueSender {
  sendBatch(input: SendMessageBatchCommandInput): Promise<Pick<SendMessageBatchCommandOutput, 'Failed'>>;
}

/**
 * The SQS client, loaded on the first send: the functions that enqueue (push,
 * timers) do so only when a webhook is due, so their cold start does not
 * carry the client.
 */
export function sqsSender(): QueueSender {
  let client: Promise<{ send: (input: SendMessageBatchCommandInput) => Promise<SendMessageBatchCommandOutput> }> | undefined;
  return {
    async sendBatch(input) {
      client ??= import('@aws-sdk/client-sqs').then(({ SQSClient, SendMessageBatchCommand }) => {
        const sqs = new SQSClient({});
        return { send: (batch: SendMessageBatchCommandInput) => sqs.send(new SendMessageBatchCommand(batch)) };
      });
      return (await client).send(input);
    },
  };
}

/** The outbox on AWS: one SQS queue, drained by the delivery function (`deliverFromQueue`). */
export class SqsOutbox implements Outbox {
  constructor(
    private readonly sender: QueueSender,
    private readonly queueUrl: string,
  ) {}

  async enqueue(messages: readonly OutboxMessage[]): Promise<void> {
    for (const batch of sqsBatches(messages)) {
      const entries = batch.map((body, n) => ({ Id: String(n), MessageBody: body }));
      const output = await this.sender.sendBatch({ QueueUrl: this.queueUrl, Entries: entries });
      // Not sent: the commit (or the timer) fails and is handled again; the delivery records make that harmless.
      if (output.Failed && output.Failed.length > 0)
        throw new Error(`${output.Failed.length} deliveries not queued: ${output.Failed[0]?.Message ?? 'unknown'}`);
    }
  }
}

/** The adapter as a Lambda builds it from the stack's environment (DELIVERY_QUEUE_URL). */
export function sqsOutboxFromEnv(env: NodeJS.ProcessEnv): SqsOutbox {
  const queueUrl = env.DELIVERY_QUEUE_URL;
  if (!queueUrl) throw new Error('DELIVERY_QUEUE_URL is not set');
  return new SqsOutbox(sqsSender(), queueUrl);
}

/**
 * The delivery function's handler: every message of the batch at once, each
 * through the dispatcher; a message whose handling failed (the store away, a
 * body that is no message) is reported alone (`reportBatchItemFailures`), so
 * SQS hands back that one only, and dead-letters it alone after its receives.
 * A delivery that failed at its receiver is no failure here: its attempt is
 * recorded and its retry planned.
 */
export async function deliverFromQueue(event: SQSEvent, dispatch: (message: OutboxMessage) => Promise<void>): Promise<SQSBatchResponse> {
  const outcomes = await Promise.allSettled(event.Records.map(async (record) => dispatch(OutboxMessage.parse(JSON.parse(record.body)))));
  const batchItemFailures = event.Records.flatMap((record, i) => {
    const outcome = outcomes[i];
    if (outcome?.status !== 'rejected') return [];
    console.error(JSON.stringify({ delivery: record.messageId, error: outcome.reason instanceof Error ? outcome.reason.message : 'unknown' }));
    return [{ itemIdentifier: record.messageId }];
  });
  return { batchItemFailures };
}
