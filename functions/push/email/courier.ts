import type { Timers } from '../../timers/port.js';
import type { PushContext } from '../context.js';
import { readerLanguage } from '../notify/feed.js';
import type { AttemptOutcome, Courier } from '../outbox/port.js';
import type { EmailRecord } from '../store/port.js';
import { closeDelivery, deferDelivery, dueDelivery, giveUp, planNextAttempt } from '../webhooks/courier.js';
import type { StoredMail } from './deliveries.js';
import { MailRefused } from './mailer.js';
import { renderMail } from './message.js';

/**
 * The e-mail channel's courier: each queued e-mail rendered (its links
 * signed now, its words in the player's language) and handed to the mailer, if its address is still the
 * player's, not disabled, and confirmed (the confirmation itself excepted).
 * A refusal for good (`MailRefused`) closes the delivery; any other failure
 * (a server away, a 4xx, SES throttling) is retried on the webhooks'
 * schedule, as browser push is.
 */

/** Why the delivery can no longer go, or null. */
function gone(record: EmailRecord | null, mail: StoredMail): string | null {
  if (!record || record.address !== mail.to) return 'address removed or changed';
  if (record.disabled) return 'address disabled';
  if (mail.content.kind !== 'confirmation' && record.confirmedAt === null) return 'address not confirmed';
  return null;
}

export function emailCourier(ctx: PushContext, timers: Timers): Courier {
  return {
    async attempt(message): Promise<AttemptOutcome> {
      const now = ctx.clock();
      const due = await dueDelivery(ctx, message, now);
      if (!due) return 'stale';
      const { delivery } = due;
      const mail = JSON.parse(delivery.body) as StoredMail;
      const record = await ctx.push.getEmail(message.ownerId, 'strong');
      const email = ctx.pushPolicy.email;
      const why = email?.mailer ? gone(record, mail) : 'no mailer here';
      if (why !== null || !record || !email?.mailer) return giveUp(ctx, due, now, why, !record);
      const setting = { from: email.from, appUrl: ctx.pushPolicy.appUrl ?? '', key: await email.key() };
      // Written at each attempt in the language the player reads now: their preferences', else their browser's when they set the address.
      const language = await readerLanguage(ctx, record.playerId, record.language);
      try {
        await email.mailer.send(renderMail(mail.content, { playerId: record.playerId, address: mail.to, timeZone: record.timeZone, language }, setting));
      } catch (error) {
        const attempts = [...delivery.attempts, { at: now, status: null, error: error instanceof Error ? error.message : 'unknown' }];
        if (error instanceof MailRefused || !(await planNextAttempt(ctx, timers, 'email', due, attempts, {}, now)))
          await closeDelivery(ctx, due, 'failed', attempts);
        return 'failed';
      }
      await closeDelivery(ctx, due, 'delivered', [...delivery.attempts, { at: now, status: null, error: null }]);
      return 'delivered';
    },
    defer: (message, until) => deferDelivery(ctx, timers, message, until),
  };
}
