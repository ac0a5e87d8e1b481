import { mayAct, type Seat } from '../../engine/index.js';
import type { VpMove } from './moves.js';
import { planMoves } from './plan.js';
import type { VpState } from './state.js';

/** The moves this seat may send now, each accepted exactly as listed (a plan may be replaced while the window is open). */
export function legalMoves(state: VpState, seat: Seat): VpMove[] {
  const pending = state.pending;
  if (state.finished || !pending || !mayAct(pending, seat)) return [];
  switch (pending.step) {
    case 'plan':
      return planMoves(state, seat);
    case 'market-card':
      return state.market.row.map((card) => ({ type: 'take-card', card }));
    case 'merchant-order':
      return [
        { type: 'order-merchants', first: 'left' },
        { type: 'order-merchants', first: 'right' },
      ];
    default:
      return [];
  }
}
