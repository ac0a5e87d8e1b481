import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback standing in for a browser's (FCM, Mozilla's,
 * Apple's): it holds the subscription's private keys, as the browser does,
 * decrypts every message it takes (RFC 8291 `aes128gcm`, written here from
 * the RFCs with node:crypto, never with web-push) and checks the VAPID
 * `Authorization` (RFC 8292) against the key the server publishes. What fails
 * a check is recorded as a problem of that message, so a test sees it.
 */

export interface PushedMessage {
  readonly headers: IncomingHttpHeaders;
  /** The decrypted body (null when it could not be). */
  readonly plaintext: string | null;
  /** The VAPID JWT's claims (null when the signature did not verify). */
  readonly claims: { aud: string; exp: number; sub: string } | null;
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  readonly vapidKey: string | null;
  /** Every check that failed. */
  readonly problems: readonly string[];
  readonly receivedAt: number;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: the one record of an `aes128gcm` body, decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, uaPrivate: Buffer, uaPublic: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not the 65 of a P-256 key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(uaPrivate);
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's delimiter is 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<key>`; the JWT ES256-signed by `k`, whose audience is the endpoint's origin and which expires within 24 hours. */
export function checkVapid(authorization: string | undefined, origin: string, now: number): Pick<PushedMessage, 'claims' | 'vapidKey' | 'problems'> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) return { claims: null, vapidKey: null, problems: [`Authorization is not vapid t=…, k=…: ${authorization}`] };
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, payload, signature] = jwt.split('.') as [string, string, string];
  const problems: string[] = [];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') problems.push(`alg ${header.alg}`);
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return { claims: null, vapidKey: k, problems: [...problems, 'signature does not verify with k'] };
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) problems.push(`aud ${claims.aud}, not ${origin}`);
  if (!(claims.exp * 1000 > now && claims.exp * 1000 <= now + 24 * 60 * 60 * 1000)) problems.push(`exp ${claims.exp} not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) problems.push(`sub ${claims.sub}`);
  return { claims, vapidKey: k, problems };
}

/**
 * One browser's subscription and its push service: `subscription` is what
 * `PushManager.subscribe` would give (POST it to /v1/push-subscriptions);
 * the n-th message (0-based) is answered `answer(n)`.
 */
export async function startPushService(answer: (n: number) => number = () => 201) {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const uaPrivate = ecdh.getPrivateKey();
  const authSecret = randomBytes(16);
  const received: PushedMessage[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const now = Date.now();
      const vapid = checkVapid(req.headers.authorization, origin, now);
      const problems = [...vapid.problems];
      if (req.headers['content-encoding'] !== 'aes128gcm') problems.push(`Content-Encoding ${req.headers['content-encoding']}`);
      let plaintext: string | null = null;
      try {
        plaintext = decryptAes128gcm(Buffer.concat(chunks), uaPrivate, uaPublic, authSecret);
      } catch (error) {
        problems.push(`decryption: ${(error as Error).message}`);
      }
      res.statusCode = answer(received.length);
      received.push({ headers: req.headers, plaintext, claims: vapid.claims, vapidKey: vapid.vapidKey, problems, receivedAt: now });
      res.end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    subscription: {
      endpoint: `${origin}/push/${randomBytes(8).toString('hex')}`,
      expirationTime: null,
      keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    received,
    /** Resolves once `found` holds of what was received. */
    until: async (found: (all: readonly PushedMessage[]) => boolean) => {
      while (!found(received)) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
