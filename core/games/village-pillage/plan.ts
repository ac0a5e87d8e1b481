import { type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import type { CardId } from './catalog/index.js';
import type { VpMove } from './moves.js';
import { leftOf, playerAt, rightOf } from './rules.js';
import type { Play } from './events.js';
import type { VpState } from './state.js';

/**
 * Planning (rules "Plan", VP-R3). 3-5 players place a hand card toward each
 * neighbour; in the Duel a player queues two cards in the first round and one
 * behind the queued card afterwards. Two cards of one plan are two different
 * cards (they may share a type).
 */
export type PlanMove = Extract<VpMove, { type: 'plan' | 'queue' | 'enqueue' }>;

/** The kind of plan this seat sends now. */
export function planKind(state: VpState, seat: Seat): PlanMove['type'] {
  if (!state.duel) return 'plan';
  return playerAt(state, seat).queue.length === 0 ? 'queue' : 'enqueue';
}

const orderedPairs = (hand: readonly CardId[]): [CardId, CardId][] => hand.flatMap((a) => hand.filter((b) => b !== a).map((b): [CardId, CardId] => [a, b]));

/** Every plan this seat may submit now. */
export function planMoves(state: VpState, seat: Seat): PlanMove[] {
  const hand = playerAt(state, seat).hand;
  switch (planKind(state, seat)) {
    case 'plan':
      return orderedPairs(hand).map(([left, right]) => ({ type: 'plan', left, right }));
    case 'queue':
      return orderedPairs(hand).map(([front, back]) => ({ type: 'queue', front, back }));
    case 'enqueue':
      return hand.map((card) => ({ type: 'enqueue', card }));
  }
}

/** The cards a plan places, in the order stored: [left, right], or queue order in the Duel. */
export function plannedCards(move: PlanMove): CardId[] {
  switch (move.type) {
    case 'plan':
      return [move.left, move.right];
    case 'queue':
      return [move.front, move.back];
    case 'enqueue':
      return [move.card];
  }
}

export function checkPlan(state: VpState, seat: Seat, move: PlanMove): Rejection | null {
  const kind = planKind(state, seat);
  if (move.type !== kind) {
    const wanted = {
      plan: 'a card toward each neighbour (plan)',
      queue: 'a front and a back card (queue)',
      enqueue: 'one card behind your queued card (enqueue)',
    }[kind];
    return reject('wrong-plan', { wanted });
  }
  const cards = plannedCards(move);
  const hand = playerAt(state, seat).hand;
  const missing = cards.find((card) => !hand.includes(card));
  if (missing !== undefined) return reject('not-in-hand', { card: missing });
  if (new Set(cards).size !== cards.length) return reject('same-card');
  return null;
}

/** The cards that resolve once every plan is in: both sides of each player, or each Duel queue's front. */
export function revealedPlays(state: VpState): Play[] {
  const seats = state.players.length;
  return state.players.flatMap((player, seat): Play[] => {
    const plan = state.plans[seat];
    if (!plan) throw new Error(`seat ${seat} has no plan`);
    if (state.duel) {
      const front = [...player.queue, ...plan][0] as CardId;
      return [{ seat, card: front, toward: 1 - seat, side: 'front' }];
    }
    const [left, right] = plan as [CardId, CardId];
    return [
      { seat, card: left, toward: leftOf(seat, seats), side: 'left' },
      { seat, card: right, toward: rightOf(seat, seats), side: 'right' },
    ];
  });
}
