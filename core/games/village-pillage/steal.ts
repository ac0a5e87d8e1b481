import type { Rng } from '../../engine/index.js';

/**
 * Simultaneous steals from one pool (a player's Stockpile, or their Bank):
 * everyone gets their full STEAL when the pool covers them all; otherwise the
 * pool is split evenly (no thief getting more than they steal), and the
 * indivisible remainder goes to the higher steal values, a server coin flip
 * deciding between equal ones (rules "STEAL").
 *
 * Returns each claim's share, in the claims' order.
 */
export function splitSteal(claims: readonly number[], available: number, rng: Rng): number[] {
  const shares = claims.map(() => 0);
  let left = available;
  const open = () => claims.flatMap((amount, i) => ((shares[i] as number) < amount ? [i] : []));
  for (let waiting = open(); waiting.length > 0 && left >= waiting.length; waiting = open()) {
    const even = Math.floor(left / waiting.length);
    for (const i of waiting) {
      const share = Math.min(even, (claims[i] as number) - (shares[i] as number));
      shares[i] = (shares[i] as number) + share;
      left -= share;
    }
  }
  const waiting = open();
  // The remainder is smaller than the number of unsatisfied thieves: one more each, highest STEAL first.
  for (const value of [...new Set(waiting.map((i) => claims[i] as number))].sort((a, b) => b - a)) {
    if (left === 0) break;
    const tied = waiting.filter((i) => claims[i] === value);
    // A coin flip only where equal STEALs compete for fewer turnips than they are.
    const lucky = tied.length > left ? rng.shuffle(tied).slice(0, left) : tied;
    for (const i of lucky) shares[i] = (shares[i] as number) + 1;
    left -= lucky.length;
  }
  return shares;
}
