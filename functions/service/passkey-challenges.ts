import { isoInstant } from '../../core/table/index.js';
import type { PasskeyChallenge, PlayerId } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';

/** How long a challenge may be answered: the browser's prompt and the person's gesture. */
export const PASSKEY_CHALLENGE_SECONDS = 300;

/** Keeps a challenge just issued, for `purpose` (and, registering, for `playerId`), until it expires. */
export async function keepChallenge(ctx: ServiceContext, challenge: string, purpose: PasskeyChallenge['purpose'], playerId: PlayerId | null): Promise<void> {
  await ctx.store.putPasskeyChallenge({ challenge, purpose, playerId, expiresAt: ctx.clock() + PASSKEY_CHALLENGE_SECONDS * 1000 });
}

/**
 * The challenge a browser's answer signs (read from its client data, before
 * anything is verified), marked answered here, once, whatever comes next: a
 * replayed answer finds it used (`409 passkey-challenge-used`). Refused too
 * when this service never issued it for this purpose and this player
 * (`400 passkey-challenge-unknown`) or it expired (`400
 * passkey-challenge-expired`).
 */
export async function answerChallenge(
  ctx: ServiceContext,
  clientDataJSON: string,
  purpose: PasskeyChallenge['purpose'],
  playerId: PlayerId | null,
): Promise<string> {
  const signed = signedChallenge(clientDataJSON);
  const taken = await ctx.store.takePasskeyChallenge(signed);
  if (taken.status === 'unknown' || taken.challenge.purpose !== purpose || taken.challenge.playerId !== playerId) throw fail('passkey-challenge-unknown');
  if (taken.status === 'used') throw fail('passkey-challenge-used');
  if (taken.challenge.expiresAt <= ctx.clock()) throw fail('passkey-challenge-expired', { expiredAt: isoInstant(taken.challenge.expiresAt) });
  return signed;
}

/** The `challenge` of a WebAuthn client data JSON (base64url); the verification checks the rest of it. */
function signedChallenge(clientDataJSON: string): string {
  let challenge: unknown;
  try {
    challenge = (JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge;
  } catch {
    throw fail('passkey-not-verified', { why: 'its client data is not base64url-encoded JSON' });
  }
  if (typeof challenge !== 'string' || challenge.length === 0 || challenge.length > 128) throw fail('passkey-challenge-unknown');
  return challenge;
}
