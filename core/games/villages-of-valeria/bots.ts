import type { Bot, SeatView, Seat } from '../../engine/index.js';
import { adventurer, building, type CardId, powerOf } from './catalog/index.js';
import type { VvMove } from './moves.js';
import type { VvBoard } from './view.js';

/** How much a hand card is worth keeping: its VP, less for costly ones. */
const cardValue = (card: CardId): number => building(card).vp * 2 - building(card).cost.length + (powerOf(card) ? 1 : 0);

/**
 * A one-move-deep heuristic, read from the seat's view alone: build or
 * recruit the most valuable card it can, follow whatever gains cards or
 * village, draw the best visible card, use every power, and discard its
 * least valuable cards.
 */
function value(view: SeatView<VvBoard>, seat: Seat, move: VvMove): number {
  const board = view.board;
  const p = board.players[seat] as VvBoard['players'][number];
  const following = view.pending?.step === 'follow';
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
      return following ? 5 : p.handSize < 4 ? 14 : 6;
    case 'tax':
      return following ? 5 : board.bank > 0 ? 8 : 4;
    case 'decline':
      return 0;
    case 'draw': {
      if (move.from === 'deck') return 3;
      const top = board.piles[move.from]?.top ?? null;
      return top === null ? 0 : cardValue(top);
    }
    case 'discard':
      return -cardValue(move.card) - (move.pile ?? 0) * 0.01;
    case 'power': {
      const target = move.target === undefined ? undefined : board.players[move.target];
      return 10 + (target ? target.handSize + target.coins : 0);
    }
    case 'end-powers':
      return 0;
  }
}

export const greedyBot: Bot<VvBoard, VvMove> = ({ view, seat, legal }, rng) => {
  let best: VvMove[] = [];
  let bestValue = -Infinity;
  for (const move of legal) {
    const v = value(view, seat, move);
    if (v > bestValue) {
      bestValue = v;
      best = [move];
    } else if (v === bestValue) best.push(move);
  }
  return rng.pick(best);
};
