import { describe, expect, it } from 'vitest';
import { edit, newGame, ofType, player, playRound, sides } from './helpers.js';

/** VP-R6: a payment takes turnips from the Stockpile first, then from the Bank. */
describe('VP-R6: paying from the Stockpile first', () => {
  it('a relic of 8 paid by 6 in the Stockpile and 4 in the Bank takes all 6, then 2 from the Bank', () => {
    // Everyone: Merchant left (meeting a Wall), Wall right (meeting a Merchant: GAIN 1, BANK 1).
    const start = edit(newGame(3), (s) => {
      Object.assign(player(s, 0), { stockpile: 6, bank: 3 });
      for (const seat of [1, 2]) Object.assign(player(s, seat), { stockpile: 0, bank: 0 });
    });
    const { state, events } = playRound(start, [sides('Merchant', 'Wall'), sides('Merchant', 'Wall'), sides('Merchant', 'Wall')]);
    // Seat 0 at BUY time: 6 + 1 - 1 = 6 in the Stockpile, 3 + 1 = 4 in the Bank.
    expect(ofType(events, 'relic-bought').map((e) => [e.seat, e.paid])).toEqual([[0, { stockpile: 6, bank: 2 }]]);
    expect(player(state, 0)).toMatchObject({ stockpile: 0, bank: 2 });
  });
});
