import type { CreateScheduleCommand, DeleteScheduleCommand, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import type { EventBridgeTimersConfig, SchedulerSender } from '../../functions/timers/eventbridge.js';

type Command = CreateScheduleCommand | UpdateScheduleCommand | DeleteScheduleCommand;

/**
 * Stands in for SchedulerClient at its `send` boundary: records every command
 * and answers each with the next scripted outcome (success by default).
 */
export function recordingSender(...outcomes: Array<Error | undefined>): SchedulerSender & { sent: Command[] } {
  const sent: Command[] = [];
  return {
    sent,
    async send(command) {
      sent.push(command);
      const outcome = outcomes.shift();
      if (outcome) throw outcome;
      return {};
    },
  };
}

/** What the SDK passes to a service exception it deserialised. */
export function serviceError(message: string) {
  return { message, Message: message, $metadata: {} };
}

/** The timer function every schedule targets, and where the adapter under test puts its schedules. */
export const TIMER_ARN = 'arn:aws:lambda:eu-west-1:123456789012:function:Timer';
export const config: EventBridgeTimersConfig = {
  groupName: 'valeria-timers',
  roleArn: 'arn:aws:iam::123456789012:role/SchedulerInvokesTimer',
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:TimerDeadLetters',
  target: () => TIMER_ARN,
};
