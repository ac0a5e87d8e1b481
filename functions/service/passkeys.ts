import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { PasskeyConflictError, PasskeyLimitError, type PasskeyRecord, type PlayerRecord } from '../store/port.js';
import { issueAccessToken, type NewAccessToken } from './access-tokens.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { answerChallenge, keepChallenge, PASSKEY_CHALLENGE_SECONDS } from './passkey-challenges.js';
import type { Caller } from './players.js';
import type { RelyingParty } from './relying-party.js';
import { ALL_SCOPES } from './scopes.js';

/**
 * Passkeys (WebAuthn): a person registers one from a signed-in browser, then
 * signs in with it on another device, which gets a token of its own (an
 * access token holding every scope, labelled with the device) that the
 * Account page lists and revokes. Sign-in is username-less: the passkey is a
 * discoverable credential whose user handle is the player id, so the browser
 * offers the person's passkeys for this site and the answer names the
 * account. A passkey signs in with every scope, so registering one needs a
 * token holding every scope (the operations declare them all,
 * functions/app/routes/passkeys.ts): a narrowed token cannot widen itself
 * through a passkey. The verification is @simplewebauthn/server's, loaded the first
 * time a passkey is used (it stays out of every other request's cold start).
 */

/** Most passkeys a player keeps. */
export const MAX_PASSKEYS = 10;

const webauthn = () => import('@simplewebauthn/server');

function relyingParty(ctx: ServiceContext): RelyingParty {
  if (!ctx.relyingParty) throw fail('passkeys-unavailable');
  return ctx.relyingParty;
}

/** The options of `navigator.credentials.create`: a discoverable credential for this player, none of theirs again. */
export async function passkeyRegistrationOptions(ctx: ServiceContext, caller: Caller): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx);
  const { player } = caller;
  const held = await ctx.store.listPasskeys(player.playerId);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: player.name,
    userDisplayName: player.name,
    userID: new TextEncoder().encode(player.playerId),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: held.map((passkey) => ({ id: passkey.credentialId, transports: transportsOf(passkey) })),
    // Discoverable: signing in needs no name, the passkey names the account.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, options.challenge, 'register', player.playerId);
  return options;
}

/** Verifies the browser's new credential against the challenge issued to this player, and keeps it as a passkey named `name`. */
export async function registerPasskey(ctx: ServiceContext, caller: Caller, response: RegistrationResponseJSON, name: string): Promise<PasskeyRecord> {
  const rp = relyingParty(ctx);
  const { playerId } = caller.player;
  const challenge = await answerChallenge(ctx, response.response.clientDataJSON, 'register', playerId);
  const checked = await verified(async () =>
    (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      requireUserVerification: false,
    }),
  );
  if (!checked.verified) throw fail('passkey-not-verified', { why: 'the attestation does not verify' });
  const { credential, credentialDeviceType, credentialBackedUp } = checked.registrationInfo;
  const passkey: PasskeyRecord = {
    playerId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name,
    createdAt: ctx.clock(),
    lastUsedAt: null,
  };
  try {
    await ctx.store.createPasskey(passkey, MAX_PASSKEYS);
  } catch (error) {
    if (error instanceof PasskeyLimitError) throw fail('too-many-passkeys', { max: error.limit });
    if (error instanceof PasskeyConflictError) throw fail('passkey-already-registered');
    throw error;
  }
  return passkey;
}

/** The player's passkeys, oldest first. */
export async function listPasskeys(ctx: ServiceContext, playerId: string): Promise<readonly PasskeyRecord[]> {
  return [...(await ctx.store.listPasskeys(playerId))].sort((a, b) => a.createdAt - b.createdAt || a.credentialId.localeCompare(b.credentialId));
}

/** Removes a passkey: it signs in no more. The devices it signed in keep their tokens until revoked (each is listed apart). */
export async function removePasskey(ctx: ServiceContext, playerId: string, passkeyId: string): Promise<void> {
  if (!(await ctx.store.deletePasskey(playerId, passkeyId))) throw fail('passkey-not-found', { passkeyId });
}

/** The options of `navigator.credentials.get`: no account named, any passkey of this site's (username-less). */
export async function passkeySignInOptions(ctx: ServiceContext): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(ctx);
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: 'preferred', timeout: PASSKEY_CHALLENGE_SECONDS * 1000 });
  await keepChallenge(ctx, options.challenge, 'sign-in', null);
  return options;
}

/** A device signed in: the player, and the device's own token (shown once). */
export interface DeviceSignedIn {
  readonly player: PlayerRecord;
  readonly issued: NewAccessToken;
}

/**
 * Signs in with a passkey: the answer must sign a sign-in challenge issued
 * here, with a passkey registered to the account its user handle names,
 * verified against the stored public key, with a signature counter above the
 * last one seen (WebAuthn §7.2, step 21: a counter that does not rise means a
 * replay or a cloned authenticator; an authenticator that keeps no counter
 * sends 0 each time). Then the device gets its own token, labelled `device`.
 */
export async function signInWithPasskey(ctx: ServiceContext, response: AuthenticationResponseJSON, device: string): Promise<DeviceSignedIn> {
  const rp = relyingParty(ctx);
  const challenge = await answerChallenge(ctx, response.response.clientDataJSON, 'sign-in', null);
  const playerId = response.response.userHandle === undefined ? null : Buffer.from(response.response.userHandle, 'base64url').toString('utf8');
  const passkey = playerId === null ? null : await ctx.store.getPasskey(playerId, response.id);
  const player = passkey && (await ctx.store.getPlayer(passkey.playerId));
  if (!passkey || !player) throw fail('passkey-unknown');
  const checked = await verified(async () =>
    (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: [...rp.origins],
      expectedRPID: rp.id,
      // The counter is checked below, to answer its own code; 0 turns the library's check off.
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: 0, transports: transportsOf(passkey) },
      requireUserVerification: false,
    }),
  );
  if (!checked.verified) throw fail('passkey-not-verified', { why: 'the signature does not verify' });
  const counter = checked.authenticationInfo.newCounter;
  if ((counter > 0 || passkey.counter > 0) && counter <= passkey.counter) throw fail('passkey-counter-regressed', { counter, seen: passkey.counter });
  if (!(await ctx.store.recordPasskeyUse(passkey, counter, ctx.clock()))) {
    // Another sign-in with this passkey recorded its counter first, or the passkey was removed meanwhile.
    const now = await ctx.store.getPasskey(passkey.playerId, passkey.credentialId);
    if (!now) throw fail('passkey-unknown');
    throw fail('passkey-counter-regressed', { counter, seen: now.counter });
  }
  const issued = await issueAccessToken(ctx, player.playerId, {
    label: device,
    scopes: ALL_SCOPES,
    expiresAt: null,
    device: { method: 'passkey', passkeyId: passkey.credentialId },
  });
  return { player, issued };
}

function transportsOf(passkey: PasskeyRecord): AuthenticatorTransportFuture[] {
  return passkey.transports as AuthenticatorTransportFuture[];
}

/** The library's verdict; what it throws (a wrong origin, RP ID, type, signature or encoding) is the answer's fault, said as `why`. */
async function verified<T>(verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    throw fail('passkey-not-verified', { why: error instanceof Error ? error.message.replace(/\.$/, '') : 'it cannot be read' });
  }
}
