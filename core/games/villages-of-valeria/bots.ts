import type { Seat } from '../../engine/index.js';
import type { ChoosingBot } from '../../engine/define.js';
import { adventurer, building, type CardId, powerOf } from './catalog/index.js';
import { playerAt } from './board.js';
import type { VvMove } from './moves.js';
import type { VvState } from './state.js';

/** How much a hand card is worth keeping: its VP, less for costly ones. */
const cardValue = (card: CardId): number => building(card).vp * 2 - building(card).cost.length + (powerOf(card) ? 1 : 0);

/**
 * A one-move-deep heuristic: build or recruit the most valuable card it can,
 * follow whatever gains cards or village, draw the best visible card, use
 * every power, and discard its least valuable cards.
 */
function value(state: VvState, seat: Seat, move: VvMove): number {
  const p = playerAt(state, seat);
  const following = state.pending?.step === 'follow';
  switch (move.type) {
    case 'setup-develop':
      return -cardValue(move.card);
    case 'build':
      return 30 + building(move.card).vp * 3 + (powerOf(move.card) ? 2 : 0);
    case 'recruit':
      return 30 + adventurer(move.adventurer).vp * 3 - (following ? 2 : 0);
    case 'develop':
      return (p.resources.length < 3 ? 12 : following ? -5 : 2) - cardValue(move.card);
    case 'harvest':
      return following ? 5 : p.hand.length < 4 ? 14 : 6;
    case 'tax':
      return following ? 5 : state.bank > 0 ? 8 : 4;
    case 'decline':
      return 0;
    case 'draw': {
      if (move.from === 'deck') return 3;
      const top = state.piles[move.from]?.[(state.piles[move.from]?.length ?? 1) - 1];
      return top === undefined ? 0 : cardValue(top);
    }
    case 'discard':
      return -cardValue(move.card) - (move.pile ?? 0) * 0.01;
    case 'power':
      return 10 + (move.target === undefined ? 0 : playerAt(state, move.target).hand.length + playerAt(state, move.target).coins);
    case 'end-powers':
      return 0;
  }
}

export const greedyBot: ChoosingBot<VvState, VvMove> = (state, seat, rng, moves) => {
  let best: VvMove[] = [];
  let bestValue = -Infinity;
  for (const move of moves) {
    const v = value(state, seat, move);
    if (v > bestValue) {
      bestValue = v;
      best = [move];
    } else if (v === bestValue) best.push(move);
  }
  return rng.pick(best);
};
