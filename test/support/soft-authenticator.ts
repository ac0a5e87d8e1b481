import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the API tests: it makes
 * discoverable ES256 credentials with `none` attestation and signs
 * assertions, byte for byte as WebAuthn Level 3 lays them out (§6.1
 * authenticator data, §6.5.4 attested credential data, §7 client data), so
 * the service verifies them with the real library. Tests bend its answers
 * (another origin, a counter that goes back, a challenge never issued) to
 * meet each refusal. The browser test uses Chromium's own virtual
 * authenticator instead.
 */

/** The JSON forms a browser answers (`PublicKeyCredential.toJSON()`). */
export interface RegistrationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: { credProps?: { rk?: boolean } };
  authenticatorAttachment: 'platform';
  response: { clientDataJSON: string; attestationObject: string; transports: ['internal'] };
}

export interface AuthenticationJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  clientExtensionResults: Record<string, never>;
  authenticatorAttachment: 'platform';
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
}

/** A credential the authenticator holds: its key, the account's user handle and its signature counter. */
export interface SoftCredential {
  readonly id: Buffer;
  readonly privateKey: KeyObject;
  readonly cosePublicKey: Uint8Array;
  readonly userHandle: string;
  counter: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_BACKUP_ELIGIBLE = 0x08;
const FLAG_BACKED_UP = 0x10;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface Ceremony {
  /** The page's origin as the browser would write it. */
  readonly origin: string;
  /** The RP ID the authenticator scopes the credential to. */
  readonly rpId: string;
  readonly challenge: string;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', { origin, challenge }: Ceremony): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

function authenticatorData(rpId: string, flags: number, counter: number, attested: Uint8Array = new Uint8Array()): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested]);
}

/** The COSE_Key of a P-256 public key (RFC 9053: kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x as string, 'base64url')],
      [-3, Buffer.from(jwk.y as string, 'base64url')],
    ]),
  );
}

/** A new credential for the account `userHandle` (base64url, as the options carry it). */
export function newCredential(userHandle: string): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { id: randomBytes(16), privateKey, cosePublicKey: coseKey(publicKey), userHandle, counter: 0 };
}

/** Answers the registration ceremony with `credential` (a new one, or one registered before: an authenticator that ignored `excludeCredentials`). */
export function attest(credential: SoftCredential, ceremony: Ceremony): RegistrationJSON {
  const { id, cosePublicKey } = credential;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, id, cosePublicKey]);
  const flags = FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP | FLAG_ATTESTED_DATA;
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ['fmt', 'none'],
      ['attStmt', new Map<string, string>()],
      ['authData', authenticatorData(ceremony.rpId, flags, 0, attested)],
    ]),
  );
  return {
    id: b64url(id),
    rawId: b64url(id),
    type: 'public-key',
    clientExtensionResults: { credProps: { rk: true } },
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: b64url(clientData('webauthn.create', ceremony)), attestationObject: b64url(attestationObject), transports: ['internal'] },
  };
}

/** Answers a sign-in ceremony with `credential`, its counter first raised by `step` (0: an authenticator that keeps no counter; negative: a clone gone back). */
export function assert(credential: SoftCredential, ceremony: Ceremony, step = 1): AuthenticationJSON {
  credential.counter = Math.max(0, credential.counter + step);
  const data = authenticatorData(ceremony.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_BACKUP_ELIGIBLE | FLAG_BACKED_UP, credential.counter);
  const client = clientData('webauthn.get', ceremony);
  const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: 'public-key',
    clientExtensionResults: {},
    authenticatorAttachment: 'platform',
    response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature), userHandle: credential.userHandle },
  };
}
