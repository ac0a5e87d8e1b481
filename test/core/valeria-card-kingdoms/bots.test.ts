import { describe, expect, it } from 'vitest';
import { botMove, playOut, Rng, rngStateFromSeed, type BotLevel } from '../../../core/engine/index.js';
import { SETUP_KINDS } from '../../../core/games/valeria-card-kingdoms/state.js';
import { atActions, DEADLINES, engine, started } from './helpers.js';

const GAMES = 1000;

describe('Valeria: Card Kingdoms bots', () => {
  it('the random bot plays every legal move, and only those, about equally often', () => {
    const state = atActions(started(2), { gold: 4, strength: 3, magic: 2 });
    const seat = state.turn.active;
    const legal = engine.legalMoves(state, seat).map((m) => JSON.stringify(m));
    const counts = new Map<string, number>();
    const rng = new Rng(rngStateFromSeed('uniform'));
    const draws = legal.length * 400;
    for (let i = 0; i < draws; i++) {
      const move = JSON.stringify(botMove(engine, 'random', state, seat, rng));
      counts.set(move, (counts.get(move) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...legal].sort());
    for (const n of counts.values()) expect(Math.abs(n - 400)).toBeLessThan(100);
  });

  it(`greedy beats random in at least 70% of ${GAMES} seeded 2-player games`, () => {
    let greedyWins = 0;
    for (let i = 0; i < GAMES; i++) {
      const greedySeat = i % 2;
      const bots: BotLevel[] = greedySeat === 0 ? ['greedy', 'random'] : ['random', 'greedy'];
      const setup = SETUP_KINDS[i % SETUP_KINDS.length] ?? 'first-game';
      const { state } = playOut(engine, {
        init: { seats: 2, options: { setup, mixedCitizens: i % 7 === 0 }, deadlines: DEADLINES, seed: `greedy-vs-random-${i}`, at: 0 },
        bots,
        botSeed: `bots-${i}`,
      });
      const { winners } = engine.score(state);
      if (winners.length === 1 && winners[0] === greedySeat) greedyWins++;
    }
    expect(greedyWins / GAMES).toBeGreaterThanOrEqual(0.7);
  }, 600_000);
});
