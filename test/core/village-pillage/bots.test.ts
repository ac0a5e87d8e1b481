import { describe, expect, it } from 'vitest';
import { botMove, playOut, Rng, rngStateFromSeed, type BotLevel } from '../../../core/engine/index.js';
import { DEADLINES, engine, newGame, move, sides } from './helpers.js';

const GAMES = 1000;

describe('Village Pillage bots', () => {
  it('the random bot plays every legal move, and only those, about equally often', () => {
    const state = newGame(3);
    const legal = engine.legalMoves(state, 1).map((m) => JSON.stringify(m));
    const counts = new Map<string, number>();
    const rng = new Rng(rngStateFromSeed('uniform'));
    for (let i = 0; i < legal.length * 400; i++) {
      const m = JSON.stringify(botMove(engine, 'random', state, 1, rng));
      counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...legal].sort());
    for (const n of counts.values()) expect(Math.abs(n - 400)).toBeLessThan(100);
  });

  it('the greedy bot plans without looking at the plans already submitted', () => {
    const a = move(newGame(3), 0, sides('Raider', 'Merchant')).state;
    const b = move(newGame(3), 0, sides('Wall', 'Farmer')).state;
    const pick = (s: typeof a) => botMove(engine, 'greedy', s, 1, new Rng(rngStateFromSeed('same-luck')));
    expect(pick(a)).toEqual(pick(b));
  });

  it(`greedy beats random in at least 65% of ${GAMES} seeded 3-player games`, () => {
    let greedyWins = 0;
    for (let i = 0; i < GAMES; i++) {
      const greedySeat = i % 3;
      const bots = [0, 1, 2].map((s): BotLevel => (s === greedySeat ? 'greedy' : 'random'));
      const { state } = playOut(engine, {
        init: { seats: 3, options: {}, deadlines: DEADLINES, seed: `greedy-vs-random-${i}`, at: 0 },
        bots,
        botSeed: `bots-${i}`,
      });
      const { winners } = engine.score(state);
      if (winners.includes(greedySeat)) greedyWins += 1 / winners.length;
    }
    console.info(`village-pillage greedy vs random (3 players): ${((greedyWins / GAMES) * 100).toFixed(1)}%`);
    expect(greedyWins / GAMES).toBeGreaterThanOrEqual(0.65);
  }, 600_000);
});
