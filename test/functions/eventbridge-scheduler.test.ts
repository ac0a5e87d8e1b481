import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  ThrottlingException,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  atExpression,
  EventBridgeDeadlineScheduler,
  eventBridgeSchedulerFromEnv,
  fireTime,
  scheduleName,
  type EventBridgeSchedulerConfig,
  type SchedulerSender,
} from '../../functions/scheduler/eventbridge.js';
import { TimerPayload } from '../../functions/scheduler/port.js';
import { recordingSender, serviceError } from '../support/scheduler-sender.js';

const config: EventBridgeSchedulerConfig = {
  groupName: 'valeria-deadlines',
  timerFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:Timer',
  schedulerRoleArn: 'arn:aws:iam::123456789012:role/SchedulerInvokesTimer',
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:TimerDeadLetters',
};

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

function adapter(sender: SchedulerSender, now = NOW) {
  return new EventBridgeDeadlineScheduler(sender, config, () => now);
}

const timer = { gameId: 'g_AbC-12_xyz', seq: 7, pendingId: 'p3', deadline: Date.parse('2025-03-01T12:34:56.789Z') };

function conflict() {
  return new ConflictException(serviceError('Schedule g_AbC-12_xyz.p3 already exists.'));
}

describe('EventBridge deadline scheduler', () => {
  it('creates one one-time schedule per deadline with exactly the request Scheduler expects', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule(timer);

    expect(sender.sent).toHaveLength(1);
    const [command] = sender.sent;
    expect(command).toBeInstanceOf(CreateScheduleCommand);
    expect(command!.input).toEqual({
      Name: 'g_AbC-12_xyz.p3',
      GroupName: 'valeria-deadlines',
      // 12:34:56.789 rounds up to the next whole minute: never before the deadline.
      ScheduleExpression: 'at(2025-03-01T12:35:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: config.timerFunctionArn,
        RoleArn: config.schedulerRoleArn,
        Input: JSON.stringify({ gameId: 'g_AbC-12_xyz', seq: 7, pendingId: 'p3' }),
        RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 20 },
        DeadLetterConfig: { Arn: config.deadLetterQueueArn },
      },
    });
  });

  it('sends a payload the timer handler parses back to the timer', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule(timer);
    const input = (sender.sent[0] as CreateScheduleCommand).input;
    expect(TimerPayload.parse(JSON.parse(input.Target!.Input!))).toEqual({
      gameId: timer.gameId,
      seq: timer.seq,
      pendingId: timer.pendingId,
    });
  });

  it('keeps a deadline that falls on a whole minute', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule({ ...timer, deadline: Date.parse('2025-03-01T12:35:00.000Z') });
    expect((sender.sent[0] as CreateScheduleCommand).input.ScheduleExpression).toBe('at(2025-03-01T12:35:00)');
  });

  it('still schedules a deadline less than a minute away, at the next whole minute', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule({ ...timer, deadline: NOW + 20_000 });
    expect((sender.sent[0] as CreateScheduleCommand).input.ScheduleExpression).toBe('at(2025-03-01T12:01:00)');
  });

  it('schedules an overdue deadline in the near future rather than at a past at()', async () => {
    const sender = recordingSender();
    await adapter(sender, Date.parse('2025-03-01T12:40:50.000Z')).schedule(timer);
    // 12:40:50 plus the 15 s lead is 12:41:05, rounded up to 12:42.
    expect((sender.sent[0] as CreateScheduleCommand).input.ScheduleExpression).toBe('at(2025-03-01T12:42:00)');
  });

  it('updates an existing schedule of the same name to the timer, so re-creating is harmless and a moved deadline (a vacation) is followed', async () => {
    const sender = recordingSender(undefined, conflict());
    const scheduler = adapter(sender);
    await scheduler.schedule(timer);
    const moved = { ...timer, deadline: timer.deadline + 86_400_000 };
    await expect(scheduler.schedule(moved)).resolves.toBeUndefined();
    const [first, second, update] = sender.sent;
    expect(second!.input).toEqual({ ...first!.input, ScheduleExpression: atExpression(fireTime(moved.deadline, NOW)) });
    expect(update).toBeInstanceOf(UpdateScheduleCommand);
    expect(update!.input).toEqual(second!.input);
  });

  it('lets every other error propagate, so the stream record is retried', async () => {
    const throttled = new ThrottlingException(serviceError('Rate exceeded'));
    await expect(adapter(recordingSender(throttled)).schedule(timer)).rejects.toBe(throttled);
    const invalid = new ValidationException(serviceError('Invalid Schedule Expression'));
    await expect(adapter(recordingSender(invalid)).schedule(timer)).rejects.toBe(invalid);
    const network = new Error('socket hang up');
    await expect(adapter(recordingSender(network)).schedule(timer)).rejects.toBe(network);
  });

  it('cancels by deleting the schedule of the same name in the group', async () => {
    const sender = recordingSender();
    await adapter(sender).cancel({ gameId: timer.gameId, pendingId: timer.pendingId });
    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]).toBeInstanceOf(DeleteScheduleCommand);
    expect(sender.sent[0]!.input).toEqual({ Name: 'g_AbC-12_xyz.p3', GroupName: 'valeria-deadlines' });
  });

  it('cancelling a schedule that already fired or never existed succeeds; other errors propagate', async () => {
    const gone = new ResourceNotFoundException(serviceError('Schedule not found'));
    await expect(adapter(recordingSender(gone)).cancel(timer)).resolves.toBeUndefined();
    await expect(adapter(recordingSender(conflict())).cancel(timer)).rejects.toBeInstanceOf(ConflictException);
  });
});

describe('schedule names', () => {
  const VALID = /^[0-9A-Za-z_.-]{1,64}$/;

  it('are readable when gameId.pendingId is a valid name', () => {
    expect(scheduleName({ gameId: 'g_AbC-12_xyz', pendingId: 'p17' })).toBe('g_AbC-12_xyz.p17');
  });

  it('fall back to a hash for ids that are too long or hold other characters', () => {
    const long = scheduleName({ gameId: 'g'.repeat(70), pendingId: 'p1' });
    const odd = scheduleName({ gameId: 'game/with spaces', pendingId: 'p1' });
    for (const name of [long, odd]) {
      expect(name).toMatch(VALID);
      expect(name).toMatch(/^sha256-[0-9a-f]+$/);
    }
  });

  it('are valid, deterministic and distinct for any ids', () => {
    const id = fc.string({ minLength: 1, maxLength: 80 });
    fc.assert(
      fc.property(id, id, id, id, (gameA, pendingA, gameB, pendingB) => {
        const a = scheduleName({ gameId: gameA, pendingId: pendingA });
        expect(a).toMatch(VALID);
        expect(scheduleName({ gameId: gameA, pendingId: pendingA })).toBe(a);
        if (gameA !== gameB || pendingA !== pendingB) {
          expect(scheduleName({ gameId: gameB, pendingId: pendingB })).not.toBe(a);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('do not collide between the readable and the hashed form', () => {
    const hashed = scheduleName({ gameId: 'x y', pendingId: 'p1' });
    const [prefix, digest] = hashed.split('-');
    expect(scheduleName({ gameId: prefix!, pendingId: digest! })).not.toBe(hashed);
  });
});

describe('fire time', () => {
  it('is a whole minute, never before the deadline nor in the past, and at most a minute after either', () => {
    const instant = fc.integer({ min: Date.parse('2020-01-01'), max: Date.parse('2100-01-01') });
    fc.assert(
      fc.property(instant, instant, (deadline, now) => {
        const at = fireTime(deadline, now);
        expect(at % 60_000).toBe(0);
        expect(at).toBeGreaterThanOrEqual(deadline);
        expect(at).toBeGreaterThan(now);
        expect(at).toBeLessThan(Math.max(deadline, now + 15_000) + 60_000);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('configuration from the environment', () => {
  it('names every missing variable', () => {
    expect(() => eventBridgeSchedulerFromEnv({ SCHEDULE_GROUP: 'g' })).toThrow(/SCHEDULER_ROLE_ARN, TIMER_FUNCTION_ARN, SCHEDULE_DLQ_ARN/);
  });

  it('builds an adapter when the stack has set them all', () => {
    const scheduler = eventBridgeSchedulerFromEnv({
      SCHEDULE_GROUP: config.groupName,
      SCHEDULER_ROLE_ARN: config.schedulerRoleArn,
      TIMER_FUNCTION_ARN: config.timerFunctionArn,
      SCHEDULE_DLQ_ARN: config.deadLetterQueueArn,
    });
    expect(scheduler).toBeInstanceOf(EventBridgeDeadlineScheduler);
  });
});
