import { createHash } from 'node:crypto';
import { CreateScheduleCommand } from '@aws-sdk/client-scheduler';
import { atExpression, deleteSchedule, fireTime, hasName, type SchedulerSender } from '../scheduler/eventbridge.js';
import { PushTimerPayload, type PushScheduler, type PushTimer } from './timers.js';

/** Where push schedules go on AWS (the stack sets these). */
export interface PushSchedulerEnv {
  readonly groupName: string;
  readonly roleArn: string;
  readonly deadLetterQueueArn: string;
}

/** A schedule's name: from the timer id, so the same timer always names the same schedule (1–64 characters). */
export function pushScheduleName(timerId: string): string {
  return `push-${createHash('sha256').update(timerId).digest('hex').slice(0, 40)}`;
}

/**
 * Push timers on EventBridge Scheduler: one one-time schedule per timer, named
 * from its id (a second schedule of the same timer is refused as a conflict),
 * invoking the push function with the payload. A timer already due runs at
 * once in this invocation instead (a webhook's first attempt), so nobody
 * waits a scheduling minute for it. A cancelled timer's schedule is deleted,
 * so a reminder of an answered entry never costs an invocation.
 */
export class EventBridgePushScheduler implements PushScheduler {
  constructor(
    private readonly client: SchedulerSender,
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
          Name: pushScheduleName(timer.id),
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
      if (!hasName(error, 'ConflictException')) throw error;
    }
  }

  cancel(id: string): Promise<void> {
    return deleteSchedule(this.client, pushScheduleName(id), this.env.groupName);
  }
}
