import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { EMAILED_TYPES } from '../model/preferences.js';

/**
 * The links every e-mail carries work without signing in: each holds a token
 * signed with the deployment's mail key (HMAC-SHA-256), so nothing but the
 * message it was mailed in can hold it, and nothing of it is stored. Two
 * purposes, never taken for each other:
 *
 * - `confirm`: the player, the nonce of the confirmation outstanding on
 *   their address and its expiry; single use, since confirming clears the
 *   nonce from the record (address.ts);
 * - `unsubscribe`: the player and the list left — one notification type's
 *   e-mail, the daily digest, sign-in links, or (from the confirmation
 *   itself) the address.
 *
 * A sign-in link's secret is not a signed token but a MAC of its nonce
 * alone (`signInSecret`): nothing in it names the player, and the service
 * keeps only its hash (push/email/sign-in-link.ts), found and used up by it.
 */

/** What an unsubscribe link stops. */
export const MAIL_LISTS = [...EMAILED_TYPES, 'digest', 'sign-in', 'address'] as const;
export type MailList = (typeof MAIL_LISTS)[number];

const Confirm = z.strictObject({ k: z.literal('confirm'), p: z.string(), n: z.string(), e: z.number() });
const Unsubscribe = z.strictObject({ k: z.literal('unsubscribe'), p: z.string(), l: z.enum(MAIL_LISTS) });
const Signed = z.discriminatedUnion('k', [Confirm, Unsubscribe]);
type Signed = z.infer<typeof Signed>;

/** The mail key derives from the deployment's seed (the secret VAPID keys derive from, under another label). */
export const mailKeyFromSeed = (seed: string): Uint8Array => createHmac('sha256', seed).update('valeria-mail-links').digest();

const mac = (key: Uint8Array, payload: string) => createHmac('sha256', key).update(payload).digest();

function sign(key: Uint8Array, fields: Signed): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

function verify(key: Uint8Array, token: string): Signed | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = Signed.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The secret of the sign-in link mailed with `nonce`: derived when the e-mail is rendered, so the stored delivery holds only the nonce. */
export const signInSecret = (key: Uint8Array, nonce: string): string => mac(key, `sign-in-link:${nonce}`).toString('base64url');

export const confirmToken = (key: Uint8Array, playerId: string, nonce: string, expiresAt: number) =>
  sign(key, { k: 'confirm', p: playerId, n: nonce, e: expiresAt });

export const unsubscribeToken = (key: Uint8Array, playerId: string, list: MailList) => sign(key, { k: 'unsubscribe', p: playerId, l: list });

export function readConfirmToken(key: Uint8Array, token: string): { playerId: string; nonce: string; expiresAt: number } | null {
  const fields = verify(key, token);
  return fields?.k === 'confirm' ? { playerId: fields.p, nonce: fields.n, expiresAt: fields.e } : null;
}

/** The player a link of either purpose was mailed to, or null for a token we did not sign (the page it opens speaks their language). */
export const linkPlayer = (key: Uint8Array, token: string): string | null => verify(key, token)?.p ?? null;

export function readUnsubscribeToken(key: Uint8Array, token: string): { playerId: string; list: MailList } | null {
  const fields = verify(key, token);
  return fields?.k === 'unsubscribe' ? { playerId: fields.p, list: fields.l } : null;
}
