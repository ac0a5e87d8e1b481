import type { TimerHandlers } from '../../timers/fire.js';
import type { Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import type { Addressed } from '../model/derive.js';
import { passOn, type PushSink } from '../notify/channels.js';
import { fireReminder } from '../reminders/reminders.js';
import { attemptDelivery } from '../webhooks/webhooks.js';

/**
 * What push's timers do when they fire, in process or on AWS: a reminder, or
 * a webhook delivery's next attempt; a notification either one sends (the
 * reminder, or a subscription disabled) is handed to `sinks`. Idempotent,
 * like every handler of a timer.
 */
export function pushTimerHandlers(ctx: PushContext, timers: Timers, sinks: readonly PushSink[]): Pick<TimerHandlers, 'reminder' | 'webhook-delivery'> {
  const passOnSent = async (sent: Addressed | null) => {
    if (sent) await passOn(sinks, { notifications: [sent], notices: [] }, null);
  };
  return {
    reminder: async (payload) => passOnSent(await fireReminder(ctx, payload)),
    'webhook-delivery': async (payload) => passOnSent(await attemptDelivery(ctx, ctx.pushPolicy, timers, payload)),
  };
}
