import type { TimerHandlers } from '../../timers/fire.js';
import type { PushContext } from '../context.js';
import type { Addressed } from '../model/derive.js';
import { passOn, type PushSink } from '../notify/channels.js';
import type { Outbox } from '../outbox/port.js';
import { fireReminder } from '../reminders/reminders.js';
import { retryMessage } from '../webhooks/courier.js';

/**
 * What push's timers do when they fire, in process or on AWS: a reminder
 * (the notification handed to `sinks`), or a webhook delivery's next attempt,
 * which goes back to the outbox (attempts never run in a timer's firing
 * either). Idempotent, like every handler of a timer.
 */
export function pushTimerHandlers(ctx: PushContext, sinks: readonly PushSink[], outbox: Outbox): Pick<TimerHandlers, 'reminder' | 'webhook-delivery'> {
  const passOnSent = async (sent: Addressed | null) => {
    if (sent) await passOn(sinks, { notifications: [sent], notices: [] }, null);
  };
  return {
    reminder: async (payload) => passOnSent(await fireReminder(ctx, payload)),
    'webhook-delivery': (payload) => outbox.enqueue([retryMessage(payload)]),
  };
}
