import type { MoveOf, Seat } from '../../engine/index.js';
import { buildableCards, canTakeAction, recruitableAdventurers, type ActionMove } from './actions.js';
import { drawablePiles, playerAt, reservedCard } from './board.js';
import type { VvMove } from './moves.js';
import { needsTarget, usablePowers } from './powers.js';
import type { Role } from './events.js';
import type { VvState } from './state.js';

/**
 * The moves of each step a seat may send now, each accepted exactly as
 * listed. Builds are listed with the "auto" payment; explicit payments are
 * accepted too but not enumerated, which keeps the list short.
 */

export function setupMoves(state: VvState, seat: Seat): MoveOf<VvMove, 'setup-develop'>[] {
  if (state.setupChoices[seat] !== null) return [];
  return playerAt(state, seat).hand.map((card) => ({ type: 'setup-develop', card }));
}

export function drawMoves(state: VvState): MoveOf<VvMove, 'draw'>[] {
  const piles: MoveOf<VvMove, 'draw'>[] = drawablePiles(state).map((from) => ({ type: 'draw', from }));
  return state.deck.length > 0 ? [{ type: 'draw', from: 'deck' }, ...piles] : piles;
}

export function actionMoves(state: VvState, seat: Seat, role: Role): ActionMove[] {
  const actions = role === 'lead' ? (['harvest', 'develop', 'build', 'recruit', 'tax'] as const) : state.flow.led ? [state.flow.led] : [];
  const moves: ActionMove[] = [];
  for (const action of actions) {
    if (action === 'build') for (const card of buildableCards(state, seat)) moves.push({ type: 'build', card, payment: 'auto' });
    else if (action === 'recruit') for (const adventurer of recruitableAdventurers(state, seat, role)) moves.push({ type: 'recruit', adventurer });
    else if (!canTakeAction(state, seat, action, role)) continue;
    else if (action === 'develop') for (const card of playerAt(state, seat).hand) moves.push({ type: 'develop', card });
    else moves.push({ type: action });
  }
  return moves;
}

export function discardMoves(state: VvState, seat: Seat, forCost: boolean): MoveOf<VvMove, 'discard'>[] {
  const reserved = forCost ? reservedCard(state) : null;
  const moves: MoveOf<VvMove, 'discard'>[] = [];
  for (const card of playerAt(state, seat).hand) {
    if (card === reserved) continue;
    if (state.solo) moves.push({ type: 'discard', card });
    else for (let pile = 0; pile < state.piles.length; pile++) moves.push({ type: 'discard', card, pile });
  }
  return moves;
}

export function powerMoves(state: VvState): MoveOf<VvMove, 'power' | 'end-powers'>[] {
  const act = state.flow.activity;
  if (!act) return [];
  const moves: MoveOf<VvMove, 'power' | 'end-powers'>[] = [{ type: 'end-powers' }];
  for (const card of usablePowers(state, act)) {
    if (!needsTarget(state, card)) moves.push({ type: 'power', card });
    else for (let target = 0; target < state.seats; target++) if (target !== act.seat) moves.push({ type: 'power', card, target });
  }
  return moves;
}
