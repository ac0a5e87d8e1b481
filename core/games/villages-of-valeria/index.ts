import { revealingEvents } from '../../engine/index.js';
import { defineGame } from '../../engine/define.js';
import { CATALOG } from './catalog/index.js';
import { applyEvent, cloneState } from './apply.js';
import { greedyBot } from './bots.js';
import type { VvEvent } from './events.js';
import { VvMove } from './moves.js';
import { scoreSheet } from './score.js';
import { setupGame } from './setup.js';
import { vvStandingOrders } from './standing-orders.js';
import { villagesOfValeriaListing } from './listing.js';
import { completeAbsentAction, STEPS } from './steps.js';
import { redeal } from './redeal.js';
import { redactEvent, shownIn, viewState } from './view.js';

export type { VvEvent } from './events.js';
export type { VvState } from './state.js';
export { VvMove } from './moves.js';
export { VvOptions } from './state.js';

/** Villages of Valeria — rules of record: shared/rules/villages-of-valeria.md (VV-R1 … VV-R10). */
export const villagesOfValeria = defineGame({
  listing: villagesOfValeriaListing,
  moveSchema: VvMove,
  setup: setupGame,
  steps: STEPS,
  overdue: completeAbsentAction,
  fold: { clone: cloneState, evolve: applyEvent },
  view: viewState,
  shown: shownIn,
  redeal,
  redactEvent,
  score: scoreSheet,
  greedyBot,
  standingOrders: vvStandingOrders,
  catalog: CATALOG,
  // Beyond what the views show (shownIn), what a commit holding one of these turned up stays seen:
  // it cannot be undone. A discard turns a hand card face up; a follow offer passes over those who
  // cannot pay (VV-R6), which tells everyone something about their hands.
  reveals: revealingEvents<VvEvent>(['drew', 'discarded', 'replenished', 'setup-revealed', 'cards-stolen', 'follow-offered', 'game-ended']),
});
