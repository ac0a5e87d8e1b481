import type { ScoreSheet } from '../../engine/index.js';
import { turnips } from './rules.js';
import type { VpState } from './state.js';

/** Score = relics owned; the details carry the tie-break figures (turnips, cards in hand). */
export function scoreSheet(state: VpState): ScoreSheet {
  return {
    scores: state.players.map((p) => p.relics.length),
    winners: state.finished ? state.winners : [],
    details: state.players.map((p) => ({ relics: p.relics, turnips: turnips(p), stockpile: p.stockpile, bank: p.bank, cardsInHand: p.hand.length })),
    turns: state.finished ? state.round : state.round - 1,
  };
}
