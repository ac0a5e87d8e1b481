import { awaitedStep, everyoneSubmitted, type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { buyCard } from './buy.js';
import type { Draft } from './draft.js';
import type { VpMove } from './moves.js';
import { checkPlan, plannedCards } from './plan.js';
import { STEPS } from './steps.js';
import { closePlanWindow, continueRound } from './round.js';
import type { BuyTask, VpState } from './state.js';

const headTask = (state: VpState): BuyTask => {
  const task = state.buying[0];
  if (!task) throw new Error('a BUY decision without a BUY');
  return task;
};

/** Checks one move against the draft's state and emits its events; a rejection leaves the draft untouched. */
export function decideMove(d: Draft, seat: Seat, move: VpMove): Rejection | null {
  const step = d.state.pending?.step ?? 'none';
  if (!awaitedStep(STEPS, d.state)?.accepts.includes(move.type)) return reject('wrong-step', { step, move: move.type });
  switch (move.type) {
    case 'plan':
    case 'queue':
    case 'enqueue': {
      // VP-R3: a seat may replace its plan as long as the window is open.
      const problem = checkPlan(d.state, seat, move);
      if (problem) return problem;
      d.emit({ type: 'plan-submitted', seat, cards: plannedCards(move) });
      const pending = d.state.pending;
      if (pending?.kind === 'simultaneous' && everyoneSubmitted(pending)) closePlanWindow(d);
      return null;
    }
    case 'take-card':
      if (!d.state.market.row.includes(move.card)) return reject('not-in-market', { card: move.card });
      buyCard(d, headTask(d.state), move.card);
      continueRound(d);
      return null;
    case 'order-merchants':
      d.emit({ type: 'merchants-ordered', seat, first: move.first });
      continueRound(d);
      return null;
  }
}

/** VP-R4 defaults of a pending decision: the leftmost Market card; the left Merchant first. */
export function defaultDecision(d: Draft): void {
  const state = d.state;
  if (state.pending?.step === 'market-card') buyCard(d, headTask(state), state.market.row[0] as string);
  else d.emit({ type: 'merchants-ordered', seat: headTask(state).seat, first: 'left' });
  continueRound(d);
}

/** Defaults once a deadline passed (each step's own in steps.ts): VP-R3 for plans, VP-R4 for decisions. */
export function decideTimeout(d: Draft): void {
  awaitedStep(STEPS, d.state)?.timeout(d);
}
