import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Commit–reveal: the service publishes sha256(seed) when a game is created and
 * reveals the seed when it ends, so anyone can replay the log and check every
 * shuffle and roll. Generating the seed is I/O and lives in functions/.
 * Hashed by a pure library, not node:crypto, so the browser's verifier runs
 * this very file.
 */
export function hashSeed(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

export function seedMatchesHash(seed: string, seedHash: string): boolean {
  return hashSeed(seed) === seedHash;
}
