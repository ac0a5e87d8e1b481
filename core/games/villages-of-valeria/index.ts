import type { GameEngine } from '../../engine/index.js';
import { applyEvent } from './apply.js';
import { greedyBot, randomBot } from './bots.js';
import { decideMove, decideTimeout } from './decide.js';
import type { VvEvent } from './events.js';
import { legalMoves } from './legal.js';
import { VvMove } from './moves.js';
import { scoreSheet } from './score.js';
import { setupGame } from './setup.js';
import { vvStandingOrders } from './standing-orders.js';
import { VvOptions, type VvState } from './state.js';
import { redactEvent, viewState } from './view.js';

export type { VvEvent } from './events.js';
export type { VvState } from './state.js';
export { VvMove } from './moves.js';
export { VvOptions } from './state.js';

/** Villages of Valeria — rules of record: shared/rules/villages-of-valeria.md (VV-R1 … VV-R9). */
export const villagesOfValeria: GameEngine<VvState, VvMove, VvEvent, VvOptions> = {
  meta: {
    id: 'villages-of-valeria',
    title: 'Villages of Valeria',
    minSeats: 1,
    maxSeats: 5,
    summary:
      'Lead one of five actions, let everyone follow it, and build a village of Buildings and Adventurers around your Castle. One seat plays the solo variant.',
    variants: [{ id: 'solo', description: 'One seat: a 35-card deck, no follows, coins stay out an extra turn; ranked from Pothole to Imperator.' }],
  },
  optionsSchema: VvOptions,
  moveSchema: VvMove,
  setup: setupGame,
  legalMoves,
  decideMove,
  decideTimeout,
  apply: applyEvent,
  view: viewState,
  redactEvent,
  score: scoreSheet,
  bots: { random: randomBot, greedy: greedyBot },
  standingOrders: vvStandingOrders,
};
