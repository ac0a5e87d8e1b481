import type { PushContext } from '../context.js';
import { derivedId } from '../model/derive.js';
import { chooses } from '../model/preferences.js';
import type { BatchReads } from '../notify/batch-reads.js';
import { deliverable, type PushSink } from '../notify/channels.js';
import type { Outbox } from '../outbox/port.js';
import type { NewDelivery } from '../webhooks/courier.js';
import { emailDelivery, emailTarget, mailable, queueMail } from './deliveries.js';
import { isEmailed } from './message.js';

/**
 * A sink that queues an e-mail for each notification of the types e-mail
 * carries, to its addressee's confirmed address, where their preferences'
 * `email` cell for the type is on — unless the commit's answer told them
 * already (deliverable: they just moved) — in the outbox (nothing is sent or
 * written here: the courier records it with its first attempt). Records and preferences are read eventually consistent, as
 * the other channels read theirs; preferences only for players with a
 * confirmed address.
 */
export function emailSink(ctx: PushContext, outbox: Outbox): PushSink {
  return async (derived, observed, reads: BatchReads) => {
    if (ctx.pushPolicy.email === null) return;
    const due: NewDelivery[] = [];
    for (const { playerId, notification } of deliverable(derived, observed)) {
      if (!isEmailed(notification)) continue;
      const record = await reads.email(playerId);
      if (!record || !mailable(record)) continue;
      if (!chooses(await reads.preferences(playerId), notification.type, 'email')) continue;
      const id = derivedId('msg', emailTarget(playerId), notification.id);
      due.push(emailDelivery(record, { kind: 'notice', notification }, id, Date.parse(notification.at), notification.type));
    }
    await queueMail(outbox, due);
  };
}
