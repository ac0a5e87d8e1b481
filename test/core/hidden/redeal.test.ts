import { describe, expect, it } from 'vitest';
import { awaitedSeats, execute, legalMovesFor, viewFor, type AnyGameEngine, type BaseState } from '../../../core/engine/index.js';
import { loadAllEngines } from '../../../core/games/index.js';
import { deepFreeze } from '../../support/play-checked.js';
import { TABLES, viewersOf, visitStates } from '../../support/hidden-tables.js';
import { HIDDEN_PARTS } from './hidden-parts.js';

const json = (value: unknown) => JSON.stringify(value);
const REDEALS = 3;

/**
 * The re-deal tool of every game (`GameEngine.redeal`), over seeded games of
 * every table: for each viewer, a re-dealt state is one that viewer cannot
 * tell from the real one (the same view, the same legal moves), it keeps every
 * card, the game plays on from it, the state it was given is untouched; and
 * every hidden part does vary.
 */
const engines = await loadAllEngines();

describe('re-dealing what a viewer cannot see', () => {
  for (const engine of engines) {
    it(`${engine.meta.id}: the viewer's view stays, every hidden part varies`, () => {
      const hidden = HIDDEN_PARTS[engine.meta.id];
      if (!hidden) throw new Error(`no hidden parts listed for ${engine.meta.id}`);
      const tally = new Map<string, { could: number; did: number }>();
      const check = (state: BaseState, rng: Parameters<AnyGameEngine['redeal']>[2]) => {
        deepFreeze(state);
        const cards = json(hidden.cards(state));
        for (const viewer of viewersOf(state.seats)) {
          const seen = json(viewFor(engine, state, viewer));
          const legal = viewer === null ? '' : json(legalMovesFor(engine, state, viewer));
          const parts = hidden.parts(state, viewer);
          const varied = new Set<string>();
          for (let i = 0; i < REDEALS; i++) {
            const world = engine.redeal(state, viewer, rng);
            expect(json(viewFor(engine, world, viewer))).toBe(seen);
            if (viewer !== null) expect(json(legalMovesFor(engine, world, viewer))).toBe(legal);
            expect(json(hidden.cards(world))).toBe(cards);
            playsOn(engine, world, rng);
            const redealt = hidden.parts(world, viewer);
            for (const [name, part] of Object.entries(parts)) if (part !== undefined && json(redealt[name]) !== json(part)) varied.add(name);
          }
          for (const [name, part] of Object.entries(parts)) {
            const count = tally.get(name) ?? { could: 0, did: 0 };
            tally.set(name, { could: count.could + (part === undefined ? 0 : 1), did: count.did + (varied.has(name) ? 1 : 0) });
          }
        }
      };
      TABLES[engine.meta.id]!.forEach((table, i) => visitStates(engine, table, `redeal-${i}`, 7, check));
      for (const [name, { could, did }] of tally) {
        expect(could, `${name}: never hidden in these games`).toBeGreaterThan(2);
        expect(did / could, `${name} varied in ${did} of ${could} states`).toBeGreaterThan(0.75);
      }
    }, 600_000);
  }
});

/** A re-dealt state is a state the rules accept: each awaited seat's first legal move is taken. */
function playsOn(engine: AnyGameEngine, world: BaseState, rng: { int(n: number): number }): void {
  for (const seat of awaitedSeats(world.pending)) {
    const legal = legalMovesFor(engine, world, seat);
    if (legal.length === 0) continue;
    const move = legal[rng.int(legal.length)];
    const result = execute(engine, world, { type: 'move', seat, move, at: 0 });
    if (!result.ok) expect.fail(`${json(move)} refused on a re-dealt state: ${result.code}: ${result.message}`);
  }
}
