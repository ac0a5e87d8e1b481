import type { ServiceContext } from '../service/context.js';
import type { PushSink } from './local.js';
import { fireReminder } from './reminders.js';
import type { PushTimerPayload } from './timers.js';

/** What a push timer does when it fires, locally or on AWS. Idempotent like every handler of a timer. */
export async function onPushTimer(ctx: ServiceContext, payload: PushTimerPayload, sinks: readonly PushSink[]): Promise<void> {
  switch (payload.kind) {
    case 'reminder': {
      const sent = await fireReminder(ctx, payload);
      if (sent) for (const sink of sinks) await sink({ notifications: [sent], notices: [] }, null);
      return;
    }
  }
}
