import { legalByStep, type Seat } from '../../engine/index.js';
import { harvestSubmissions } from './harvest.js';
import { playerAt } from './kingdom.js';
import type { VckMove } from './moves.js';
import type { VckState } from './state.js';
import { STEPS } from './steps.js';
import { dieChanges } from './turn.js';

/** The moves this seat may send now, each accepted exactly as listed (per step: steps.ts). */
export function legalMoves(state: VckState, seat: Seat): VckMove[] {
  return legalByStep(STEPS, state, seat);
}

export function dukeMoves(state: VckState, seat: Seat): VckMove[] {
  const player = playerAt(state, seat);
  return player.duke === null ? player.dukeOffer.map((duke) => ({ type: 'keep-duke', duke })) : [];
}

export function diceMoves(state: VckState): VckMove[] {
  return [{ type: 'keep-dice' }, ...dieChanges(state).map(({ domain, die }): VckMove => ({ type: 'change-die', domain, die }))];
}

export function harvestMoves(state: VckState, seat: Seat): VckMove[] {
  const pending = state.pending;
  if (pending?.kind !== 'simultaneous' || pending.submitted.includes(seat) || !state.harvest) return [];
  return harvestSubmissions(state.harvest.prompts[seat] ?? []).map((answers) => ({ type: 'harvest', answers }));
}

export function chooseMoves(state: VckState): VckMove[] {
  return (state.choice ?? []).map((_, option) => ({ type: 'choose', option }));
}

/** VK-R8: any amount from 0 to the most the offered take can get. */
export function stealMoves(state: VckState): VckMove[] {
  const most = state.harvest?.theft?.most ?? 0;
  return Array.from({ length: most + 1 }, (_, amount): VckMove => ({ type: 'steal', amount }));
}
