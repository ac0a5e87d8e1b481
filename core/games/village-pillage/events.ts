import type { Seat } from '../../engine/index.js';
import type { CardId } from './catalog/index.js';
import type { BuyTask, Play, Relic, Side } from './state.js';

/** Where a payment came from: the Stockpile first, then the Bank. */
export interface Payment {
  readonly stockpile: number;
  readonly bank: number;
}

/**
 * Facts of a Village Pillage game. Every turnip that enters or leaves a
 * player is one of these events: `gained` from the supply, `stolen` between
 * players, `banked` within a player, and the purchases paid to the supply.
 */
export type VpEvent =
  /** Secret until the window closes (VP-R3): others see only that the seat submitted. */
  | { readonly type: 'plan-submitted'; readonly seat: Seat; readonly cards: CardId[] }
  /** The window closed: every card that resolves this round (the Duel's back cards stay face down). */
  | { readonly type: 'plans-revealed'; readonly plays: Play[] }
  | { readonly type: 'gained'; readonly seat: Seat; readonly card: CardId; readonly amount: number }
  | { readonly type: 'stolen'; readonly seat: Seat; readonly card: CardId; readonly from: Seat; readonly pool: 'stockpile' | 'bank'; readonly amount: number }
  | { readonly type: 'banked'; readonly seat: Seat; readonly card: CardId; readonly amount: number }
  /** The BUY step's order: fewest turnips first, ties by coin flip; each player's Merchants left first. */
  | { readonly type: 'buys-ordered'; readonly tasks: BuyTask[] }
  /** A player with two Merchants chose which resolves first (VP-R4). */
  | { readonly type: 'merchants-ordered'; readonly seat: Seat; readonly first: Side }
  /** The head BUY bought a relic. */
  | { readonly type: 'relic-bought'; readonly seat: Seat; readonly card: CardId; readonly relic: Relic; readonly paid: Payment }
  /** The head BUY took `bought` from the Market row; `refill` is the deck's top card laid in its slot. */
  | {
      readonly type: 'card-bought';
      readonly seat: Seat;
      readonly card: CardId;
      readonly bought: CardId;
      readonly paid: Payment;
      readonly refill: CardId | null;
    }
  /** The head BUY bought nothing. */
  | { readonly type: 'buy-skipped'; readonly seat: Seat; readonly card: CardId; readonly reason: 'cannot-pay' | 'market-empty' }
  /** Refresh: revealed cards back to hand (exhausted ones aside for a round), the next round begins. */
  | { readonly type: 'round-refreshed'; readonly round: number }
  | { readonly type: 'game-ended'; readonly winners: Seat[] };
