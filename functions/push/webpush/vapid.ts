import { createECDH, createHash } from 'node:crypto';

/**
 * The VAPID key pair (RFC 8292) this deployment signs every push message
 * with: browsers subscribe with its public key, and push services accept only
 * messages signed by its private key. Derived from a secret seed kept once per
 * deployment (a file beside the local data under `npm start`, a Secrets
 * Manager secret on AWS), so the same seed always gives the same pair: a
 * changed key would orphan every browser's subscription.
 */
export interface VapidKeys {
  /** The uncompressed P-256 point (65 bytes), base64url: the browser's `applicationServerKey`. */
  readonly publicKey: string;
  /** The P-256 scalar (32 bytes), base64url. */
  readonly privateKey: string;
  /** Who push services may contact about our messages (`mailto:` or an https URL, the JWT's `sub`). */
  readonly subject: string;
}

/** Reads the keys when first needed (on AWS a Secrets Manager call), then keeps them. */
export type VapidSource = () => Promise<VapidKeys>;

/**
 * The pair a seed stands for: the private scalar is SHA-256 of the seed (a
 * digest is a valid P-256 scalar but with probability 2⁻³², and then
 * `setPrivateKey` refuses it loudly rather than signing with a bad key).
 */
export function vapidKeysFromSeed(seed: string, subject: string): VapidKeys {
  if (seed.length < 32) throw new Error('the VAPID seed must be at least 32 characters');
  const scalar = createHash('sha256').update(`valeria-vapid:${seed}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(scalar);
  return { publicKey: ecdh.getPublicKey('base64url', 'uncompressed'), privateKey: scalar.toString('base64url'), subject };
}

/** A source that reads once: a failed read is tried again on the next call. */
export function onceVapid(read: () => Promise<VapidKeys>): VapidSource {
  let kept: Promise<VapidKeys> | null = null;
  return () => {
    kept ??= read().catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
}

/** The JWT's `sub`: the web client's origin when it is https, else a mailto: contact (push services refuse an http subject). */
export function vapidSubject(appUrl: string | null, contact: string | undefined): string {
  if (contact) return contact;
  if (appUrl?.startsWith('https://')) return appUrl;
  return 'mailto:webpush@localhost';
}
