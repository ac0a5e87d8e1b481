import { awaitedSeats, execute, legalMovesFor, Rng, rngStateFromSeed, viewFor } from '../../core/engine/index.js';
import { valeriaCardKingdoms as engine } from '../../core/games/valeria-card-kingdoms/index.js';
import type { VckMove } from '../../core/games/valeria-card-kingdoms/moves.js';
import type { VckState } from '../../core/games/valeria-card-kingdoms/state.js';
import { describe, expect, it } from 'vitest';
import { secondActions } from '../../web/src/games/card-kingdoms-plan.js';

const ACTIONS = new Set(['slay', 'recruit', 'build', 'take']);
const key = (move: object) => JSON.stringify(move);

/**
 * Whole bot games; at every first action of a turn, each listed first action
 * is tried with the engine: every second action the page offers after it
 * must be legal then, as listed, and the page must never plan after a first
 * action that leads to a choice.
 */
function checkGame(seats: number, seed: string, options: object) {
  let state: VckState = engine.setup({
    seats,
    options: engine.optionsSchema.parse(options),
    deadlines: { turnMs: 60_000, windowMs: 30_000 },
    seed,
    at: 0,
  });
  const bots = new Rng(rngStateFromSeed(`${seed}-bots`));
  let at = 0;
  let planned = 0;
  let checked = 0;
  while (!state.finished) {
    at += 1000;
    const seat = awaitedSeats(state.pending)[0];
    if (seat === undefined) {
      const result = execute(engine, state, { type: 'timeout', at: Math.max(at, state.pending?.deadline ?? at) });
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      continue;
    }
    if (state.turn.actionsLeft === 2 && state.turn.active === seat && state.phase === 'actions' && state.tasks.length === 0 && !state.choice) {
      const board = viewFor(engine, state, seat).board;
      for (const first of legalMovesFor(engine, state, seat).filter((m) => ACTIONS.has(m.type))) {
        const second = secondActions(board, seat, first as never);
        checked++;
        if (!second) continue;
        const after = execute(engine, state, { type: 'move', seat, move: first, at });
        if (!after.ok) throw new Error(after.message);
        const legal = new Set(legalMovesFor(engine, after.state, seat).map(key));
        expect(after.state.choice, `no choice after ${key(first)}`).toBeFalsy();
        for (const move of second) expect(legal.has(key(move)), `${key(move)} after ${key(first)}`).toBe(true);
        planned++;
      }
    }
    const move: VckMove = engine.bots.random(state, seat, bots);
    const result = execute(engine, state, { type: 'move', seat, move, at });
    if (!result.ok) throw new Error(result.message);
    state = result.state;
  }
  return { planned, checked };
}

describe('Card Kingdoms in the browser: planning two actions as one batch', () => {
  it.each([
    [1, { setup: 'first-game' }],
    [2, { setup: 'random' }],
    [3, { setup: 'shining-gold', mixedCitizens: true }],
    [4, { setup: 'monstrous-blood' }],
    [5, { setup: 'mastery-of-magic' }],
  ])('offers only second actions the engine then accepts (%i seats, %o)', (seats, options) => {
    for (const seed of ['a', 'b', 'c']) {
      const { planned, checked } = checkGame(seats, `${seats}-${seed}`, options);
      expect(planned).toBeGreaterThan(0);
      expect(checked).toBeGreaterThanOrEqual(planned);
    }
  });
});
