import { createHash } from 'node:crypto';

/**
 * Commit–reveal: the service publishes sha256(seed) when a game is created and
 * reveals the seed when it ends, so anyone can replay the log and check every
 * shuffle and roll. Generating the seed is I/O and lives in functions/.
 */
export function hashSeed(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

export function seedMatchesHash(seed: string, seedHash: string): boolean {
  return hashSeed(seed) === seedHash;
}
