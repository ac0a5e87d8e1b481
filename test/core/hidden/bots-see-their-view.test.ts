import { describe, expect, it } from 'vitest';
import { awaitedSeats, botMove, legalMovesFor, Rng, rngStateFromSeed, sightOf, viewFor, type BotLevel } from '../../../core/engine/index.js';
import { loadAllEngines } from '../../../core/games/index.js';
import { TABLES, visitStates } from '../../support/hidden-tables.js';

const json = (value: unknown) => JSON.stringify(value);
const LEVELS: readonly BotLevel[] = ['random', 'greedy'];
const REDEALS = 3;

const engines = await loadAllEngines();

/**
 * Bots decide from their seat's view: whatever the seat may not see (other
 * hands, others' secret submissions, face-down cards, the game's generator)
 * dealt again by the game's re-deal tool never changes a bot's choice, for
 * the random and the greedy bot of every game, at every table, over the
 * states of seeded games.
 */
describe('bots choose from what their seat sees', () => {
  it('a bot is given its seat, its legal moves and its view, and nothing that reaches the state', () => {
    for (const engine of engines) {
      const state = engine.setup({ seats: 2, options: engine.optionsSchema.parse({}), deadlines: { turnMs: 1, windowMs: 1 }, seed: 'sight', at: 0 });
      const sight = sightOf(engine, state, 1);
      expect(Object.keys(sight).sort()).toEqual(['legal', 'seat']);
      expect(sight.legal).toEqual(legalMovesFor(engine, state, 1));
      expect(sight.view).toEqual(viewFor(engine, state, 1));
      expect(JSON.stringify(sight)).not.toContain(state.seed);
    }
  });

  for (const engine of engines) {
    it(`${engine.meta.id}: another deal of what the seat cannot see, the same move`, () => {
      let choices = 0;
      TABLES[engine.meta.id]!.forEach((table, i) =>
        visitStates(engine, table, `bots-see-${i}`, 3, (state, rng) => {
          for (const seat of awaitedSeats(state.pending))
            for (const level of LEVELS) {
              const luck = `luck:${i}:${choices++}`;
              const chosen = json(botMove(engine, level, state, seat, new Rng(rngStateFromSeed(luck))));
              for (let k = 0; k < REDEALS; k++) {
                const world = engine.redeal(state, seat, rng);
                const again = json(botMove(engine, level, world, seat, new Rng(rngStateFromSeed(luck))));
                if (again !== chosen) expect.fail(`the ${level} bot of seat ${seat} chose ${chosen}, but ${again} once what it cannot see was dealt again`);
              }
            }
        }),
      );
      expect(choices).toBeGreaterThan(200);
    }, 600_000);
  }
});
