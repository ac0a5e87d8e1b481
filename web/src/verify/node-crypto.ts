/**
 * The part of node:crypto the engine (core/) uses, for the browser replay:
 * `createHash('sha256').update(text).digest()` as bytes or hex.
 */
import { sha256 } from '@noble/hashes/sha2.js';

interface Digest {
  readUInt32LE(offset: number): number;
}

export function createHash(algorithm: string) {
  if (algorithm !== 'sha256') throw new Error(`Only sha256 is available in the browser, not ${algorithm}`);
  const parts: string[] = [];
  const hash = {
    update(text: string) {
      parts.push(text);
      return hash;
    },
    digest(encoding?: 'hex'): string & Digest {
      const bytes = sha256(new TextEncoder().encode(parts.join('')));
      if (encoding === 'hex') return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') as string & Digest;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { readUInt32LE: (offset: number) => view.getUint32(offset, true) } as string & Digest;
    },
  };
  return hash;
}
