import { createHash } from 'node:crypto';
import type { CreateScheduleCommand, CreateScheduleCommandInput, DeleteScheduleCommand, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import * as z from 'zod/mini';
import { TimerPayload, type Timer, type TimerKind, type Timers } from './port.js';

/**
 * The AWS adapter of the timers port: one EventBridge Scheduler one-time
 * schedule per timer, in the stack's one group, named from the timer's id and
 * invoking the timer function with the payload. A second schedule of the same
 * timer meets the first and updates it (a vacation moves a deadline); a
 * cancelled timer's schedule is deleted, so a reminder of an answered entry
 * never costs an invocation.
 */

const MINUTE_MS = 60_000;

/**
 * An `at()` already in the past may be refused or never fire, and a request
 * takes a moment to arrive: a timer already due is scheduled this far ahead.
 */
const MIN_LEAD_MS = 15_000;

/**
 * Scheduler retries a failed invocation with backoff, then hands the event to
 * the dead-letter queue. A deadline gives up after an hour: lazy expiry still
 * closes its window on the next read or write, so giving up loses no game
 * state. A reminder or a delivery keeps trying longer: nothing else sends it.
 */
export const RETRY_POLICY: Readonly<Record<TimerKind, { readonly MaximumEventAgeInSeconds: number; readonly MaximumRetryAttempts: number }>> = {
  deadline: { MaximumEventAgeInSeconds: 60 * 60, MaximumRetryAttempts: 20 },
  reminder: { MaximumEventAgeInSeconds: 6 * 60 * 60, MaximumRetryAttempts: 20 },
  'webhook-delivery': { MaximumEventAgeInSeconds: 6 * 60 * 60, MaximumRetryAttempts: 20 },
  // A pool's pass schedules the next; the next seek in the pool arms it again if this one is lost.
  automatch: { MaximumEventAgeInSeconds: 60 * 60, MaximumRetryAttempts: 20 },
  // The stack's standing sweep (infra/timers.ts), not a one-time schedule: a sweep missed is made good by the next one.
  'automatch-sweep': { MaximumEventAgeInSeconds: 5 * 60, MaximumRetryAttempts: 2 },
  // A digest sent hours late is still that day's; a later one is tomorrow's business (the firing plans the next day first).
  'email-digest': { MaximumEventAgeInSeconds: 6 * 60 * 60, MaximumRetryAttempts: 20 },
};

/** Schedule names: 1–64 of these characters. */
const NAME = /^[0-9A-Za-z_.-]{1,64}$/;
const NAME_MAX = 64;

/** Where schedules go, what they invoke and what they may do. */
export interface EventBridgeTimersConfig {
  readonly groupName: string;
  /** The role Scheduler assumes to invoke the timer function and write the dead-letter queue. */
  readonly roleArn: string;
  readonly deadLetterQueueArn: string;
  /** The timer function's ARN (the function itself takes it from its invocation: an environment variable would be a circular reference). */
  readonly target: () => string;
}

/** The environment the stack gives every function that schedules (infra/ builds it against this type). */
const setting = z.string().check(z.minLength(1));
export const SchedulerEnv = z.object({
  SCHEDULE_GROUP: setting,
  SCHEDULER_ROLE_ARN: setting,
  TIMER_FUNCTION_ARN: setting,
  SCHEDULE_DLQ_ARN: setting,
});
export type SchedulerEnv = z.infer<typeof SchedulerEnv>;
/** The timer function's own: it targets itself, by the ARN it was invoked under. */
export const SelfSchedulerEnv = z.omit(SchedulerEnv, { TIMER_FUNCTION_ARN: true });
export type SelfSchedulerEnv = z.infer<typeof SelfSchedulerEnv>;

/** The one method of SchedulerClient the adapter needs. */
export interface SchedulerSender {
  send(command: CreateScheduleCommand | UpdateScheduleCommand | DeleteScheduleCommand): Promise<unknown>;
}

/**
 * The Scheduler SDK, loaded on the first schedule or cancel (as sqsSender in
 * push/outbox): the timer function schedules only for reminders and webhook
 * retries, so a deadline firing's cold start does not carry the client; the
 * stream consumer, which schedules for most commits, loads it on its first.
 */
const schedulerSdk = () => import('@aws-sdk/client-scheduler');

/** SchedulerClient, made on the first command it sends. */
function lazySchedulerClient(): SchedulerSender {
  let client: SchedulerSender | undefined;
  return {
    async send(command) {
      const { SchedulerClient } = await schedulerSdk();
      client ??= new SchedulerClient({});
      return client.send(command);
    },
  };
}

/**
 * A timer's schedule name: its id when that is a valid name, so a deadline's
 * reads `gameId.pendingId`; otherwise a hash of it. The two forms cannot
 * collide: a hashed name is `sha256-` and hex, no id of a timer is.
 */
export function scheduleName(timerId: string): string {
  if (NAME.test(timerId)) return timerId;
  return `sha256-${createHash('sha256').update(timerId).digest('hex')}`.slice(0, NAME_MAX);
}

/**
 * When the schedule fires: Scheduler has one-minute precision (a schedule
 * for 10:00 fires between 10:00:00 and 10:00:59), so the time is rounded up
 * to a whole minute — never before the timer is due, at most two minutes after.
 */
export function fireTime(dueAt: number, now: number): number {
  const earliest = Math.max(dueAt, now + MIN_LEAD_MS);
  return Math.ceil(earliest / MINUTE_MS) * MINUTE_MS;
}

/** `at(yyyy-mm-ddThh:mm:ss)`, read in the schedule's time zone (UTC here). */
export function atExpression(epochMs: number): string {
  return `at(${new Date(epochMs).toISOString().slice(0, 19)})`;
}

export class EventBridgeTimers implements Timers {
  constructor(
    private readonly client: SchedulerSender,
    private readonly config: EventBridgeTimersConfig,
    private readonly now: () => number = Date.now,
    /** Runs a timer already due in this invocation instead (a webhook's retry with no delay), so nobody waits a scheduling minute; without it, one is scheduled shortly. */
    private readonly runDue?: (timer: Timer) => Promise<void>,
  ) {}

  async schedule(timer: Timer): Promise<void> {
    if (this.runDue && timer.dueAt <= this.now()) return this.runDue(timer);
    const input = this.createInput(timer);
    const { CreateScheduleCommand, UpdateScheduleCommand } = await schedulerSdk();
    try {
      await this.client.send(new CreateScheduleCommand(input));
    } catch (error) {
      // The name is the timer's, so an existing schedule is this timer's; its time may have moved since (a vacation), so it follows.
      if (!hasName(error, 'ConflictException')) throw error;
      await this.client.send(new UpdateScheduleCommand(input));
    }
  }

  /** Deletes the timer's schedule; one that already fired (and deleted itself) or was never made is nothing to cancel. */
  async cancel(id: string): Promise<void> {
    const { DeleteScheduleCommand } = await schedulerSdk();
    try {
      await this.client.send(new DeleteScheduleCommand({ Name: scheduleName(id), GroupName: this.config.groupName }));
    } catch (error) {
      if (!hasName(error, 'ResourceNotFoundException')) throw error;
    }
  }

  private createInput(timer: Timer): CreateScheduleCommandInput {
    return {
      Name: scheduleName(timer.id),
      GroupName: this.config.groupName,
      ScheduleExpression: atExpression(fireTime(timer.dueAt, this.now())),
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: this.config.target(),
        RoleArn: this.config.roleArn,
        // Checked here, so a payload the handler could not read is never scheduled.
        Input: JSON.stringify(TimerPayload.parse(timer.payload)),
        RetryPolicy: RETRY_POLICY[timer.payload.kind],
        DeadLetterConfig: { Arn: this.config.deadLetterQueueArn },
      },
    };
  }
}

/**
 * The adapter as a Lambda builds it from the stack's environment, failing
 * fast on a missing variable. The timer function passes `target` (itself);
 * every other function targets TIMER_FUNCTION_ARN.
 */
export function eventBridgeTimersFromEnv(
  env: NodeJS.ProcessEnv,
  options: { readonly target?: () => string; readonly runDue?: (timer: Timer) => Promise<void> } = {},
): EventBridgeTimers {
  const parsed = (options.target ? SelfSchedulerEnv : SchedulerEnv).safeParse(env);
  if (!parsed.success) {
    const missing = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`EventBridge scheduler is not configured: set ${missing}`);
  }
  const { SCHEDULE_GROUP, SCHEDULER_ROLE_ARN, SCHEDULE_DLQ_ARN } = parsed.data;
  const targetArn = env.TIMER_FUNCTION_ARN ?? '';
  return new EventBridgeTimers(
    lazySchedulerClient(),
    { groupName: SCHEDULE_GROUP, roleArn: SCHEDULER_ROLE_ARN, deadLetterQueueArn: SCHEDULE_DLQ_ARN, target: options.target ?? (() => targetArn) },
    Date.now,
    options.runDue,
  );
}

function hasName(error: unknown, name: string): boolean {
  return error instanceof Error && error.name === name;
}
