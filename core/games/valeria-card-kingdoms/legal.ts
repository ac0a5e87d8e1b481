import { mayAct, type Seat } from '../../engine/index.js';
import { actionMoves } from './actions.js';
import { harvestSubmissions } from './harvest.js';
import { playerAt } from './kingdom.js';
import type { VckMove } from './moves.js';
import type { VckState } from './state.js';
import { dieChanges } from './turn.js';

/** The moves this seat may send now, each accepted exactly as listed. */
export function legalMoves(state: VckState, seat: Seat): VckMove[] {
  const pending = state.pending;
  if (state.finished || !pending || !mayAct(pending, seat)) return [];
  switch (pending.step) {
    case 'duke': {
      const player = playerAt(state, seat);
      return player.duke === null ? player.dukeOffer.map((duke) => ({ type: 'keep-duke', duke })) : [];
    }
    case 'roll':
      return [{ type: 'roll' }];
    case 'dice':
      return [{ type: 'keep-dice' }, ...dieChanges(state).map(({ domain, die }): VckMove => ({ type: 'change-die', domain, die }))];
    case 'harvest':
    case 'second-harvest':
      if (pending.kind !== 'simultaneous' || pending.submitted.includes(seat) || !state.harvest) return [];
      return harvestSubmissions(state.harvest.prompts[seat] ?? []).map((answers) => ({ type: 'harvest', answers }));
    case 'action':
      return actionMoves(state, seat);
    case 'theft': {
      // VK-R8: any amount from 0 to the most the take can get.
      const most = state.harvest?.theft?.most ?? 0;
      return Array.from({ length: most + 1 }, (_, amount): VckMove => ({ type: 'steal', amount }));
    }
    case 'choose':
      return (state.choice ?? []).map((_, option) => ({ type: 'choose', option }));
    default:
      return [];
  }
}
