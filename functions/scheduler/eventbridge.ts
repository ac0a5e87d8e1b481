import { createHash } from 'node:crypto';
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import * as z from 'zod/mini';
import { timerPayload, type DeadlineScheduler, type DeadlineTimer, type TimerKey } from './port.js';

/**
 * The AWS adapter of the scheduler port: one EventBridge Scheduler one-time
 * schedule per opened deadline, targeting the timer Lambda. The stream
 * consumer calls it once the commit that opened the deadline is durable.
 */

const MINUTE_MS = 60_000;

/**
 * An `at()` already in the past may be refused or never fire, and a request
 * takes a moment to arrive: an overdue deadline is scheduled this far ahead.
 */
const MIN_LEAD_MS = 15_000;

/**
 * Scheduler retries a failed invocation with backoff for up to an hour, then
 * hands the event to the dead-letter queue. Lazy expiry still closes the
 * window on the next read or write, so giving up loses no game state.
 */
const RETRY_POLICY = { MaximumEventAgeInSeconds: 60 * 60, MaximumRetryAttempts: 20 } as const;

/** Schedule names: 1–64 of these characters. */
const NAME_PART = /^[0-9A-Za-z_-]+$/;
const NAME_MAX = 64;

/** Where schedules go and what they may do; on Lambda it comes from SchedulerEnv. */
export interface EventBridgeSchedulerConfig {
  readonly groupName: string;
  readonly timerFunctionArn: string;
  /** The role Scheduler assumes to invoke the timer and write the dead-letter queue. */
  readonly schedulerRoleArn: string;
  readonly deadLetterQueueArn: string;
}

/** The environment the stack gives the stream consumer (infra/ builds it against this type). */
const setting = z.string().check(z.minLength(1));
export const SchedulerEnv = z.object({
  SCHEDULE_GROUP: setting,
  SCHEDULER_ROLE_ARN: setting,
  TIMER_FUNCTION_ARN: setting,
  SCHEDULE_DLQ_ARN: setting,
});
export type SchedulerEnv = z.infer<typeof SchedulerEnv>;

/** The one method of SchedulerClient the adapter needs. */
export interface SchedulerSender {
  send(command: CreateScheduleCommand | UpdateScheduleCommand | DeleteScheduleCommand): Promise<unknown>;
}

/**
 * A deterministic schedule name, so re-creating the schedule for the same
 * pending entry (a redelivered stream record) hits the existing one. Readable
 * `gameId.pendingId` when that is a valid name; otherwise a hash. The two
 * forms cannot collide: the readable one has exactly one dot, the hash none.
 */
export function scheduleName(key: TimerKey): string {
  const readable = `${key.gameId}.${key.pendingId}`;
  if (NAME_PART.test(key.gameId) && NAME_PART.test(key.pendingId) && readable.length <= NAME_MAX) return readable;
  const digest = createHash('sha256')
    .update(JSON.stringify([key.gameId, key.pendingId]))
    .digest('hex');
  return `sha256-${digest}`.slice(0, NAME_MAX);
}

/**
 * When the schedule fires: Scheduler has one-minute precision (a schedule
 * for 10:00 fires between 10:00:00 and 10:00:59), so the time is rounded up
 * to a whole minute — never before the deadline, at most two minutes after.
 */
export function fireTime(deadline: number, now: number): number {
  const earliest = Math.max(deadline, now + MIN_LEAD_MS);
  return Math.ceil(earliest / MINUTE_MS) * MINUTE_MS;
}

/** `at(yyyy-mm-ddThh:mm:ss)`, read in the schedule's time zone (UTC here). */
export function atExpression(epochMs: number): string {
  return `at(${new Date(epochMs).toISOString().slice(0, 19)})`;
}

export class EventBridgeDeadlineScheduler implements DeadlineScheduler {
  constructor(
    private readonly client: SchedulerSender,
    private readonly config: EventBridgeSchedulerConfig,
    private readonly now: () => number = Date.now,
  ) {}

  async schedule(timer: DeadlineTimer): Promise<void> {
    try {
      await this.client.send(new CreateScheduleCommand(this.createInput(timer)));
    } catch (error) {
      // The name is per pending entry, so an existing schedule is this one; its deadline may have moved since (a vacation), so it follows.
      if (!hasName(error, 'ConflictException')) throw error;
      await this.client.send(new UpdateScheduleCommand(this.createInput(timer)));
    }
  }

  cancel(key: TimerKey): Promise<void> {
    return deleteSchedule(this.client, scheduleName(key), this.config.groupName);
  }

  private createInput(timer: DeadlineTimer): CreateScheduleCommandInput {
    return {
      Name: scheduleName(timer),
      GroupName: this.config.groupName,
      ScheduleExpression: atExpression(fireTime(timer.deadline, this.now())),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: this.config.timerFunctionArn,
        RoleArn: this.config.schedulerRoleArn,
        Input: JSON.stringify(timerPayload(timer)),
        RetryPolicy: RETRY_POLICY,
        DeadLetterConfig: { Arn: this.config.deadLetterQueueArn },
      },
    };
  }
}

/** The adapter as the stream consumer builds it on Lambda; fails fast on a missing variable. */
export function eventBridgeSchedulerFromEnv(env: NodeJS.ProcessEnv = process.env): EventBridgeDeadlineScheduler {
  const parsed = SchedulerEnv.safeParse(env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`EventBridge scheduler is not configured: set ${missing}`);
  }
  return new EventBridgeDeadlineScheduler(new SchedulerClient({}), {
    groupName: parsed.data.SCHEDULE_GROUP,
    timerFunctionArn: parsed.data.TIMER_FUNCTION_ARN,
    schedulerRoleArn: parsed.data.SCHEDULER_ROLE_ARN,
    deadLetterQueueArn: parsed.data.SCHEDULE_DLQ_ARN,
  });
}

/** Deletes a schedule; one that already fired (and deleted itself) or was never created is nothing to cancel. */
export async function deleteSchedule(client: SchedulerSender, name: string, groupName: string): Promise<void> {
  try {
    await client.send(new DeleteScheduleCommand({ Name: name, GroupName: groupName }));
  } catch (error) {
    if (!hasName(error, 'ResourceNotFoundException')) throw error;
  }
}

export function hasName(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}
