import { randomBytes, randomInt } from 'node:crypto';
import { isoInstant } from '../../../core/table/index.js';
import { issueAccessToken } from '../../service/access-tokens.js';
import { fail } from '../../service/errors.js';
import { sha256Hex } from '../../service/ids.js';
import type { DeviceSignedIn } from '../../service/passkeys.js';
import { ALL_SCOPES } from '../../service/scopes.js';
import type { PushContext } from '../context.js';
import { derivedId } from '../model/derive.js';
import { addressKey, requireEmail, type MailDesk } from './address.js';
import { emailDelivery, emailTarget, mailable, queueMail } from './deliveries.js';
import { signInSecret } from './tokens.js';

/**
 * Signing in on another browser through a one-time link mailed to the
 * player's confirmed address (issue 25, item 6): the person types the
 * address on the sign-in page, the link arrives, and opening it signs that
 * browser in with a token of its own, a device's like a passkey's (listed on
 * Account with its last use, revocable).
 *
 * - The answer to asking is the same whether the address belongs to an
 *   account or not, and whatever its state: only a confirmed, working
 *   address whose owner did not stop sign-in links is mailed.
 * - An address is mailed at most SIGN_IN_LINKS_PER_ADDRESS links in a link's
 *   lifetime, counted for every address asked about (so the limit, too,
 *   tells nothing); the caller's network address is held by the sign-in
 *   rate limit of every `POST /v1/sign-in/…` (functions/app/rate-limits.ts).
 * - The secret is a MAC of a fresh nonce under the mail key, made when the
 *   e-mail is rendered (tokens.ts): the delivery stores the nonce, the
 *   service only the secret's sha256, kept as a one-time challenge (the
 *   passkeys' store, purpose `email-link`). Using it marks that challenge
 *   answered by one conditional write: a second use, or the loser of two
 *   racing, is refused `409 sign-in-link-used`.
 */

/** How long a sign-in link works: long enough to open the mail on another device, short enough that an old mailbox holds no key. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** Most links mailed to one address in one window of SIGN_IN_LINK_TTL_MS. */
export const SIGN_IN_LINKS_PER_ADDRESS = 3;

/**
 * Mails a sign-in link to `address` if it is a player's confirmed, working
 * address; otherwise does nothing, answering the same. Refused only by the
 * per-address limit (`429 too-many-sign-in-links`), which counts every
 * address alike.
 */
export async function requestSignInLink(ctx: PushContext, desk: MailDesk | undefined, address: string): Promise<void> {
  const { email, desk: parts } = requireEmail(ctx, desk);
  const now = ctx.clock();
  const key = addressKey(address);
  const windowStart = Math.floor(now / SIGN_IN_LINK_TTL_MS) * SIGN_IN_LINK_TTL_MS;
  if (!(await ctx.push.takeAllowance(`SIGNIN-${key}`, windowStart, randomInt(2 ** 47), SIGN_IN_LINKS_PER_ADDRESS)))
    throw fail('too-many-sign-in-links', { limit: SIGN_IN_LINKS_PER_ADDRESS });
  const playerId = await ctx.push.addressOwner(key);
  const record = playerId === null ? null : await ctx.push.getEmail(playerId, 'strong');
  // The index may lag a change of address: the player's own record decides.
  if (!record || addressKey(record.address) !== key || !mailable(record) || record.signInLinks === false) return;
  const nonce = randomBytes(16).toString('base64url');
  const expiresAt = now + SIGN_IN_LINK_TTL_MS;
  await ctx.store.putPasskeyChallenge({
    challenge: sha256Hex(signInSecret(await email.key(), nonce)),
    purpose: 'email-link',
    playerId: record.playerId,
    expiresAt,
  });
  const id = derivedId('msg', emailTarget(record.playerId), 'sign-in', nonce);
  await queueMail(parts.outbox, [emailDelivery(record, { kind: 'sign-in', nonce, expiresAt }, id, now, 'email-sign-in')]);
}

/**
 * Signs a browser in with a link's secret: once (`409 sign-in-link-used`),
 * within its lifetime (`400 sign-in-link-expired`), a secret we mailed
 * (`404 sign-in-link-unknown`). The browser gets its own token, holding
 * every scope, labelled `device`.
 */
export async function signInWithEmailLink(ctx: PushContext, desk: MailDesk | undefined, secret: string, device: string): Promise<DeviceSignedIn> {
  requireEmail(ctx, desk);
  const taken = await ctx.store.takePasskeyChallenge(sha256Hex(secret));
  if (taken.status === 'unknown' || taken.challenge.purpose !== 'email-link' || taken.challenge.playerId === null) throw fail('sign-in-link-unknown');
  if (taken.status === 'used') throw fail('sign-in-link-used');
  if (taken.challenge.expiresAt <= ctx.clock()) throw fail('sign-in-link-expired', { expiredAt: isoInstant(taken.challenge.expiresAt) });
  const player = await ctx.store.getPlayer(taken.challenge.playerId);
  if (!player) throw fail('sign-in-link-unknown');
  const issued = await issueAccessToken(ctx, player.playerId, { label: device, scopes: ALL_SCOPES, expiresAt: null, device: { method: 'email-link' } });
  return { player, issued };
}
