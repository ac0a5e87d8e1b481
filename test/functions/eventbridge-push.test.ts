import { ConflictException, CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, ThrottlingException } from '@aws-sdk/client-scheduler';
import { describe, expect, it } from 'vitest';
import { EventBridgePushScheduler, pushScheduleName, type PushSchedulerEnv } from '../../functions/notifications/eventbridge-push.js';
import { PushTimerPayload, type PushTimer } from '../../functions/notifications/timers.js';
import type { SchedulerSender } from '../../functions/scheduler/eventbridge.js';
import { recordingSender, serviceError } from '../support/scheduler-sender.js';

const env: PushSchedulerEnv = {
  groupName: 'valeria-push',
  roleArn: 'arn:aws:iam::123456789012:role/SchedulerInvokesPush',
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:PushDeadLetters',
};
const PUSH_ARN = 'arn:aws:lambda:eu-west-1:123456789012:function:Push';
const NOW = Date.parse('2025-03-01T12:00:00.000Z');

const reminder: PushTimer = {
  id: 'rem_abc',
  dueAt: Date.parse('2025-03-01T12:34:56.789Z'),
  payload: { kind: 'reminder', gameId: 'g_1', pendingId: 'p3', seat: 1, playerId: 'pl_1', fraction: 0.8, dueAt: Date.parse('2025-03-01T12:34:56.789Z') },
};
const retry: PushTimer = {
  id: 'whd:msg_1:2',
  dueAt: NOW + 5 * 60_000,
  payload: { kind: 'webhook-delivery', webhookId: 'wh_1', ownerId: 'pl_1', deliveryId: 'msg_1', createdAt: NOW - 10_000 },
};

/** The adapter with SchedulerClient replaced at its `send`, and what it ran at once instead of scheduling. */
function adapter(sender: SchedulerSender, now = NOW) {
  const ranNow: PushTimerPayload[] = [];
  const scheduler = new EventBridgePushScheduler(
    sender,
    env,
    () => PUSH_ARN,
    async (payload) => {
      ranNow.push(payload);
    },
    () => now,
  );
  return { scheduler, ranNow };
}

describe('EventBridge push scheduler (reminders and webhook retries)', () => {
  it('creates one one-time schedule per timer, named from its id, invoking the push function with the payload', async () => {
    const sender = recordingSender();
    await adapter(sender).scheduler.schedule(reminder);
    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]).toBeInstanceOf(CreateScheduleCommand);
    expect(sender.sent[0]!.input).toEqual({
      Name: pushScheduleName('rem_abc'),
      GroupName: 'valeria-push',
      // Scheduler has minute precision: rounded up, never before the timer is due.
      ScheduleExpression: 'at(2025-03-01T12:35:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: PUSH_ARN,
        RoleArn: env.roleArn,
        Input: JSON.stringify(reminder.payload),
        RetryPolicy: { MaximumEventAgeInSeconds: 6 * 60 * 60, MaximumRetryAttempts: 20 },
        DeadLetterConfig: { Arn: env.deadLetterQueueArn },
      },
    });
    // What the push function receives parses back to the timer's payload.
    const input = (sender.sent[0] as CreateScheduleCommand).input.Target!.Input!;
    expect(PushTimerPayload.parse(JSON.parse(input))).toEqual(reminder.payload);
  });

  it('names schedules deterministically, validly and apart', async () => {
    expect(pushScheduleName('rem_abc')).toBe(pushScheduleName('rem_abc'));
    expect(pushScheduleName('rem_abc')).not.toBe(pushScheduleName('rem_abd'));
    for (const id of ['rem_abc', retry.id, 'x'.repeat(500)]) expect(pushScheduleName(id)).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    const sender = recordingSender();
    await adapter(sender).scheduler.schedule(retry);
    expect((sender.sent[0] as CreateScheduleCommand).input).toMatchObject({ Name: pushScheduleName(retry.id), ScheduleExpression: 'at(2025-03-01T12:05:00)' });
  });

  it('runs a timer already due at once in this invocation instead of scheduling it', async () => {
    const sender = recordingSender();
    const { scheduler, ranNow } = adapter(sender);
    await scheduler.schedule({ ...retry, dueAt: NOW });
    await scheduler.schedule({ ...reminder, dueAt: NOW - 1 });
    expect(sender.sent).toEqual([]);
    expect(ranNow).toEqual([retry.payload, reminder.payload]);
  });

  it('treats an existing schedule of the same name as success: scheduling twice leaves one', async () => {
    const sender = recordingSender(undefined, new ConflictException(serviceError('Schedule already exists.')));
    const { scheduler } = adapter(sender);
    await scheduler.schedule(reminder);
    await expect(scheduler.schedule(reminder)).resolves.toBeUndefined();
    const [first, second] = sender.sent as CreateScheduleCommand[];
    expect(second!.input).toEqual(first!.input);
  });

  it('cancels by deleting the schedule of the same name; one already fired or never made is fine', async () => {
    const sender = recordingSender(undefined, new ResourceNotFoundException(serviceError('Schedule not found')));
    const { scheduler } = adapter(sender);
    await scheduler.cancel('rem_abc');
    await expect(scheduler.cancel('rem_gone')).resolves.toBeUndefined();
    expect(sender.sent.map((c) => c.constructor)).toEqual([DeleteScheduleCommand, DeleteScheduleCommand]);
    expect(sender.sent.map((c) => c.input)).toEqual([
      { Name: pushScheduleName('rem_abc'), GroupName: 'valeria-push' },
      { Name: pushScheduleName('rem_gone'), GroupName: 'valeria-push' },
    ]);
  });

  it('lets every other error propagate, so the stream record or the timer is tried again', async () => {
    const throttled = new ThrottlingException(serviceError('Rate exceeded'));
    await expect(adapter(recordingSender(throttled)).scheduler.schedule(reminder)).rejects.toBe(throttled);
    const network = new Error('socket hang up');
    await expect(adapter(recordingSender(network)).scheduler.cancel('rem_abc')).rejects.toBe(network);
  });

  it('refuses to schedule a payload the push function could not parse', async () => {
    const sender = recordingSender();
    const bad = { ...reminder, payload: { ...reminder.payload, fraction: 1.5 } } as PushTimer;
    await expect(adapter(sender).scheduler.schedule(bad)).rejects.toThrow();
    expect(sender.sent).toEqual([]);
  });
});
