import { ArnFormat, Duration, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MATCH_SWEEP_MS } from '../functions/service/automatch-timer.js';
import { RETRY_POLICY, type SchedulerEnv, type SelfSchedulerEnv } from '../functions/timers/eventbridge.js';
import type { AutomatchSweepPayload } from '../functions/timers/port.js';
import { ServiceFunction } from './service-function.js';

const SCHEDULER_SERVICE = 'scheduler.amazonaws.com';

export interface TimersProps {
  /** The timer function: the one target of every schedule, whatever its kind (functions/lambda/timer.ts). */
  readonly target: ServiceFunction;
}

/**
 * Timers on AWS, one of each: one EventBridge Scheduler group holding every
 * one-time schedule — a deadline, a reminder, a webhook delivery's next
 * attempt —, one role Scheduler assumes to invoke one target, the timer
 * function (which takes every kind), and one dead-letter queue for firings
 * that never got through. The functions that schedule are granted it
 * (`grantScheduling`): the push function, the table's stream consumer, turns
 * the deadline of each durable commit into a schedule (deleting the closed
 * entry's) and arms automatch pool passes as it plans reminders
 * (infra/push-stream.ts); the timer function schedules a webhook's next
 * attempt. Nothing is lost if anything here fails: the stream redelivers,
 * Scheduler retries, dead letters are kept, and lazy expiry closes every
 * window on the next request.
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
