import type { Seat } from '../../engine/index.js';
import type { ActionName, CardId } from './catalog/index.js';
import type { Role } from './rules.js';
import type { CoinSpot, Owed } from './state.js';

/** A Build's cost as paid: where each coin went, or which power provided the resource. */
export type PaidUnit =
  | { readonly use: 'castle' }
  | { readonly use: 'resource'; readonly seat: Seat; readonly card: CardId }
  | { readonly use: 'power'; readonly card: CardId }
  | { readonly use: 'fountain'; readonly card: CardId };

/** Where a draw comes from: the deck or a pile index. */
export type DrawSource = 'deck' | number;

/**
 * Facts of the game, each small and each saying what happened, so the fold
 * only records them (it never applies a rule itself). Who acts next is the
 * kit's `awaiting` event. The deal is derived from the seed at setup and
 * never logged.
 */
export type VvEvent =
  /** VV-R9: secret until the setup window closes. */
  | { readonly type: 'setup-chosen'; readonly seat: Seat; readonly card: CardId }
  | { readonly type: 'setup-revealed'; readonly cards: CardId[] }
  /** Replenish: `collected` coins return to the player; the coin spots as they are afterwards (solo: placed coins have slid). */
  | {
      readonly type: 'replenished';
      readonly seat: Seat;
      readonly collected: number;
      readonly castleCoin: CoinSpot;
      readonly resourceCoins: CoinSpot[];
    }
  | { readonly type: 'turn-started'; readonly seat: Seat; readonly turn: number }
  /** A lead or follow begins: its cost is paid, and what it still owes is resolved step by step. */
  | {
      readonly type: 'action-started';
      readonly seat: Seat;
      readonly role: Role;
      readonly action: ActionName;
      readonly owed: Owed[];
      readonly fresh: CardId | null;
    }
  /** The first `n` things owed are done (or skipped: VV-R1). */
  | { readonly type: 'owed-settled'; readonly seat: Seat; readonly n: number }
  /** `owes`: the draws, discards and Gold the power adds to what the player owes. */
  | { readonly type: 'power-used'; readonly seat: Seat; readonly card: CardId; readonly owes: Owed[] }
  | { readonly type: 'powers-ended'; readonly seat: Seat }
  /** The lead or follow is complete; a lead names the seats that may follow, clockwise (VV-R6). */
  | { readonly type: 'action-finished'; readonly seat: Seat; readonly followers?: Seat[] }
  /** VV-R6: `seat` gets the follow window (null: none left); those before it who could not pay are passed over. */
  | { readonly type: 'follow-offered'; readonly seat: Seat | null; readonly queue: Seat[] }
  | { readonly type: 'declined'; readonly seat: Seat }
  /** `refill` is the deck card that replaced an emptied pile (public). */
  | { readonly type: 'drew'; readonly seat: Seat; readonly from: DrawSource; readonly card: CardId; readonly refill?: CardId }
  /** `pile` null: removed from the game (solo). */
  | { readonly type: 'discarded'; readonly seat: Seat; readonly card: CardId; readonly pile: number | null }
  | { readonly type: 'developed'; readonly seat: Seat; readonly card: CardId }
  | { readonly type: 'built'; readonly seat: Seat; readonly card: CardId; readonly payment: PaidUnit[] }
  | { readonly type: 'recruited'; readonly seat: Seat; readonly adventurer: CardId; readonly paid: number; readonly refill?: CardId }
  | { readonly type: 'gold-gained'; readonly seat: Seat; readonly n: number; readonly from: 'bank' | Seat }
  | { readonly type: 'cards-stolen'; readonly seat: Seat; readonly from: Seat; readonly cards: CardId[] }
  /** VV-R10: consecutive quiet turns after this one (no card left to draw, nobody drew, built, developed or recruited). */
  | { readonly type: 'turn-ended'; readonly quietTurns: number }
  | { readonly type: 'game-ended' };
