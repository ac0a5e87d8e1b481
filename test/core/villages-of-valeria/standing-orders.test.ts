import { describe, expect, it } from 'vitest';
import { botMove, execute, Rng, rngStateFromSeed } from '../../../core/engine/index.js';
import { villagesOfValeria } from '../../../core/games/villages-of-valeria/index.js';
import { VvStandingOrders, vvStandingOrders } from '../../../core/games/villages-of-valeria/standing-orders.js';
import type { VvState } from '../../../core/games/villages-of-valeria/state.js';

const orders = VvStandingOrders.parse({ tax: 'decline', harvest: { follow: true } });

describe('standing follow orders', () => {
  it('decline a followed Tax, follow a Harvest drawing from the deck, and leave every other choice to the player', () => {
    const seen = { declinedTax: 0, followedHarvest: 0, drewFromDeck: 0, leftAlone: 0 };
    for (let game = 0; game < 40; game++) {
      let state = villagesOfValeria.setup({ seats: 3, options: {}, deadlines: { turnMs: 1000, windowMs: 1000 }, seed: `orders-${game}`, at: 0 }) as VvState;
      const rng = new Rng(rngStateFromSeed(`bots-${game}`));
      for (let step = 0; step < 400 && !state.finished; step++) {
        const pending = state.pending!;
        const seat = pending.kind === 'simultaneous' ? pending.seats.find((s) => !pending.submitted.includes(s))! : pending.seat;
        const answer = vvStandingOrders.answer(state, seat, orders);
        const activity = state.flow.activity;
        if (pending.step === 'follow' && state.flow.led === 'tax') {
          expect(answer).toEqual({ type: 'decline' });
          seen.declinedTax++;
        } else if (pending.step === 'follow' && state.flow.led === 'harvest') {
          expect(answer).toEqual({ type: 'harvest' });
          seen.followedHarvest++;
        } else if (pending.step === 'draw' && activity?.role === 'follow' && activity.seat === seat && state.flow.led === 'harvest' && state.deck.length > 0) {
          expect(answer).toEqual({ type: 'draw', from: 'deck' });
          seen.drewFromDeck++;
        } else if (pending.step !== 'follow' && !(pending.step === 'draw' && activity?.role === 'follow')) {
          expect(answer).toBeNull();
          seen.leftAlone++;
        }
        const move = answer ?? botMove(villagesOfValeria, 'random', state, seat, rng);
        const result = execute(villagesOfValeria, state, { type: 'move', seat, move, at: step });
        if (!result.ok) expect.fail(`${JSON.stringify(move)} refused: ${result.code}`);
        state = result.state;
      }
    }
    expect(seen.declinedTax).toBeGreaterThan(5);
    expect(seen.followedHarvest).toBeGreaterThan(5);
    expect(seen.drewFromDeck).toBeGreaterThan(5);
    expect(seen.leftAlone).toBeGreaterThan(100);
  });

  it('refuses orders outside the vocabulary', () => {
    expect(VvStandingOrders.safeParse({ build: { follow: true } }).success).toBe(false);
    expect(VvStandingOrders.safeParse({ tax: 'sometimes' }).success).toBe(false);
    expect(VvStandingOrders.parse({ harvest: { follow: true, drawFrom: 2 } })).toEqual({ harvest: { follow: true, drawFrom: 2 } });
  });
});
