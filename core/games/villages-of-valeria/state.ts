import * as z from 'zod';
import type { BaseState, Seat } from '../../engine/index.js';
import type { ActionName, CardId } from './catalog/index.js';
import type { CoinSpot, Owed, Role } from './events.js';

export const VvOptions = z.strictObject({
  /** The first active player; chosen at random from the seed when absent. */
  firstPlayer: z.number().int().min(0).max(4).optional(),
});
export type VvOptions = z.infer<typeof VvOptions>;

export interface DevelopedResource {
  readonly card: CardId;
  coin: CoinSpot;
}

export interface PlayerState {
  readonly castle: CardId;
  /** Secret to others; the most recently drawn card is last. */
  hand: CardId[];
  /** Free coins: the player's own, not lying on any card. */
  coins: number;
  castleCoin: CoinSpot;
  resources: DevelopedResource[];
  buildings: CardId[];
  adventurers: CardId[];
}

/** One player's lead or follow in progress. */
export interface Activity {
  readonly seat: Seat;
  readonly role: Role;
  readonly action: ActionName;
  owed: Owed[];
  /** The card this action put into the village: its instant power is available, its other powers are not. */
  readonly fresh: CardId | null;
  /** Cards whose power was used in this action (each at most once per action). */
  used: CardId[];
  /** The player ended the power step (declining the rest). */
  powersDone: boolean;
}

export interface Flow {
  /** Turns started so far. */
  turn: number;
  active: Seat;
  /** The action led this turn, once chosen. */
  led: ActionName | null;
  /** Seats still to be offered a follow window, clockwise. */
  queue: Seat[];
  activity: Activity | null;
  /** A card was drawn or entered a village during this turn. */
  progressed: boolean;
  /** Consecutive finished turns without progress while no card could be drawn (stall end). */
  quietTurns: number;
}

export interface VvState extends BaseState {
  readonly solo: boolean;
  readonly first: Seat;
  bank: number;
  /** The face-down Building deck; its top is the last element. */
  deck: CardId[];
  /** The five pool piles; each pile's top is its last element. */
  piles: CardId[][];
  advDeck: CardId[];
  /** Face-up Adventurers. */
  advPool: CardId[];
  /** Cards out of the game (solo: unused Buildings and removed discards). */
  box: CardId[];
  players: PlayerState[];
  /** VV-R9: secret setup-round choices until everyone has chosen. */
  setupChoices: (CardId | null)[];
  flow: Flow;
}
