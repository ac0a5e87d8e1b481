import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VpOptions } from '../../../core/games/village-pillage/state.js';
import { playChecked } from './play-checked.js';

/** Seeded games per player count (issue 6 asks for 1,000; lower it locally with VP_PROPERTY_RUNS). */
const RUNS = Number(process.env.VP_PROPERTY_RUNS ?? 1000);

/** Property tests over seeded bot games for one player count (and options), mostly random bots with an occasional greedy seat. */
export function propertySuite(seats: number, options: VpOptions = {}): void {
  const variant = options.banks ? ` on the ${options.banks} Banks` : '';
  describe(`Village Pillage — ${RUNS} seeded bot games with ${seats} players${variant}`, () => {
    it('replay = state, turnips accounted for, no plan visible before the reveal, illegal moves rejected without change, every game ends', () => {
      let ended = 0;
      const game = fc.record({
        seed: fc.string({ minLength: 1, maxLength: 12 }),
        bots: fc.array(fc.constantFrom(...Array<'random'>(11).fill('random'), 'greedy' as const), { minLength: seats, maxLength: seats }),
      });
      fc.assert(
        fc.property(game, ({ seed, bots }) => {
          if (playChecked(seats, `${seats}:${seed}`, bots, options).finished) ended++;
        }),
        { numRuns: RUNS, seed: 0x7e11 + seats, endOnFailure: true },
      );
      expect(ended).toBe(RUNS);
    }, 900_000);
  });
}
