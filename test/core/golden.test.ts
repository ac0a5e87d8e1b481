import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { awaitedSeats, botMove, execute, Rng, rngStateFromSeed, viewFor, type AnyGameEngine, type BaseState, type Command } from '../../core/engine/index.js';
import { loadAllEngines } from '../../core/games/index.js';

/**
 * Golden traces: whole seeded bot games recorded as their commands, a digest
 * of every viewer's view (each seat and a spectator) after each command, and
 * the final score sheet. Replaying the commands must give the same views: a
 * refactor of the engines may change events and internals, never what
 * players see.
 *
 * A rules change that legitimately changes a game rewrites the traces:
 *
 *   UPDATE_GOLDEN=1 npx vitest run test/core/golden.test.ts
 *
 * and the diff of test/core/golden/*.json shows which games it touched.
 */

const UPDATE = process.env.UPDATE_GOLDEN === '1';
const DEADLINES = { turnMs: 60_000, windowMs: 30_000 };
const START = 1_700_000_000_000;

/** The games recorded per engine: small seat counts keep the files short. */
const CASES: Readonly<Record<string, readonly { readonly seats: number; readonly seed: string }[]>> = {
  'villages-of-valeria': [
    { seats: 1, seed: 'golden-vv-1' },
    { seats: 2, seed: 'golden-vv-2' },
    { seats: 3, seed: 'golden-vv-3' },
  ],
  'valeria-card-kingdoms': [
    { seats: 1, seed: 'golden-vck-1' },
    { seats: 2, seed: 'golden-vck-2' },
    { seats: 3, seed: 'golden-vck-3' },
  ],
  'village-pillage': [
    { seats: 2, seed: 'golden-vp-2' },
    { seats: 3, seed: 'golden-vp-3' },
  ],
};

interface Step {
  readonly command: Command;
  /** sha256 (first 16 hex digits) of the spectator's view, then of each seat's. */
  readonly views: string[];
}

interface Trace {
  readonly seats: number;
  readonly seed: string;
  readonly steps: Step[];
  readonly score: unknown;
  /** The last views in full, so a failing diff has something readable to start from. */
  readonly finalViews: unknown[];
}

const viewers = (seats: number) => [null, ...Array.from({ length: seats }, (_, s) => s)];
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

function viewsOf(engine: AnyGameEngine, state: BaseState): unknown[] {
  return viewers(state.seats).map((viewer) => viewFor(engine, state, viewer));
}

function initOf(engine: AnyGameEngine, seats: number, seed: string) {
  return { seats, options: engine.optionsSchema.parse({}), deadlines: DEADLINES, seed, at: START };
}

/** Plays a game with greedy bots (every third command a timeout when overdue-able) and records it. */
function record(engine: AnyGameEngine, seats: number, seed: string): Trace {
  let state: BaseState = engine.setup(initOf(engine, seats, seed));
  const bots = new Rng(rngStateFromSeed(`golden-bots:${seed}`));
  const steps: Step[] = [];
  let at = START;
  while (!state.finished) {
    if (steps.length > 5_000) throw new Error(`${engine.meta.id} ${seed}: the game never ends`);
    at += 1_000;
    const seat = awaitedSeats(state.pending)[0];
    // Some deadlines pass on purpose, so the traces cover the engines' defaults too.
    const overdue = seat === undefined || bots.int(12) === 0;
    if (overdue) at = Math.max(at, state.pending?.deadline ?? at);
    const command: Command =
      overdue || seat === undefined
        ? { type: 'timeout', at }
        : { type: 'move', seat, move: botMove(engine, seat % 2 ? 'random' : 'greedy', state, seat, bots), at };
    const result = execute(engine, state, command);
    if (!result.ok) throw new Error(`${engine.meta.id} ${seed}: ${result.code}: ${result.message}`);
    state = result.state;
    steps.push({ command, views: viewsOf(engine, state).map(digest) });
  }
  return { seats, seed, steps, score: engine.score(state), finalViews: viewsOf(engine, state) };
}

function fileOf(game: string): URL {
  return new URL(`./golden/${game}.json`, import.meta.url);
}

const engines = await loadAllEngines();

describe('golden traces: seeded games replay to the same views and scores', () => {
  for (const engine of engines) {
    const cases = CASES[engine.meta.id];
    if (!cases) throw new Error(`no golden cases for ${engine.meta.id}`);
    it(engine.meta.id, () => {
      if (UPDATE) {
        const traces = cases.map(({ seats, seed }) => record(engine, seats, seed));
        writeFileSync(fileOf(engine.meta.id), JSON.stringify(traces) + '\n');
        return;
      }
      const traces = JSON.parse(readFileSync(fileOf(engine.meta.id), 'utf8')) as Trace[];
      expect(traces.map((t) => [t.seats, t.seed])).toEqual(cases.map((c) => [c.seats, c.seed]));
      for (const trace of traces) {
        let state: BaseState = engine.setup(initOf(engine, trace.seats, trace.seed));
        trace.steps.forEach((step, i) => {
          const result = execute(engine, state, step.command);
          if (!result.ok) expect.fail(`${trace.seed} command ${i} refused: ${result.code}: ${result.message}`);
          state = result.state;
          const views = viewsOf(engine, state);
          const digests = views.map(digest);
          if (digests.join() !== step.views.join()) expect.fail(`${trace.seed}: views differ after command ${i} (${JSON.stringify(step.command)})`);
        });
        expect(state.finished).toBe(true);
        expect(engine.score(state)).toEqual(trace.score);
        expect(viewsOf(engine, state)).toEqual(trace.finalViews);
      }
    });
  }
});
