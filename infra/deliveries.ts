import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ServiceFunction } from './service-function.js';
import { deadLetterQueue } from './timers.js';

/** What the delivery function takes from the queue at once, and how many of it run at once. */
export const DELIVERY_BATCH = { batchSize: 10, maxConcurrency: 10 } as const;
/** Receives of one message before it is set aside in the dead-letter queue (a message fails only when the store does, or is no message). */
export const DELIVERY_MAX_RECEIVES = 5;
/** The delivery function's time limit: a batch's attempts run at once, two at a time per target, each within 5 s. */
const DELIVERY_TIMEOUT = Duration.seconds(60);

export interface DeliveriesProps {
  readonly entry: string;
  readonly projectRoot: string;
  readonly environment: Record<string, string>;
}

/**
 * The outbox on AWS: the push function and the timer function queue each
 * delivery (first attempt or retry) on an SQS queue, and the delivery
 * function drains it in batches, reporting failed messages one by one
 * (`reportBatchItemFailures`), so one bad message is never handed back with
 * its neighbours, and alone lands in the dead-letter queue. No receiver's
 * slowness reaches the commit consumer.
 */
export class Deliveries extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly fn: ServiceFunction;

  constructor(scope: Construct, id: string, props: DeliveriesProps) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(this, 'DeadLetters');
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS's advice for a Lambda source: six times the function's time limit, so a message is not received twice while it runs.
      visibilityTimeout: Duration.seconds(DELIVERY_TIMEOUT.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: DELIVERY_MAX_RECEIVES },
    });
    this.fn = new ServiceFunction(this, 'Function', {
      entry: props.entry,
      projectRoot: props.projectRoot,
      description: 'deliveries: webhook attempts from the outbox queue, targets kept apart',
      memorySize: 512,
      timeout: DELIVERY_TIMEOUT,
      environment: { ...props.environment, DELIVERY_QUEUE_URL: this.queue.queueUrl },
    });
    this.fn.fn.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: DELIVERY_BATCH.batchSize,
        maxConcurrency: DELIVERY_BATCH.maxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
  }

  /** Lets a function queue deliveries (push, timers, the delivery function itself for what a disabled webhook's notice sends). */
  grantEnqueue(fn: ServiceFunction): void {
    this.queue.grantSendMessages(fn.role);
    fn.fn.addEnvironment('DELIVERY_QUEUE_URL', this.queue.queueUrl);
  }
}
