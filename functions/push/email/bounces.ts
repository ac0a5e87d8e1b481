import * as z from 'zod';
import { speaking } from '../../service/speak.js';
import type { PushContext } from '../context.js';
import { readerLanguage } from '../notify/feed.js';
import { DISABLED_ADDRESS } from './sentences.js';
import { PLAYER_TAG } from './ses.js';

/**
 * SES's bounce and complaint events, as its configuration set publishes them
 * to EventBridge (`detail` is the SES event): a permanent bounce or a
 * complaint disables the address it names, for the player the message was
 * tagged with (ses.ts), if that is still their address. A transient bounce
 * (a full mailbox) changes nothing: the delivery was sent, and the next may
 * get through.
 */
const Recipients = z.array(z.object({ emailAddress: z.string() }));
export const SesEvent = z.object({
  detail: z.object({
    eventType: z.string(),
    mail: z.object({ tags: z.record(z.string(), z.array(z.string())).optional() }),
    bounce: z.object({ bounceType: z.string(), bounceSubType: z.string().optional(), bouncedRecipients: Recipients }).optional(),
    complaint: z.object({ complainedRecipients: Recipients, complaintFeedbackType: z.string().optional() }).optional(),
  }),
});
export type SesEvent = z.infer<typeof SesEvent>;

/** The addresses an event stops mail to, and why (a sentence of DISABLED_ADDRESS and SES's kind of bounce); none for an event that stops nothing. */
function stopped(event: SesEvent): { readonly addresses: readonly string[]; readonly why: 'bounced' | 'complained'; readonly kind: string } | null {
  const { bounce, complaint, eventType } = event.detail;
  if (eventType === 'Bounce' && bounce?.bounceType === 'Permanent')
    return { addresses: bounce.bouncedRecipients.map((r) => r.emailAddress), why: 'bounced', kind: bounce.bounceSubType ?? 'permanent' };
  if (eventType === 'Complaint' && complaint) return { addresses: complaint.complainedRecipients.map((r) => r.emailAddress), why: 'complained', kind: '' };
  return null;
}

/** Handles one event; true when it disabled an address. */
export async function disableFromSesEvent(ctx: PushContext, input: unknown): Promise<boolean> {
  const parsed = SesEvent.safeParse(input);
  if (!parsed.success) return false;
  const stop = stopped(parsed.data);
  const playerId = parsed.data.detail.mail.tags?.[PLAYER_TAG]?.[0];
  if (!stop || !playerId) return false;
  const record = await ctx.push.getEmail(playerId, 'strong');
  if (!record || record.disabled || !stop.addresses.some((address) => address.toLowerCase() === record.address.toLowerCase())) return false;
  // Worded in the player's language when it happens (shown with the address on Account).
  const reason = speaking(DISABLED_ADDRESS, await readerLanguage(ctx, playerId, record.language))(stop.why, { kind: stop.kind });
  return ctx.push.rewriteEmail(record, { ...record, disabled: { at: ctx.clock(), reason } });
}
