import type { GameEngine } from '../../engine/index.js';
import { applyEvent } from './apply.js';
import { randomBot, greedyBot } from './bots.js';
import { decideMove, decideTimeout } from './decide.js';
import type { VckEvent } from './events.js';
import { legalMoves } from './legal.js';
import { VckMove } from './moves.js';
import { scoreSheet } from './scoring.js';
import { setupGame } from './setup.js';
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
 * - Turn (roll, die changes, end, equal turns, Rest token): turn.ts.
 * - Harvest and VK-R2: harvest.ts. Actions and payments: actions.ts, payment.ts.
 * - Solo against the Dark Lord: solo.ts (+ the monster phase in turn.ts).
 * - End and scoring, VK-R1: scoring.ts. Deadlines and defaults, VK-R3 and
 *   VK-R4: decide.ts. Secrecy (Dukes, submissions, face-down cards): view.ts.
 */
export const valeriaCardKingdoms: GameEngine<VckState, VckMove, VckEvent, VckOptions> = {
  meta: {
    id: 'valeria-card-kingdoms',
    title: 'Valeria: Card Kingdoms',
    minSeats: 1,
    maxSeats: 5,
    summary: 'Roll, harvest with every kingdom at once, then slay monsters, recruit citizens and build domains; a secret Duke scores at the end. Solo against the Dark Lord.',
    variants: [
      { id: 'first-game', description: 'The recommended first game: fixed monster areas and citizens.' },
      { id: 'shining-gold', description: 'Themed setup "Shining Gold" (Or qui brille).' },
      { id: 'mastery-of-magic', description: 'Themed setup "Mastery of Magic" (Maîtrise de la Magie).' },
      { id: 'monstrous-blood', description: 'Themed setup "Monstrous Blood" (Sang monstrueux).' },
      { id: 'random', description: 'Five random monster areas and a random citizen per slot.' },
      { id: 'mixed-citizens', description: 'Mixed Citizens: both names of a slot shuffled in one stack, only the top face up.' },
    ],
  },
  optionsSchema: VckOptions,
  moveSchema: VckMove,
  setup: setupGame,
  legalMoves,
  decideMove,
  decideTimeout,
  apply: applyEvent,
  view: viewState,
  redactEvent,
  score: scoreSheet,
  bots: { random: randomBot, greedy: greedyBot },
};
