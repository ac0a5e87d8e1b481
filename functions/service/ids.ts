import { createHash, randomBytes } from 'node:crypto';

/** Unguessable identifiers and secrets; all randomness of the service lives here. */
export interface SecretSource {
  playerId(): string;
  gameId(): string;
  token(): string;
  accessTokenId(): string;
  seed(): string;
  seekId(): string;
}

export const cryptoSecrets: SecretSource = {
  playerId: () => `pl_${randomBytes(9).toString('base64url')}`,
  gameId: () => `g_${randomBytes(9).toString('base64url')}`,
  token: () => `vt_${randomBytes(32).toString('base64url')}`,
  accessTokenId: () => `tok_${randomBytes(9).toString('base64url')}`,
  seed: () => randomBytes(32).toString('hex'),
  seekId: () => `sk_${randomBytes(9).toString('base64url')}`,
};

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
