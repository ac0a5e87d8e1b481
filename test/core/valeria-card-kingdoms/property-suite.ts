import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETUP_KINDS, type SetupKind } from '../../../core/games/valeria-card-kingdoms/state.js';
import { playChecked } from './play-checked.js';

/** How many seeded games per player count (issue 5 asks for 1,000; lower it locally with VCK_PROPERTY_RUNS). */
const RUNS = Number(process.env.VCK_PROPERTY_RUNS ?? 1000);

/**
 * Property tests over seeded bot games for one player count, spread over
 * every setup kind and both citizen variants: replay equals state, cards are
 * conserved, nothing leaks, illegal moves change nothing, every game ends.
 */
export function propertySuite(seats: number): void {
  describe(`Valeria: Card Kingdoms — ${RUNS} seeded bot games with ${seats} seat(s)`, () => {
    it('replay = state, cards conserved, no leaks, illegal moves rejected without change, every game ends', () => {
      const kinds = new Set<SetupKind>();
      const game = fc.record({
        seed: fc.string({ minLength: 1, maxLength: 12 }),
        run: fc.nat(),
        mixedCitizens: fc.boolean(),
        bots: fc.array(fc.constantFrom('random', 'random', 'random', 'greedy' as const), { minLength: seats, maxLength: seats }),
      });
      let index = 0;
      fc.assert(
        fc.property(game, ({ seed, mixedCitizens, bots }) => {
          // Setup kinds in turn, so each gets a fifth of the games.
          const setup = SETUP_KINDS[index++ % SETUP_KINDS.length] as SetupKind;
          kinds.add(setup);
          playChecked(seats, { setup, mixedCitizens }, `${seats}:${setup}:${seed}`, bots);
        }),
        { numRuns: RUNS, seed: 0x5eed + seats, endOnFailure: true },
      );
      expect([...kinds].sort()).toEqual([...SETUP_KINDS].sort());
    }, 900_000);
  });
}
