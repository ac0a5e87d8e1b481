import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  ThrottlingException,
  UpdateScheduleCommand,
} from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import { EventBridgeTimers, scheduleName, type SchedulerSender } from '../../functions/timers/eventbridge.js';
import { readTimerPayload, type Timer, type TimerPayload } from '../../functions/timers/port.js';
import { config, recordingSender, serviceError, TIMER_ARN } from '../support/scheduler-sender.js';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

const reminder: Timer = {
  id: 'rem_abc',
  dueAt: Date.parse('2025-03-01T12:34:56.789Z'),
  payload: { kind: 'reminder', gameId: 'g_1', pendingId: 'p3', seat: 1, playerId: 'pl_1', fraction: 0.8, dueAt: Date.parse('2025-03-01T12:34:56.789Z') },
};
const retry: Timer = {
  id: 'whd:msg_1:2',
  dueAt: NOW + 5 * 60_000,
  payload: { kind: 'webhook-delivery', webhookId: 'wh_1', ownerId: 'pl_1', deliveryId: 'msg_1', createdAt: NOW - 10_000 },
};

/** The adapter with SchedulerClient replaced at its `send`, and what it ran at once instead of scheduling. */
function adapter(sender: SchedulerSender, now = NOW) {
  const ranNow: TimerPayload[] = [];
  const scheduler = new EventBridgeTimers(
    sender,
    config,
    () => now,
    async (timer) => {
      ranNow.push(timer.payload);
    },
  );
  return { scheduler, ranNow };
}

describe('EventBridge timers: reminders and webhook retries', () => {
  it('creates one one-time schedule per timer, named from its id, invoking the timer function with the payload', async () => {
    const sender = recordingSender();
    await adapter(sender).scheduler.schedule(reminder);
    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]).toBeInstanceOf(CreateScheduleCommand);
    expect(sender.sent[0]!.input).toEqual({
      Name: scheduleName('rem_abc'),
      GroupName: 'valeria-timers',
      // Scheduler has minute precision: rounded up, never before the timer is due.
      ScheduleExpression: 'at(2025-03-01T12:35:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: TIMER_ARN,
        RoleArn: config.roleArn,
        Input: JSON.stringify(reminder.payload),
        RetryPolicy: { MaximumEventAgeInSeconds: 6 * 60 * 60, MaximumRetryAttempts: 20 },
        DeadLetterConfig: { Arn: config.deadLetterQueueArn },
      },
    });
    // What the timer function receives parses back to the timer's payload.
    const input = (sender.sent[0] as CreateScheduleCommand).input.Target!.Input!;
    expect(readTimerPayload(JSON.parse(input))).toEqual(reminder.payload);
  });

  it('names schedules deterministically, validly and apart', async () => {
    expect(scheduleName('rem_abc')).toBe(scheduleName('rem_abc'));
    expect(scheduleName('rem_abc')).not.toBe(scheduleName('rem_abd'));
    expect(scheduleName(retry.id)).not.toBe(scheduleName('whd:msg_1:3'));
    for (const id of ['rem_abc', retry.id, 'x'.repeat(500)]) expect(scheduleName(id)).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    const sender = recordingSender();
    await adapter(sender).scheduler.schedule(retry);
    expect((sender.sent[0] as CreateScheduleCommand).input).toMatchObject({ Name: scheduleName(retry.id), ScheduleExpression: 'at(2025-03-01T12:05:00)' });
  });

  it('runs a timer already due at once in this invocation instead of scheduling it', async () => {
    const sender = recordingSender();
    const { scheduler, ranNow } = adapter(sender);
    await scheduler.schedule({ ...retry, dueAt: NOW });
    await scheduler.schedule({ ...reminder, dueAt: NOW - 1 });
    expect(sender.sent).toEqual([]);
    expect(ranNow).toEqual([retry.payload, reminder.payload]);
  });

  it('meets an existing schedule of the same name by updating it to the same: scheduling twice leaves one', async () => {
    const sender = recordingSender(undefined, new ConflictException(serviceError('Schedule already exists.')));
    const { scheduler } = adapter(sender);
    await scheduler.schedule(reminder);
    await expect(scheduler.schedule(reminder)).resolves.toBeUndefined();
    const [first, second, update] = sender.sent as CreateScheduleCommand[];
    expect(second!.input).toEqual(first!.input);
    expect(update).toBeInstanceOf(UpdateScheduleCommand);
    expect(update!.input).toEqual(first!.input);
  });

  it('cancels by deleting the schedule of the same name; one already fired or never made is fine', async () => {
    const sender = recordingSender(undefined, new ResourceNotFoundException(serviceError('Schedule not found')));
    const { scheduler } = adapter(sender);
    await scheduler.cancel('rem_abc');
    await expect(scheduler.cancel('rem_gone')).resolves.toBeUndefined();
    expect(sender.sent.map((c) => c.constructor)).toEqual([DeleteScheduleCommand, DeleteScheduleCommand]);
    expect(sender.sent.map((c) => c.input)).toEqual([
      { Name: scheduleName('rem_abc'), GroupName: 'valeria-timers' },
      { Name: scheduleName('rem_gone'), GroupName: 'valeria-timers' },
    ]);
  });

  it('lets every other error propagate, so the stream record or the timer is tried again', async () => {
    const throttled = new ThrottlingException(serviceError('Rate exceeded'));
    await expect(adapter(recordingSender(throttled)).scheduler.schedule(reminder)).rejects.toBe(throttled);
    const network = new Error('socket hang up');
    await expect(adapter(recordingSender(network)).scheduler.cancel('rem_abc')).rejects.toBe(network);
  });

  it('refuses to schedule a payload the timer function could not parse', async () => {
    const sender = recordingSender();
    const bad = { ...reminder, payload: { ...reminder.payload, fraction: 1.5 } } as Timer;
    await expect(adapter(sender).scheduler.schedule(bad)).rejects.toThrow();
    expect(sender.sent).toEqual([]);
  });
});
