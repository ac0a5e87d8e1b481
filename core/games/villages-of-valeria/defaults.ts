import { type CardId } from './catalog/index.js';
import { canTakeAction } from './actions.js';
import { drawablePiles, playerAt, reservedCard } from './board.js';
import type { VvMove } from './moves.js';
import type { VvState } from './state.js';

/** The move the engine plays for an absent player at the current pending step (VV-R6, VV-R7). */
export function defaultMove(state: VvState): VvMove {
  const pending = state.pending;
  if (!pending || pending.kind === 'simultaneous') throw new Error('no single player is awaited');
  const seat = pending.seat;
  const pile = state.solo ? {} : { pile: 0 };
  switch (pending.step) {
    case 'lead':
      // VV-R7: Tax if possible, else Harvest.
      return canTakeAction(state, seat, 'tax', 'lead') ? { type: 'tax' } : { type: 'harvest' };
    case 'follow':
      return { type: 'decline' };
    case 'draw':
      return { type: 'draw', from: state.deck.length > 0 ? 'deck' : (drawablePiles(state)[0] as number) };
    case 'power':
      return { type: 'end-powers' };
    default: {
      // Discards (a cost or the hand limit): the most recently drawn card, never the card being developed.
      const reserved = pending.step === 'discard' ? reservedCard(state) : null;
      const hand = playerAt(state, seat).hand;
      const card = [...hand].reverse().find((c) => c !== reserved) as CardId;
      return { type: 'discard', card, ...pile };
    }
  }
}
