import type { Pending, Seat } from '../../engine/index.js';
import type { CardId } from './catalog/index.js';
import type { Flow } from './state.js';

/** A Build's cost as paid: where each coin went, or which power provided the resource. */
export type PaidUnit =
  | { readonly use: 'castle' }
  | { readonly use: 'resource'; readonly seat: Seat; readonly card: CardId }
  | { readonly use: 'power'; readonly card: CardId }
  | { readonly use: 'fountain'; readonly card: CardId };

/** Where a draw comes from: the deck or a pile index. */
export type DrawSource = 'deck' | number;

/**
 * Facts of the game, each small; `flow` carries who acts next and how. The
 * deal itself is derived from the seed at setup and never logged.
 */
export type VvEvent =
  /** VV-R9: secret until the setup window closes. */
  | { readonly type: 'setup-chosen'; readonly seat: Seat; readonly card: CardId }
  | { readonly type: 'setup-revealed'; readonly cards: CardId[] }
  | { readonly type: 'replenished'; readonly seat: Seat; readonly collected: number }
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
  | { readonly type: 'power-used'; readonly seat: Seat; readonly card: CardId }
  | { readonly type: 'flow'; readonly flow: Flow; readonly pending: Pending | null }
  | { readonly type: 'game-ended' };
