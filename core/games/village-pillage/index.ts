import { revealingEvents, type GameEngine } from '../../engine/index.js';
import { CATALOG } from './catalog/index.js';
import { applyEvent } from './apply.js';
import { cloneState } from './draft.js';
import { greedyBot, randomBot } from './bots.js';
import { decideMove, decideTimeout } from './decide.js';
import type { VpEvent } from './events.js';
import { legalMoves } from './legal.js';
import { VpMove } from './moves.js';
import { scoreSheet } from './score.js';
import { setupGame } from './setup.js';
import { villagePillageListing } from './listing.js';
import { VpOptions, type VpState } from './state.js';
import { redactEvent, viewState } from './view.js';

export type { VpEvent } from './events.js';
export type { VpState } from './state.js';
export { VpMove } from './moves.js';
export { VpOptions } from './state.js';

/** Village Pillage — rules of record: shared/rules/village-pillage.md (VP-R1 … VP-R6). */
export const villagePillage: GameEngine<VpState, VpMove, VpEvent, VpOptions> = {
  meta: villagePillageListing.meta,
  engineVersion: villagePillageListing.engineVersion,
  optionsSchema: VpOptions,
  moveSchema: VpMove,
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
  // What a commit holding one of these turned up stays seen: it cannot be undone.
  reveals: revealingEvents<VpEvent>(['plans-revealed', 'card-bought', 'relic-bought', 'round-refreshed', 'stolen', 'game-ended']),
};
