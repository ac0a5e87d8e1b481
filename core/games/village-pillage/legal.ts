import { legalByStep, type Seat } from '../../engine/index.js';
import type { VpMove } from './moves.js';
import type { VpState } from './state.js';
import { STEPS } from './steps.js';

/** The moves this seat may send now, each accepted exactly as listed (per step: steps.ts; a plan may be replaced while the window is open). */
export function legalMoves(state: VpState, seat: Seat): VpMove[] {
  return legalByStep(STEPS, state, seat);
}
