import { createHash } from 'node:crypto';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { atExpression, fireTime } from '../scheduler/eventbridge.js';
import { PushTimerPayload, type PushScheduler, type PushTimer } from './timers.js';

/** Where push schedules go on AWS (the stack sets these). */
export interface PushSchedulerEnv {
  readonly groupName: string;
  readonly roleArn: string;
  readonly deadLetterQueueArn: string;
}

/**
 * Push timers on EventBridge Scheduler: one one-time schedule per timer, named
 * from its id (a second schedule of the same timer is refused as a conflict),
 * invoking the push function with the payload. A timer already due runs at
 * once in this invocation instead (a webhook's first attempt), so nobody
 * waits a scheduling minute for it.
 */
export class EventBridgePushScheduler implements PushScheduler {
  private readonly client = new SchedulerClient({});

  constructor(
    private readonly env: PushSchedulerEnv,
    /** The push function's own ARN (from the invocation's context: an env var would be a circular reference). */
    private readonly targetArn: () => string,
    private readonly runNow: (payload: PushTimerPayload) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  async schedule(timer: PushTimer): Promise<void> {
    if (timer.dueAt <= this.now()) return this.runNow(timer.payload);
    try {
      await this.client.send(
        new CreateScheduleCommand({
          Name: `push-${createHash('sha256').update(timer.id).digest('hex').slice(0, 40)}`,
          GroupName: this.env.groupName,
          ScheduleExpression: atExpression(fireTime(timer.dueAt, this.now())),
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: this.targetArn(),
            RoleArn: this.env.roleArn,
            Input: JSON.stringify(PushTimerPayload.parse(timer.payload)),
            RetryPolicy: { MaximumEventAgeInSeconds: 6 * 60 * 60, MaximumRetryAttempts: 20 },
            DeadLetterConfig: { Arn: this.env.deadLetterQueueArn },
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ConflictException')) throw error;
    }
  }
}
