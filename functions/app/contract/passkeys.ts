/**
 * Passkeys and signing in with them, as the API answers (functions/service/passkeys.ts):
 * the WebAuthn options a browser passes to `navigator.credentials`, in their
 * JSON form (WebAuthn Level 3's `PublicKeyCredentialCreationOptionsJSON` and
 * `…RequestOptionsJSON`, as @simplewebauthn/browser's `startRegistration` and
 * `startAuthentication` take them), the passkeys kept, and the device token a
 * sign-in issues.
 */
import * as z from 'zod';
import { Transport } from '../passkey-schemas.js';
import { Instant } from './common.js';
import { NewAccessToken } from './access-tokens.js';

const Base64Url = z.string().regex(/^[A-Za-z0-9_-]*$/);

const CredentialDescriptor = z
  .object({ id: Base64Url.describe('A credential id.'), type: z.literal('public-key'), transports: z.array(Transport).optional() })
  .meta({ id: 'PublicKeyCredentialDescriptor' });

const Extensions = z
  .object({ credProps: z.boolean().optional().describe('Ask the browser to say whether the credential is discoverable.') })
  .meta({ id: 'AuthenticationExtensionsClientInputs' });

export const PasskeyCreationOptions = z
  .object({
    rp: z.object({ id: z.string().describe('The RP ID: the web client’s host name.'), name: z.string() }),
    user: z.object({
      id: Base64Url.describe('The user handle: your player id, base64url-encoded (a signing-in passkey answers it back).'),
      name: z.string(),
      displayName: z.string(),
    }),
    challenge: Base64Url.describe('Good for one answer, for five minutes.'),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int().describe('A COSE algorithm: -8 EdDSA, -7 ES256, -257 RS256.') })),
    timeout: z.number().int().describe('Milliseconds.'),
    excludeCredentials: z
      .array(CredentialDescriptor)
      .describe('Your passkeys already registered: the browser will not make a second one on the same authenticator.'),
    authenticatorSelection: z.object({
      residentKey: z.literal('required').describe('A discoverable credential: signing in names no account.'),
      requireResidentKey: z.literal(true),
      userVerification: z.enum(['required', 'preferred', 'discouraged']),
    }),
    attestation: z.literal('none'),
    extensions: Extensions,
    hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
  })
  .meta({
    id: 'PasskeyCreationOptions',
    description:
      'Pass to `navigator.credentials.create({ publicKey })` (decoding the base64url fields), or as they are to @simplewebauthn/browser’s `startRegistration`.',
    example: {
      rp: { id: 'localhost', name: 'Valeria Tabletop' },
      user: { id: 'cGxfUTJ4Sm00cFRyMFZi', name: 'Ann', displayName: 'Ann' },
      challenge: 'm3x9Vb1fQkS4h2uYtD0cZrLw8pNaE5oJgI7sK6vHqXU',
      pubKeyCredParams: [
        { type: 'public-key', alg: -8 },
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      timeout: 300000,
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
      attestation: 'none',
      extensions: { credProps: true },
    },
  });

export const PasskeyRequestOptions = z
  .object({
    challenge: Base64Url.describe('Good for one answer, for five minutes.'),
    timeout: z.number().int().describe('Milliseconds.'),
    rpId: z.string().describe('The RP ID: the web client’s host name.'),
    allowCredentials: z.array(CredentialDescriptor).max(0).describe('Empty: any passkey of yours for this site will do (username-less).'),
    userVerification: z.enum(['required', 'preferred', 'discouraged']),
    hints: z.array(z.enum(['security-key', 'client-device', 'hybrid'])).optional(),
  })
  .meta({
    id: 'PasskeyRequestOptions',
    description:
      'Pass to `navigator.credentials.get({ publicKey })` (decoding the base64url fields), or as they are to @simplewebauthn/browser’s `startAuthentication`.',
    example: {
      challenge: 'Yq2dH8nB0wK5sX1eR7cT4vL9mJ3aF6uP0gZiOyNbQhE',
      timeout: 300000,
      rpId: 'localhost',
      allowCredentials: [],
      userVerification: 'preferred',
    },
  });

export const Passkey = z
  .object({
    passkeyId: Base64Url.describe('The credential id; names the passkey in `DELETE /v1/players/me/passkeys/{id}`.'),
    name: z.string(),
    createdAt: Instant,
    lastUsedAt: Instant.nullable().describe('Its last sign-in; null: never used to sign in.'),
    transports: z.array(Transport).describe('How the browser reached its authenticator, as it reported.'),
    synced: z.boolean().describe('Whether it may be synced to your other devices by a passkey manager (backup eligible).'),
    backedUp: z.boolean().describe('Whether it was backed up (synced) when last seen.'),
  })
  .meta({
    id: 'Passkey',
    example: {
      passkeyId: 'Xk3Lw0yq7Fh2bNcV9sTqZg',
      name: 'Laptop',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-21T08:14:03.000Z',
      transports: ['internal', 'hybrid'],
      synced: true,
      backedUp: true,
    },
  });

export const PasskeyList = z
  .object({ passkeys: z.array(Passkey).describe('Oldest first.'), max: z.number().int().describe('How many passkeys a player may keep.') })
  .meta({ id: 'PasskeyList' });

/** What a sign-in answers: the device's own token (shown once) and whose it is. */
export const signedIn = (player: z.ZodType) =>
  NewAccessToken.extend({ player: player.describe('The account signed in: the passkey’s, or the mailed link’s.') }).meta({
    id: 'DeviceSignIn',
    description:
      'A token of this device’s own, holding every scope, shown only this once; it is listed among your access tokens with `device` set, and revocable there.',
  });
