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
import { deadlineTimer, deadlineTimerId } from '../../functions/service/deadline-timer.js';
import { atExpression, EventBridgeTimers, eventBridgeTimersFromEnv, fireTime, scheduleName, type SchedulerSender } from '../../functions/timers/eventbridge.js';
import { readTimerPayload } from '../../functions/timers/port.js';
import { config, recordingSender, serviceError, TIMER_ARN } from '../support/scheduler-sender.js';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

/** The adapter as the stream consumer has it: a deadline already past is scheduled shortly, not run in the consumer. */
function adapter(sender: SchedulerSender, now = NOW) {
  return new EventBridgeTimers(sender, config, () => now);
}

const DEADLINE = Date.parse('2025-03-01T12:34:56.789Z');
const timer = deadlineTimer('g_AbC-12_xyz', 7, 'p3', DEADLINE);
/** A pending entry's schedule name. */
const nameOf = (key: { gameId: string; pendingId: string }) => scheduleName(deadlineTimerId(key.gameId, key.pendingId));

function conflict() {
  return new ConflictException(serviceError('Schedule g_AbC-12_xyz.p3 already exists.'));
}

describe('EventBridge timers: deadlines', () => {
  it('creates one one-time schedule per deadline with exactly the request Scheduler expects', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule(timer);

    expect(sender.sent).toHaveLength(1);
    const [command] = sender.sent;
    expect(command).toBeInstanceOf(CreateScheduleCommand);
    expect(command!.input).toEqual({
      Name: 'g_AbC-12_xyz.p3',
      GroupName: 'valeria-timers',
      // 12:34:56.789 rounds up to the next whole minute: never before the deadline.
      ScheduleExpression: 'at(2025-03-01T12:35:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: TIMER_ARN,
        RoleArn: config.roleArn,
        Input: JSON.stringify({ kind: 'deadline', gameId: 'g_AbC-12_xyz', seq: 7, pendingId: 'p3' }),
        RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 20 },
        DeadLetterConfig: { Arn: config.deadLetterQueueArn },
      },
    });
  });

  it('sends a payload the timer handler parses back to the timer', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule(timer);
    const input = (sender.sent[0] as CreateScheduleCommand).input;
    expect(readTimerPayload(JSON.parse(input.Target!.Input!))).toEqual({ kind: 'deadline', gameId: 'g_AbC-12_xyz', seq: 7, pendingId: 'p3' });
  });

  it('reads the payload of a deadline schedule made before timers had kinds, and nothing it cannot read', () => {
    expect(readTimerPayload({ gameId: 'g_old', seq: 4, pendingId: 'p2' })).toEqual({ kind: 'deadline', gameId: 'g_old', seq: 4, pendingId: 'p2' });
    expect(readTimerPayload({ kind: 'reminder', gameId: 'g_old', seq: 4, pendingId: 'p2' })).toBeNull();
    expect(readTimerPayload({ game: 'x' })).toBeNull();
    expect(readTimerPayload('g_old')).toBeNull();
  });

  it('keeps a deadline that falls on a whole minute', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule({ ...timer, dueAt: Date.parse('2025-03-01T12:35:00.000Z') });
    expect((sender.sent[0] as CreateScheduleCommand).input.ScheduleExpression).toBe('at(2025-03-01T12:35:00)');
  });

  it('still schedules a deadline less than a minute away, at the next whole minute', async () => {
    const sender = recordingSender();
    await adapter(sender).schedule({ ...timer, dueAt: NOW + 20_000 });
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
    const moved = { ...timer, dueAt: timer.dueAt + 86_400_000 };
    await expect(scheduler.schedule(moved)).resolves.toBeUndefined();
    const [first, second, update] = sender.sent;
    expect(second!.input).toEqual({ ...first!.input, ScheduleExpression: atExpression(fireTime(moved.dueAt, NOW)) });
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
    await adapter(sender).cancel(timer.id);
    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]).toBeInstanceOf(DeleteScheduleCommand);
    expect(sender.sent[0]!.input).toEqual({ Name: 'g_AbC-12_xyz.p3', GroupName: 'valeria-timers' });
  });

  it('cancelling a schedule that already fired or never existed succeeds; other errors propagate', async () => {
    const gone = new ResourceNotFoundException(serviceError('Schedule not found'));
    await expect(adapter(recordingSender(gone)).cancel(timer.id)).resolves.toBeUndefined();
    await expect(adapter(recordingSender(conflict())).cancel(timer.id)).rejects.toBeInstanceOf(ConflictException);
  });
});

describe('schedule names', () => {
  const VALID = /^[0-9A-Za-z_.-]{1,64}$/;

  it('are readable when gameId.pendingId is a valid name', () => {
    expect(nameOf({ gameId: 'g_AbC-12_xyz', pendingId: 'p17' })).toBe('g_AbC-12_xyz.p17');
  });

  it('fall back to a hash for ids that are too long or hold other characters', () => {
    const long = nameOf({ gameId: 'g'.repeat(70), pendingId: 'p1' });
    const odd = nameOf({ gameId: 'game/with spaces', pendingId: 'p1' });
    for (const name of [long, odd]) {
      expect(name).toMatch(VALID);
      expect(name).toMatch(/^sha256-[0-9a-f]+$/);
    }
  });

  it('are valid, deterministic and distinct for any ids', () => {
    const id = fc.string({ minLength: 1, maxLength: 80 });
    fc.assert(
      fc.property(id, id, id, id, (gameA, pendingA, gameB, pendingB) => {
        const a = nameOf({ gameId: gameA, pendingId: pendingA });
        expect(a).toMatch(VALID);
        expect(nameOf({ gameId: gameA, pendingId: pendingA })).toBe(a);
        if (gameA !== gameB || pendingA !== pendingB) {
          expect(nameOf({ gameId: gameB, pendingId: pendingB })).not.toBe(a);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('do not collide between the readable and the hashed form', () => {
    const hashed = nameOf({ gameId: 'x y', pendingId: 'p1' });
    const [prefix, digest] = hashed.split('-');
    expect(nameOf({ gameId: prefix!, pendingId: digest! })).not.toBe(hashed);
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
    expect(() => eventBridgeTimersFromEnv({ SCHEDULE_GROUP: 'g' })).toThrow(/SCHEDULER_ROLE_ARN, TIMER_FUNCTION_ARN, SCHEDULE_DLQ_ARN/);
    // The timer function targets itself: everything else it needs.
    expect(() => eventBridgeTimersFromEnv({ SCHEDULE_GROUP: 'g' }, { target: () => TIMER_ARN })).toThrow(/set SCHEDULER_ROLE_ARN, SCHEDULE_DLQ_ARN$/);
  });

  it('builds an adapter when the stack has set them all', () => {
    const scheduler = eventBridgeTimersFromEnv({
      SCHEDULE_GROUP: config.groupName,
      SCHEDULER_ROLE_ARN: config.roleArn,
      TIMER_FUNCTION_ARN: TIMER_ARN,
      SCHEDULE_DLQ_ARN: config.deadLetterQueueArn,
    });
    expect(scheduler).toBeInstanceOf(EventBridgeTimers);
  });
});
