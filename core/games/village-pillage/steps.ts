import { dueSeats, everyoneSubmitted, stepRules, type StepMap } from '../../engine/index.js';
import { defaultDecision, orderMerchants, submitPlan, takeCard } from './decide.js';
import type { VpEvent } from './events.js';
import type { VpMove } from './moves.js';
import { planMoves, plannedCards } from './plan.js';
import { closePlanWindow } from './round.js';
import type { VpState } from './state.js';

/** Every step a Village Pillage game can await. */
export type VpStep = 'plan' | 'market-card' | 'merchant-order';

const rule = stepRules<VpState, VpMove, VpEvent>();

/** Which moves each step accepts, which are legal now (a plan may be replaced while the window is open), how each is decided, and what the engine does at its deadline. */
export const STEPS: StepMap<VpStep, VpState, VpMove, VpEvent> = {
  plan: rule({
    accepts: ['plan', 'queue', 'enqueue'],
    legal: planMoves,
    decide: submitPlan,
    // VP-R3: a missing plan whose part is due is a uniformly random legal plan; the plans are revealed once all are in.
    timeout(d) {
      for (const seat of dueSeats(d.state.pending, d.at)) d.emit({ type: 'plan-submitted', seat, cards: plannedCards(d.rng.pick(planMoves(d.state, seat))) });
      const pending = d.state.pending;
      if (pending?.kind === 'simultaneous' && everyoneSubmitted(pending)) closePlanWindow(d);
    },
  }),
  // VP-R4: the leftmost Market card.
  'market-card': rule({
    accepts: ['take-card'],
    legal: (state) => state.market.row.map((card) => ({ type: 'take-card', card })),
    decide: takeCard,
    timeout: defaultDecision,
  }),
  // VP-R4: the left Merchant first.
  'merchant-order': rule({
    accepts: ['order-merchants'],
    legal: () => [
      { type: 'order-merchants', first: 'left' },
      { type: 'order-merchants', first: 'right' },
    ],
    decide: orderMerchants,
    timeout: defaultDecision,
  }),
};
