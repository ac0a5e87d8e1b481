import { revealingEvents } from '../../engine/index.js';
import { defineGame } from '../../engine/define.js';
import { folding } from './draft.js';
import { greedyBot } from './bots.js';
import { CATALOG } from './catalog/index.js';
import type { VckEvent } from './events.js';
import { VckMove } from './moves.js';
import { scoreSheet } from './scoring.js';
import { setupGame } from './setup.js';
import { valeriaCardKingdomsListing } from './listing.js';
import { playOverdue, STEPS } from './steps.js';
import { redeal } from './redeal.js';
import { redactEvent, shownIn, viewState } from './view.js';

export type { VckEvent } from './events.js';
export type { VckState } from './state.js';
export { VckMove } from './moves.js';
export { VckOptions, SETUP_KINDS } from './state.js';

/**
 * Valeria: Card Kingdoms — rules of record: shared/rules/valeria-card-kingdoms.md.
 * Where each part of the rules lives:
 * - Components, the cards: catalog/data.ts (facts marked `source`), shapes and
 *   the effect vocabulary in catalog/schema.ts, interpreted by effects.ts.
 * - Setup, five-player stacks, Mixed Citizens, themed setups: setup.ts.
 * - Turn (roll, die changes, end, equal turns, Rest token, VK-R6): turn.ts.
 * - Harvest, VK-R2, VK-R5 and VK-R8 (the Thief's amount, asked in turn.ts):
 *   harvest.ts. Actions and payments: actions.ts, payment.ts.
 * - Solo against the Dark Lord: solo.ts (+ the monster phase in turn.ts).
 * - End and scoring, VK-R1 and VK-R7: scoring.ts. Deadlines and defaults, VK-R3 and
 *   VK-R4: steps.ts. Secrecy (Dukes, submissions, face-down cards): view.ts;
 *   what a viewer cannot see, dealt again: redeal.ts; a bot's world: world.ts.
 */
export const valeriaCardKingdoms = defineGame({
  listing: valeriaCardKingdomsListing,
  moveSchema: VckMove,
  setup: setupGame,
  steps: STEPS,
  overdue: playOverdue,
  fold: folding,
  view: viewState,
  shown: shownIn,
  redeal,
  redactEvent,
  score: scoreSheet,
  greedyBot,
  catalog: CATALOG,
  // Two actions a turn ("Turn" step 3), planned together.
  batchesTurn: true,
  // Beyond what the views show (shownIn), what a commit holding one of these turned up stays seen:
  // it cannot be undone.
  reveals: revealingEvents<VckEvent>([
    'dice-rolled',
    'harvest-resolved',
    'duke-kept',
    'monster-slain',
    'monster-stolen',
    'domain-built',
    'dark-lord-captured',
    'game-ended',
  ]),
});
