import type { Seat } from '../../engine/index.js';
import { card, effectsAgainst, RELIC_KINDS, type CardType, type Effect } from './catalog/index.js';
import type { Play, Relic } from './events.js';
import type { Player, VpState } from './state.js';

/** Numbers of the rules of record ("Effects", "End"), per mode; two players on the standard Banks use `standard` (VP-R5). */
const BANK_CAPACITY = { standard: 5, duel: 4 } as const;
const RELIC_PRICES = { standard: [8, 9, 10], duel: [6, 7, 8] } as const;
export const RELICS_TO_WIN = 3;
export const MARKET_ROW_SIZE = 4;
export const STARTING_STOCKPILE = 1;
export const STARTING_BANK = 1;

const mode = (state: VpState) => (state.duel ? 'duel' : 'standard');

export const bankCapacity = (state: VpState): number => BANK_CAPACITY[mode(state)];

/** The price of a player's next relic, before any card's discount. */
export function nextRelicPrice(state: VpState, player: Player): number {
  return RELIC_PRICES[mode(state)][player.relics.length] ?? Infinity;
}

/** VP-R1: three relics are one of each kind; the kind bought is the first not yet owned (kinds have no other effect). */
export function nextRelicKind(player: Player): Relic {
  const kind = RELIC_KINDS.find((k) => !player.relics.includes(k));
  if (!kind) throw new Error('a player with every relic kind has already won');
  return kind;
}

/** Banked turnips can be spent too. */
export const turnips = (player: Player): number => player.stockpile + player.bank;

/** Seats sit clockwise: your left neighbour is the next seat, your right one the previous seat. */
export const leftOf = (seat: Seat, seats: number): Seat => (seat + 1) % seats;
export const rightOf = (seat: Seat, seats: number): Seat => (seat + seats - 1) % seats;

export const playerAt = (state: VpState, seat: Seat): Player => {
  const player = state.players[seat];
  if (!player) throw new Error(`no seat ${seat}`);
  return player;
};

export const typeOf = (id: string): CardType => card(id).type;

/** Cards meet face to face: a left-facing card meets the neighbour's right-facing one; Duel fronts meet each other. */
const MEETS: Record<Play['side'], Play['side']> = { left: 'right', right: 'left', front: 'front' };

/**
 * The card the faced neighbour played toward this one. With two players on
 * the standard Banks both neighbours are the opponent, so the sides tell the
 * two meetings apart (VP-R5).
 */
export function opposingPlay(state: VpState, play: Play): Play {
  const opposing = state.table.find((p) => p.seat === play.toward && p.toward === play.seat && p.side === MEETS[play.side]);
  if (!opposing) throw new Error(`no card faces ${play.card} of seat ${play.seat}`);
  return opposing;
}

/** A revealed card's effects: its table row for the type of the card facing it. */
export function effectsOf(state: VpState, play: Play): readonly Effect[] {
  return effectsAgainst(play.card, typeOf(opposingPlay(state, play).card));
}
