import { revealingEvents } from '../../engine/index.js';
import { defineGame } from '../../engine/define.js';
import { folding } from './draft.js';
import { greedyBot } from './bots.js';
import { CATALOG } from './catalog/index.js';
import type { VpEvent } from './events.js';
import { VpMove } from './moves.js';
import { scoreSheet } from './score.js';
import { setupGame } from './setup.js';
import { villagePillageListing } from './listing.js';
import { STEPS } from './steps.js';
import { redeal } from './redeal.js';
import { redactEvent, shownIn, viewState } from './view.js';

export type { VpEvent } from './events.js';
export type { VpState } from './state.js';
export { VpMove } from './moves.js';
export { VpOptions } from './state.js';

/** Village Pillage — rules of record: shared/rules/village-pillage.md (VP-R1 … VP-R6). */
export const villagePillage = defineGame({
  listing: villagePillageListing,
  moveSchema: VpMove,
  setup: setupGame,
  steps: STEPS,
  fold: folding,
  view: viewState,
  shown: shownIn,
  redeal,
  redactEvent,
  score: scoreSheet,
  greedyBot,
  catalog: CATALOG,
  // Beyond what the views show (shownIn), what a commit holding one of these turned up stays seen:
  // it cannot be undone.
  reveals: revealingEvents<VpEvent>(['plans-revealed', 'card-bought', 'relic-bought', 'round-refreshed', 'stolen', 'game-ended']),
});
