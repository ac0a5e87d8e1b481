import { ArnFormat, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { SchedulerEnv } from '../functions/scheduler/eventbridge.js';
import { COMMIT_PREFIX } from '../functions/store/dynamo-items.js';
import { ServiceFunction } from './service-function.js';

const SCHEDULER_SERVICE = 'scheduler.amazonaws.com';

export interface DeadlineTimersProps {
  readonly table: dynamodb.TableV2;
  /** The timer Lambda every schedule invokes. */
  readonly timer: lambda.IFunction;
  /** The stream consumer's source (exports `handler`). */
  readonly streamEntry: string;
  readonly projectRoot: string;
}

/**
 * Deadlines on AWS: a DynamoDB Streams consumer sees each commit once it is
 * durable and creates a one-time EventBridge Scheduler schedule for the
 * deadline it opens; the schedule invokes the timer Lambda. Nothing is lost
 * if anything here fails: the stream redelivers, Scheduler retries, dead
 * letters are kept, and lazy expiry closes every window on the next request.
 */
export class DeadlineTimers extends Construct {
  readonly group: scheduler.CfnScheduleGroup;
  /** The role Scheduler assumes to invoke the timer. */
  readonly schedulerRole: iam.Role;
  /** Timer invocations that failed for good, from Scheduler or from the timer itself. */
  readonly timerDeadLetters: sqs.Queue;
  /** Stream batches the consumer could not schedule after its retries. */
  readonly streamDeadLetters: sqs.Queue;
  readonly consumer: ServiceFunction;

  constructor(scope: Construct, id: string, props: DeadlineTimersProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.group = new scheduler.CfnScheduleGroup(this, 'Group', {});
    const schedulesInGroup = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.ref}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });

    this.timerDeadLetters = deadLetterQueue(this, 'TimerDeadLetters');
    this.streamDeadLetters = deadLetterQueue(this, 'StreamDeadLetters');

    // Only Scheduler, acting for this account's schedule group, may assume it (no confused deputy).
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to invoke the deadline timer',
      assumedBy: new iam.ServicePrincipal(SCHEDULER_SERVICE).withConditions({
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnEquals: { 'aws:SourceArn': this.group.attrArn },
      }),
    });
    // The unqualified ARN only: schedules target it, never a version or alias.
    this.schedulerRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.timer.functionArn] }));
    this.timerDeadLetters.grantSendMessages(this.schedulerRole);

    // Scheduler invokes Lambda asynchronously: an invocation the timer fails (an early firing
    // beyond its wait) is retried by Lambda, then kept beside Scheduler's own dead letters.
    props.timer.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.timerDeadLetters),
    });

    const environment: SchedulerEnv = {
      SCHEDULE_GROUP: this.group.ref,
      SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      TIMER_FUNCTION_ARN: props.timer.functionArn,
      SCHEDULE_DLQ_ARN: this.timerDeadLetters.queueArn,
    };
    this.consumer = new ServiceFunction(this, 'StreamConsumer', {
      entry: props.streamEntry,
      projectRoot: props.projectRoot,
      description: 'the stream consumer that schedules each new deadline',
      memorySize: 256,
      timeout: Duration.seconds(30),
      environment,
    });

    this.consumer.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: [schedulesInGroup],
      }),
    );
    Validations.of(this.consumer.role).acknowledge({
      // As cdk-nag renders the ARN: a region fixed at synth appears as itself.
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region}:<AWS::AccountId>:schedule/<${stack.getLogicalId(this.group)}>/*]`,
      reason: "Schedules are named per deadline at run time; the wildcard covers schedules of this stack's own group only.",
    });
    this.consumer.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': SCHEDULER_SERVICE } },
      }),
    );

    this.consumer.fn.addEventSource(
      new DynamoEventSource(props.table, {
        // From the oldest record kept: a consumer deployed or paused late still schedules every deadline.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(0),
        // The consumer reports failed records one by one; a poison record is isolated and set aside.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 10,
        maxRecordAge: Duration.hours(6),
        onFailure: new SqsDlq(this.streamDeadLetters),
        // Only new commits and snapshots (`C#…`) wake the consumer; it skips the snapshots itself.
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { sk: { S: lambda.FilterRule.beginsWith(COMMIT_PREFIX) } } },
          }),
        ],
      }),
    );
  }
}

/** A standard queue for messages that could not be delivered: encrypted, TLS only, kept 14 days. */
function deadLetterQueue(scope: Construct, id: string): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: 'This queue is itself a dead-letter queue (of Scheduler, Lambda or the stream mapping), which no SQS redrive policy shows.',
  });
  return queue;
}
