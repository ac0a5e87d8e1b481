import type { ServiceContext } from '../service/context.js';
import type { PushSink } from './local.js';
import { fireReminder } from './reminders.js';
import type { PushScheduler, PushTimerPayload } from './timers.js';
import { attemptDelivery } from './webhooks.js';

/** What a push timer does when it fires, locally or on AWS. Idempotent like every handler of a timer. */
export async function onPushTimer(ctx: ServiceContext, scheduler: PushScheduler, payload: PushTimerPayload, sinks: readonly PushSink[]): Promise<void> {
  const sent = payload.kind === 'reminder' ? await fireReminder(ctx, payload) : await attemptDelivery(ctx, ctx.pushPolicy, scheduler, payload);
  if (sent) for (const sink of sinks) await sink({ notifications: [sent], notices: [] }, null);
}
