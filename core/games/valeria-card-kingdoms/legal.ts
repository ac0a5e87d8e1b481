import type { MoveOf, Seat } from '../../engine/index.js';
import { harvestSubmissions } from './harvest.js';
import { playerAt } from './kingdom.js';
import type { VckMove } from './moves.js';
import type { VckState } from './state.js';
import { dieChanges } from './turn.js';

/** The moves of each step a seat may send now, each accepted exactly as listed (the actions' are actionMoves in actions.ts). */

export function dukeMoves(state: VckState, seat: Seat): MoveOf<VckMove, 'keep-duke'>[] {
  const player = playerAt(state, seat);
  return player.duke === null ? player.dukeOffer.map((duke) => ({ type: 'keep-duke', duke })) : [];
}

export function diceMoves(state: VckState): MoveOf<VckMove, 'keep-dice' | 'change-die'>[] {
  return [{ type: 'keep-dice' }, ...dieChanges(state).map(({ domain, die }) => ({ type: 'change-die' as const, domain, die }))];
}

export function harvestMoves(state: VckState, seat: Seat): MoveOf<VckMove, 'harvest'>[] {
  const pending = state.pending;
  if (pending?.kind !== 'simultaneous' || pending.submitted.includes(seat) || !state.harvest) return [];
  return harvestSubmissions(state.harvest.prompts[seat] ?? []).map((answers) => ({ type: 'harvest', answers }));
}

export function chooseMoves(state: VckState): MoveOf<VckMove, 'choose'>[] {
  return (state.choice ?? []).map((_, option) => ({ type: 'choose', option }));
}

/** VK-R8: any amount from 0 to the most the offered take can get. */
export function stealMoves(state: VckState): MoveOf<VckMove, 'steal'>[] {
  const most = state.harvest?.theft?.most ?? 0;
  return Array.from({ length: most + 1 }, (_, amount) => ({ type: 'steal' as const, amount }));
}
