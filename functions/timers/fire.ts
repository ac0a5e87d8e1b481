import type {
  AutomatchPayload,
  AutomatchSweepPayload,
  DeadlinePayload,
  DigestPayload,
  ReminderPayload,
  Timer,
  TimerPayload,
  WebhookDeliveryPayload,
} from './port.js';

/** Where a game stands after a deadline firing: its version, and the deadline it waits on next. */
export interface DeadlineSettled {
  readonly version: number;
  readonly next: Timer<DeadlinePayload> | null;
}

/** What each kind of timer does when it fires (the service's deadlines and automatch passes, push's reminders, retries and e-mail digests); each is idempotent. */
export interface TimerHandlers {
  deadline(payload: DeadlinePayload): Promise<DeadlineSettled>;
  reminder(payload: ReminderPayload): Promise<void>;
  'webhook-delivery'(payload: WebhookDeliveryPayload): Promise<void>;
  automatch(payload: AutomatchPayload): Promise<void>;
  'automatch-sweep'(payload: AutomatchSweepPayload): Promise<void>;
  'email-digest'(payload: DigestPayload): Promise<void>;
}

/** The one handler of every firing, in process and on AWS: the payload's kind picks what runs. A deadline says where its game stands. */
export async function fireTimer(handlers: TimerHandlers, payload: TimerPayload): Promise<DeadlineSettled | null> {
  switch (payload.kind) {
    case 'deadline':
      return handlers.deadline(payload);
    case 'reminder':
      await handlers.reminder(payload);
      return null;
    case 'webhook-delivery':
      await handlers['webhook-delivery'](payload);
      return null;
    case 'automatch':
      await handlers.automatch(payload);
      return null;
    case 'automatch-sweep':
      await handlers['automatch-sweep'](payload);
      return null;
    case 'email-digest':
      await handlers['email-digest'](payload);
      return null;
  }
}
