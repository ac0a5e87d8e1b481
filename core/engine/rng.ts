import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The whole state of the seeded generator: four 32-bit words (sfc32). It lives
 * inside the game state, so a snapshot or a replay continues the exact same
 * sequence on any machine.
 */
export type RngState = readonly [number, number, number, number];

/** The words of a fresh generator, derived from the secret seed. */
export function rngStateFromSeed(seed: string): RngState {
  // Domain-separated from the published sha256(seed): knowing the commitment
  // must not give away the generator's starting state.
  const digest = sha256(utf8ToBytes(`rng:${seed}`));
  const words = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const state: RngState = [words.getUint32(0, true), words.getUint32(4, true), words.getUint32(8, true), words.getUint32(12, true)];
  const rng = new Rng(state);
  // Warm-up rounds mix the seed words, as sfc32's authors recommend.
  for (let i = 0; i < 12; i++) rng.nextUint32();
  return rng.state;
}

/**
 * A mutable cursor over an RngState. Engines get one per command; the kit
 * records its final state as an event, so randomness is part of the log.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  get state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in [0, n), without modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`Rng.int needs 1..2^32, got ${n}`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % n;
    }
  }

  /** A uniform element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick on an empty list');
    return items[this.int(items.length)] as T;
  }

  /** A uniformly shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /**
   * `cards` shuffled and dealt into piles of these sizes, in order, with
   * whatever is left over as one more pile at the end: how hidden cards are
   * dealt again (a game's `redeal`).
   */
  deal<T>(cards: readonly T[], sizes: readonly number[]): T[][] {
    const shuffled = this.shuffle(cards);
    const piles = sizes.map((size) => shuffled.splice(0, size));
    if (piles.some((pile, i) => pile.length !== sizes[i])) throw new RangeError(`Rng.deal: ${cards.length} cards do not fill piles of ${sizes.join(' + ')}`);
    return [...piles, shuffled];
  }

  /** The state of a new generator drawn from this one (a re-dealt game's own generator). */
  split(): RngState {
    return [this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32()];
  }

  /** A die roll, 1..sides. */
  roll(sides: number): number {
    return this.int(sides) + 1;
  }

  /** A fair coin. */
  coin(): boolean {
    return this.int(2) === 1;
  }
}
