import type { Seat } from '../../engine/index.js';
import type { VpEvent, VpVisibleEvent } from './events.js';
import { bankCapacity, nextRelicPrice, RELICS_TO_WIN, turnips } from './rules.js';
import type { VpState } from './state.js';

/**
 * What a viewer may see (null = spectator).
 *
 * Hands are public knowledge in this game: everyone starts with the same
 * four cards, Market cards are bought face up and exhausted cards lie face
 * up, so anyone who follows the table knows every hand. What is secret is
 * where cards are placed face down: a submitted plan until the window closes
 * (VP-R3), and in the Duel which card waits face down in the queue ("a
 * player may look at their own queue"). So others see a player's cards as
 * one sorted list of hand and queue together, with the queue's size; only
 * the owner sees their hand, queue and plan apart. Never shown: the Market
 * deck's order, the seed and the generator.
 */
export function viewState(state: VpState, viewer: Seat | null) {
  return {
    duel: state.duel,
    round: state.round,
    bankCapacity: bankCapacity(state),
    market: { row: state.market.row, deck: state.market.deck.length },
    players: state.players.map((p, seat) => {
      const own = seat === viewer;
      return {
        stockpile: p.stockpile,
        bank: p.bank,
        turnips: turnips(p),
        relics: p.relics,
        nextRelicPrice: p.relics.length < RELICS_TO_WIN ? nextRelicPrice(state, p) : null,
        cards: [...p.hand, ...p.queue].sort(),
        queued: p.queue.length,
        exhausted: p.exhausted,
        hand: own ? p.hand : null,
        queue: own ? p.queue : null,
        plan: own ? state.plans[seat] : null,
      };
    }),
    table: state.table,
    buying: state.buying,
    winners: state.winners,
  };
}

export type VpBoard = ReturnType<typeof viewState>;

/**
 * The once-hidden cards a view shows (`GameEngine.shown`), by name (each
 * Market card is one of a kind; starting cards never leave their owners):
 * the Market row, every player's cards, exhausted or not, and the cards
 * revealed on the table. A card laid from the Market deck into the row joins
 * the list.
 */
export function shownIn(board: VpBoard): string[] {
  return [...board.market.row, ...board.players.flatMap((p) => [...p.cards, ...p.exhausted]), ...board.table.map((play) => play.card)];
}

/** A plan submission shows others only that the seat submitted (VP-R3); every other event is public. */
export function redactEvent(event: VpEvent, viewer: Seat | null): VpVisibleEvent {
  if (event.type === 'plan-submitted' && event.seat !== viewer) return { type: event.type, seat: event.seat };
  return event;
}
