import type { TimerHandlers } from '../../timers/fire.js';
import type { Timers } from '../../timers/port.js';
import { fireDigest } from '../email/digest.js';
import type { PushContext } from '../context.js';
import type { Addressed } from '../model/derive.js';
import { batchReads } from '../notify/batch-reads.js';
import { passOn, type PushSink } from '../notify/channels.js';
import type { Outbox } from '../outbox/port.js';
import { fireReminder } from '../reminders/reminders.js';
import { retryMessage } from '../webhooks/courier.js';

/**
 * What push's timers do when they fire, in process or on AWS: a reminder
 * (the notification handed to `sinks`), a delivery's next attempt, which
 * goes back to the outbox (attempts never run in a timer's firing either),
 * or a daily digest (its e-mail queued in the outbox, the next day's planned
 * on `timers`). Idempotent, like every handler of a timer.
 */
export function pushTimerHandlers(
  ctx: PushContext,
  sinks: readonly PushSink[],
  outbox: Outbox,
  timers: Timers,
): Pick<TimerHandlers, 'reminder' | 'webhook-delivery' | 'email-digest'> {
  const passOnSent = async (sent: Addressed | null) => {
    if (sent) await passOn(sinks, { notifications: [sent], notices: [] }, null, batchReads(ctx));
  };
  return {
    reminder: async (payload) => passOnSent(await fireReminder(ctx, payload)),
    'webhook-delivery': (payload) => outbox.enqueue([retryMessage(payload)]),
    'email-digest': (payload) => fireDigest(ctx, timers, outbox, payload),
  };
}
