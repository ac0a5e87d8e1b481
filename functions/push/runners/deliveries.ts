import type { Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import type { Addressed } from '../model/derive.js';
import { batchReads } from '../notify/batch-reads.js';
import { passOn, type PushSink } from '../notify/channels.js';
import { Dispatcher } from '../outbox/dispatcher.js';
import { webhookCourier } from '../webhooks/courier.js';
import { webPushCourier } from '../webpush/courier.js';
import { emailCourier } from '../email/courier.js';

/**
 * What drains the outbox, in process or in the delivery function on AWS:
 * each channel's courier (webhooks, browser push, e-mail) behind one dispatcher, which keeps
 * targets apart. A notification a courier causes (a subscription disabled) is
 * handed to `sinks`, like any other.
 */
export function deliveryDispatcher(ctx: PushContext, timers: Timers, sinks: readonly PushSink[]): Dispatcher {
  const sent = (addressed: Addressed) => passOn(sinks, { notifications: [addressed], notices: [] }, null, batchReads(ctx));
  const couriers = { webhook: webhookCourier(ctx, timers, sent), 'web-push': webPushCourier(ctx, timers), email: emailCourier(ctx, timers) };
  return new Dispatcher(couriers, ctx.clock, ctx.pushPolicy.dispatch);
}
