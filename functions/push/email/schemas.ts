import * as z from 'zod';

/** The HTTP shapes of the e-mail routes. */

/** Whether the runtime knows a time zone (IANA names: `Europe/Paris`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, 'must be an IANA time zone, such as Europe/Paris')
  .describe('Your time zone (IANA name): the digest’s hour and day are yours, and deadlines in e-mails are shown in it.');
const DigestHour = z.number().int().min(0).max(23).describe('The hour of your day (0–23) the daily digest is sent at.');

export const EmailChange = z
  .strictObject({
    address: z
      .email()
      .max(254)
      .describe('Where to send your notices. A new address gets a confirmation link first; nothing else is sent until it is followed.'),
    timeZone: TimeZone.optional().describe('Your time zone (IANA name); `UTC` when never given.'),
    digestHour: DigestHour.optional().describe('The hour of your day the digest is sent at; 8 when never given.'),
    digest: z.boolean().optional().describe('Whether the daily digest is sent; on when never given.'),
  })
  .meta({ id: 'EmailChange', example: { address: 'ann@example.org', timeZone: 'Europe/Paris', digestHour: 8, digest: true } });
export type EmailChange = z.infer<typeof EmailChange>;

const Instant = z.iso.datetime();

export const EmailSettings = z
  .object({
    address: z.string(),
    confirmed: z.boolean().describe('Whether the confirmation link was followed: until then, nothing but the confirmation is sent.'),
    confirmedAt: Instant.nullable(),
    timeZone: z.string(),
    digestHour: DigestHour,
    digest: z.boolean(),
    disabled: z
      .object({ at: Instant, reason: z.string() })
      .nullable()
      .describe('Set when mail to the address bounced for good or was marked as spam: nothing is sent until you set an address again.'),
  })
  .meta({
    id: 'EmailSettings',
    example: {
      address: 'ann@example.org',
      confirmed: true,
      confirmedAt: '2026-11-26T09:12:00.000Z',
      timeZone: 'Europe/Paris',
      digestHour: 8,
      digest: true,
      disabled: null,
    },
  });

export const EmailLinkQuery = z.object({
  token: z
    .string()
    .min(1)
    .max(512)
    .meta({ param: { name: 'token', in: 'query' }, description: 'The signed token of the e-mail’s link.', example: 'eyJrIjoidW5zdWJzY3JpYmUi….Qm9vdHN0cmFw' }),
});

export const SignInLinkRequest = z
  .strictObject({
    address: z.email().max(254).describe('The confirmed e-mail address of your account (compared without regard to case).'),
  })
  .meta({ id: 'SignInLinkRequest', example: { address: 'ann@example.org' } });

export const SignInLinkRequested = z
  .object({
    expiresInSeconds: z.number().int().describe('How long a link mailed now works.'),
    detail: z
      .string()
      .describe(
        'What happens next, in words, in the language `Accept-Language` asks for (`Content-Language` says which): the same whether or not the address belongs to an account.',
      ),
  })
  .meta({
    id: 'SignInLinkRequested',
    example: {
      expiresInSeconds: 900,
      detail:
        'If ann@example.org is the confirmed address of an account, a sign-in link is on its way. It signs in the browser it is opened in, once, within 15 minutes.',
    },
  });
