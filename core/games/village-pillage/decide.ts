import { everyoneSubmitted, type MoveOf, type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { buyCard } from './buy.js';
import type { Draft } from './draft.js';
import type { VpMove } from './moves.js';
import { checkPlan, plannedCards, type PlanMove } from './plan.js';
import { closePlanWindow, continueRound } from './round.js';
import type { BuyTask } from './events.js';
import type { VpState } from './state.js';

/** Each step's decision (steps.ts gives each the moves of its step); a rejection leaves the draft untouched. */

const headTask = (state: VpState): BuyTask => {
  const task = state.buying[0];
  if (!task) throw new Error('a BUY decision without a BUY');
  return task;
};

/** VP-R3: a seat may replace its plan as long as the window is open; the plans are revealed once all are in. */
export function submitPlan(d: Draft, seat: Seat, move: PlanMove): Rejection | null {
  const problem = checkPlan(d.state, seat, move);
  if (problem) return problem;
  d.emit({ type: 'plan-submitted', seat, cards: plannedCards(move) });
  const pending = d.state.pending;
  if (pending?.kind === 'simultaneous' && everyoneSubmitted(pending)) closePlanWindow(d);
  return null;
}

export function takeCard(d: Draft, _seat: Seat, move: MoveOf<VpMove, 'take-card'>): Rejection | null {
  if (!d.state.market.row.includes(move.card)) return reject('not-in-market', { card: move.card });
  buyCard(d, headTask(d.state), move.card);
  continueRound(d);
  return null;
}

export function orderMerchants(d: Draft, seat: Seat, move: MoveOf<VpMove, 'order-merchants'>): Rejection | null {
  d.emit({ type: 'merchants-ordered', seat, first: move.first });
  continueRound(d);
  return null;
}

/** VP-R4 defaults of a pending decision: the leftmost Market card; the left Merchant first. */
export function defaultDecision(d: Draft): void {
  const state = d.state;
  if (state.pending?.step === 'market-card') buyCard(d, headTask(state), state.market.row[0] as string);
  else d.emit({ type: 'merchants-ordered', seat: headTask(state).seat, first: 'left' });
  continueRound(d);
}
