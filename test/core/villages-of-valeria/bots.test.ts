import { expect, it } from 'vitest';
import { playOut, type BotLevel } from '../../../core/engine/index.js';
import { DEADLINES, engine } from './helpers.js';

const GAMES = 1_000;

it(`the greedy bot beats the random bot in at least 70% of ${GAMES} seeded 2-player games`, () => {
  let greedyWins = 0;
  for (let i = 0; i < GAMES; i++) {
    const greedySeat = i % 2;
    const bots: BotLevel[] = greedySeat === 0 ? ['greedy', 'random'] : ['random', 'greedy'];
    const { state } = playOut(engine, { init: { seats: 2, options: {}, deadlines: DEADLINES, seed: `greedy-${i}`, at: 0 }, bots, botSeed: `greedy-bots-${i}` });
    const { winners } = engine.score(state);
    if (winners.includes(greedySeat)) greedyWins += 1 / winners.length;
  }
  expect(greedyWins / GAMES).toBeGreaterThanOrEqual(0.7);
}, 300_000);

it('the random bot only ever plays legal moves, and both bots finish solo games', () => {
  for (const level of ['random', 'greedy'] as const) {
    const { state } = playOut(engine, { init: { seats: 1, options: {}, deadlines: DEADLINES, seed: `solo-${level}`, at: 0 }, bots: [level], botSeed: 'solo' });
    expect(state.finished).toBe(true);
    expect(state.deck).toHaveLength(0);
  }
});
