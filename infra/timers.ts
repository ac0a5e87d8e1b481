import { ArnFormat, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MATCH_SWEEP_MS } from '../functions/service/automatch-timer.js';
import { RETRY_POLICY, type SchedulerEnv, type SelfSchedulerEnv } from '../functions/timers/eventbridge.js';
import type { AutomatchSweepPayload } from '../functions/timers/port.js';
import { COMMIT_PREFIX, SEEK_POOL_PREFIX } from '../functions/store/dynamo-items.js';
import { ServiceFunction } from './service-function.js';

const SCHEDULER_SERVICE = 'scheduler.amazonaws.com';

export interface TimersProps {
  readonly table: dynamodb.TableV2;
  /** The timer function: the one target of every schedule, whatever its kind (functions/lambda/timer.ts). */
  readonly target: ServiceFunction;
  /** The stream consumer's source (exports `handler`): it schedules each new deadline. */
  readonly streamEntry: string;
  readonly projectRoot: string;
}

/**
 * Timers on AWS, one of each: one EventBridge Scheduler group holding every
 * one-time schedule — a deadline, a reminder, a webhook delivery's next
 * attempt —, one role Scheduler assumes to invoke one target, the timer
 * function (which takes every kind), and one dead-letter queue for firings
 * that never got through. A DynamoDB Streams consumer turns the deadline of
 * each durable commit into a schedule (deleting the closed entry's); push's
 * function, and the timer function for a webhook's next attempt, schedule
 * their own (`grantScheduling`). Nothing is lost if anything here fails: the stream
 * redelivers, Scheduler retries, dead letters are kept, and lazy expiry
 * closes every window on the next request.
 *
 * The stack gives it the id `Deadlines`, the construct's name before push's
 * timers joined it: the group, role and queues keep their logical ids, so a
 * deployment keeps the deadline schedules in flight (a replaced group would
 * be deleted with its schedules).
 */
export class Timers extends Construct {
  readonly group: scheduler.CfnScheduleGroup;
  /** The role Scheduler assumes to invoke the timer function. */
  readonly schedulerRole: iam.Role;
  /** Firings that failed for good, from Scheduler or from the timer function itself. */
  readonly timerDeadLetters: sqs.Queue;
  /** Stream batches the consumer could not schedule after its retries. */
  readonly streamDeadLetters: sqs.Queue;
  readonly consumer: ServiceFunction;
  /** The standing schedule of automatch's safety sweep (functions/service/automatch.ts `sweepPools`). */
  readonly automatchSweep: scheduler.CfnSchedule;
  /** What a function that schedules for the timer function needs in its environment. */
  readonly environment: SchedulerEnv;
  private readonly schedulesInGroup: string;

  constructor(scope: Construct, id: string, props: TimersProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const target = props.target.fn;

    this.group = new scheduler.CfnScheduleGroup(this, 'Group', {});
    this.schedulesInGroup = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.group.ref}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });

    this.timerDeadLetters = deadLetterQueue(this, 'TimerDeadLetters');
    this.streamDeadLetters = deadLetterQueue(this, 'StreamDeadLetters');

    // Only Scheduler, acting for this account's schedule group, may assume it (no confused deputy).
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to invoke the timer function (deadlines, reminders, webhook retries)',
      assumedBy: new iam.ServicePrincipal(SCHEDULER_SERVICE).withConditions({
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnEquals: { 'aws:SourceArn': this.group.attrArn },
      }),
    });
    // The unqualified ARN only: schedules target it, never a version or alias.
    this.schedulerRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.functionArn] }));
    this.timerDeadLetters.grantSendMessages(this.schedulerRole);

    // Scheduler invokes Lambda asynchronously: an invocation the timer function fails (an early deadline
    // firing beyond its wait, a store fault) is retried by Lambda, then kept beside Scheduler's own dead letters.
    target.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.timerDeadLetters),
    });

    const own: SelfSchedulerEnv = {
      SCHEDULE_GROUP: this.group.ref,
      SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      SCHEDULE_DLQ_ARN: this.timerDeadLetters.queueArn,
    };
    this.environment = { ...own, TIMER_FUNCTION_ARN: target.functionArn };
    // The timer function schedules a webhook's next attempt for itself: by the ARN it is invoked under, as its own ARN here would be a circular reference.
    for (const [name, value] of Object.entries(own)) target.addEnvironment(name, value);
    this.grantScheduling(props.target);

    // Automatch's pools are passed over by one-time schedules, each armed by a new seek (the stream) or by the pool's
    // previous pass: one lost, missed or failed for good (its retries spent) would leave the pool's seeks waiting until
    // another seek arrived. This standing schedule sends the sweep, which passes over every pool with seeks waiting and
    // re-arms each, at the pools' own cadence; idempotent, so a sweep beside a pool's own pass seats nothing twice.
    const sweep: AutomatchSweepPayload = { kind: 'automatch-sweep' };
    const { MaximumEventAgeInSeconds, MaximumRetryAttempts } = RETRY_POLICY['automatch-sweep'];
    this.automatchSweep = new scheduler.CfnSchedule(this, 'AutomatchSweep', {
      groupName: this.group.ref,
      description: 'Automatch safety sweep: a pass over every pool with seeks waiting, re-arming each',
      scheduleExpression: `rate(${MATCH_SWEEP_MS / 60_000} minutes)`,
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: {
        arn: target.functionArn,
        roleArn: this.schedulerRole.roleArn,
        input: JSON.stringify(sweep),
        retryPolicy: { maximumEventAgeInSeconds: MaximumEventAgeInSeconds, maximumRetryAttempts: MaximumRetryAttempts },
        deadLetterConfig: { arn: this.timerDeadLetters.queueArn },
      },
    });

    this.consumer = new ServiceFunction(this, 'StreamConsumer', {
      entry: props.streamEntry,
      projectRoot: props.projectRoot,
      description: 'the stream consumer that schedules each new deadline',
      memorySize: 256,
      timeout: Duration.seconds(30),
      environment: { ...this.environment },
    });
    this.grantScheduling(this.consumer);

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
        // Only new commits and snapshots (`C#…`) wake the consumer, which skips the snapshots itself, and new seeks in an automatch pool (`SEEKS#…`), whose pool's pass it arms.
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { sk: { S: lambda.FilterRule.beginsWith(COMMIT_PREFIX) } } },
          }),
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { pk: { S: lambda.FilterRule.beginsWith(SEEK_POOL_PREFIX) } } },
          }),
        ],
      }),
    );
  }

  /** Lets a function create, update and delete schedules in the group, and pass the Scheduler role to Scheduler only. */
  grantScheduling(fn: ServiceFunction): void {
    const stack = Stack.of(this);
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'],
        resources: [this.schedulesInGroup],
      }),
    );
    Validations.of(fn.role).acknowledge({
      // As cdk-nag renders the ARN: a region fixed at synth appears as itself.
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region}:<AWS::AccountId>:schedule/<${stack.getLogicalId(this.group)}>/*]`,
      reason: "Schedules are named per timer at run time; the wildcard covers schedules of this stack's own group only.",
    });
    fn.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': SCHEDULER_SERVICE } },
      }),
    );
  }
}

/** A standard queue for messages that could not be delivered: encrypted, TLS only, kept 14 days. */
export function deadLetterQueue(scope: Construct, id: string): sqs.Queue {
  const queue = new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  Validations.of(queue).acknowledge({
    id: 'AwsSolutions-SQS3',
    reason: 'This queue is itself a dead-letter queue (of Scheduler, Lambda or a stream mapping), which no SQS redrive policy shows.',
  });
  return queue;
}
