import { type CardId } from './catalog/index.js';
import { canTakeAction } from './actions.js';
import { drawablePiles, playerAt, reservedCard } from './board.js';
import type { VvMove } from './moves.js';
import type { VvState } from './state.js';

/** The moves the engine plays for an absent player, one per kind of step (VV-R6, VV-R7, VV-R9). */

/** VV-R9: the first card in hand. */
export function defaultSetup(state: VvState, seat: number): VvMove {
  return { type: 'setup-develop', card: playerAt(state, seat).hand[0] as CardId };
}

/** VV-R7: Tax if possible, else Harvest. */
export function defaultLead(state: VvState, seat: number): VvMove {
  return canTakeAction(state, seat, 'tax', 'lead') ? { type: 'tax' } : { type: 'harvest' };
}

/** From the deck while it lasts, else the first pile with a card. */
export function defaultDraw(state: VvState): VvMove {
  return { type: 'draw', from: state.deck.length > 0 ? 'deck' : (drawablePiles(state)[0] as number) };
}

/** Discards (a cost or the hand limit): the most recently drawn card, never the card being developed. */
export function defaultDiscard(state: VvState, seat: number, forCost: boolean): VvMove {
  const reserved = forCost ? reservedCard(state) : null;
  const card = [...playerAt(state, seat).hand].reverse().find((c) => c !== reserved) as CardId;
  return { type: 'discard', card, ...(state.solo ? {} : { pile: 0 }) };
}
