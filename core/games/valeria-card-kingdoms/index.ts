import { revealingEvents, type GameEngine } from '../../engine/index.js';
import { CATALOG } from './catalog/index.js';
import { applyEvent } from './apply.js';
import { cloneState } from './draft.js';
import { randomBot, greedyBot } from './bots.js';
import { decideMove, decideTimeout } from './decide.js';
import type { VckEvent } from './events.js';
import { legalMoves } from './legal.js';
import { VckMove } from './moves.js';
import { scoreSheet } from './scoring.js';
import { setupGame } from './setup.js';
import { valeriaCardKingdomsListing } from './listing.js';
import { VckOptions, type VckState } from './state.js';
import { redactEvent, viewState } from './view.js';

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
 *   VK-R4: decide.ts. Secrecy (Dukes, submissions, face-down cards): view.ts.
 */
export const valeriaCardKingdoms: GameEngine<VckState, VckMove, VckEvent, VckOptions> = {
  meta: valeriaCardKingdomsListing.meta,
  engineVersion: valeriaCardKingdomsListing.engineVersion,
  optionsSchema: VckOptions,
  moveSchema: VckMove,
  setup: setupGame,
  legalMoves,
  decideMove,
  decideTimeout,
  clone: cloneState,
  evolve: applyEvent,
  view: viewState,
  redactEvent,
  score: scoreSheet,
  bots: { random: randomBot, greedy: greedyBot },
  catalog: CATALOG,
  // Two actions a turn ("Turn" step 3), planned together.
  batchesTurn: true,
  // What a commit holding one of these turned up stays seen: it cannot be undone.
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
};
