import type { StepMap } from '../../engine/index.js';
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
    // VP-R3: a missing plan is a uniformly random legal plan.
    timeout(d) {
      d.state.plans.forEach((plan, seat) => {
        if (plan === null) d.emit({ type: 'plan-submitted', seat, cards: plannedCards(d.rng.pick(planMoves(d.state, seat))) });
      });
      closePlanWindow(d);
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
