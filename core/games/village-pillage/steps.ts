import { dueSeats, everyoneSubmitted, type StepMap } from '../../engine/index.js';
import { defaultDecision } from './decide.js';
import type { VpEvent } from './events.js';
import type { VpMove } from './moves.js';
import { planMoves, plannedCards } from './plan.js';
import { closePlanWindow } from './round.js';
import type { VpState } from './state.js';

/** Every step a Village Pillage game can await. */
export type VpStep = 'plan' | 'market-card' | 'merchant-order';

/** Which moves each step accepts, which are legal now, and what the engine does at its deadline. */
export const STEPS: StepMap<VpStep, VpState, VpMove, VpEvent> = {
  plan: {
    accepts: ['plan', 'queue', 'enqueue'],
    legal: planMoves,
    // VP-R3: a missing plan whose part is due is a uniformly random legal plan; the plans are revealed once all are in.
    timeout(d) {
      for (const seat of dueSeats(d.state.pending, d.at)) d.emit({ type: 'plan-submitted', seat, cards: plannedCards(d.rng.pick(planMoves(d.state, seat))) });
      const pending = d.state.pending;
      if (pending?.kind === 'simultaneous' && everyoneSubmitted(pending)) closePlanWindow(d);
    },
  },
  // VP-R4: the leftmost Market card.
  'market-card': { accepts: ['take-card'], legal: (state) => state.market.row.map((card) => ({ type: 'take-card', card })), timeout: defaultDecision },
  // VP-R4: the left Merchant first.
  'merchant-order': {
    accepts: ['order-merchants'],
    legal: () => [
      { type: 'order-merchants', first: 'left' },
      { type: 'order-merchants', first: 'right' },
    ],
    timeout: defaultDecision,
  },
};
