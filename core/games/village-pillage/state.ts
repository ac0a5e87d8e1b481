import * as z from 'zod';
import type { BaseState, Seat } from '../../engine/index.js';
import type { CardId } from './catalog/index.js';
import type { BuyTask, Play, Relic } from './events.js';

/** The player count decides between the 3-5 player game and the Duel, unless two players choose the standard Banks. */
export const VpOptions = z.strictObject({
  /**
   * VP-R5: two players may play the long game by the 3-5 player rules
   * (`standard`: a card toward each side, Bank capacity 5, relics 8/9/10)
   * instead of the Duel. Games of 3-5 players always use the standard side.
   */
  // Optional rather than defaulted: games stored before the option existed hold `{}` and must replay as Duels.
  banks: z
    .enum(['duel', 'standard'])
    .optional()
    .describe('Two players only: "duel" (the default when absent) plays the Duel; "standard" plays by the 3-5 player rules (VP-R5). Ignored by 3-5 players.'),
});
export type VpOptions = z.infer<typeof VpOptions>;

export interface Player {
  /** Turnips that can be stolen. */
  stockpile: number;
  /** Turnips protected from ordinary steals, up to the Bank's capacity. */
  bank: number;
  relics: Relic[];
  hand: CardId[];
  /** Exhausted cards, face up beside the Bank: back in hand at the next Refresh. */
  exhausted: CardId[];
  /** Duel: the face-down queue, front first (empty in the 3-5 player game between rounds). */
  queue: CardId[];
}

export interface Market {
  /** Face down, top first. */
  deck: CardId[];
  /** Face up, left to right; a bought card's slot is refilled in place while the deck lasts. */
  row: CardId[];
}

export interface VpState extends BaseState {
  readonly options: VpOptions;
  /** Two players, unless `banks: "standard"` (VP-R5): the Duel rules (queue, Bank capacity 4, relics 6/7/8). */
  readonly duel: boolean;
  /** The round being played, from 1. */
  round: number;
  players: Player[];
  market: Market;
  /**
   * Each seat's secret submission in the open plan window (VP-R3), null until
   * submitted: [left, right] in the 3-5 player game; in the Duel the cards
   * added to the queue, front first.
   */
  plans: (CardId[] | null)[];
  /** The cards revealed this round. */
  table: Play[];
  /** BUYs still to resolve this round, in order. */
  buying: BuyTask[];
  /** Set when the game ends. */
  winners: Seat[];
}
