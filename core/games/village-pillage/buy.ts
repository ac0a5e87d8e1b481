import type { Seat } from '../../engine/index.js';
import type { BuyEffect, CardId } from './catalog/index.js';
import { awaitDecision, type Draft } from './draft.js';
import type { BuyTask, Payment } from './events.js';
import { effectsOf, nextRelicKind, nextRelicPrice, playerAt, RELICS_TO_WIN, turnips } from './rules.js';
import type { Player, VpState } from './state.js';

/**
 * The BUY step (rules "BUY RELIC", "BUY CARD", "Several buyers"; VP-R4).
 * Buyers go fewest turnips first (ties: coin flip); each Merchant buys its
 * owner's next relic when affordable, else a Market card when affordable:
 * both are mandatory. A player with two Merchants whose BUYs differ chooses
 * their order, and a card purchase with several face-up cards is a choice.
 */

function buyEffectOf(state: VpState, seat: Seat, side: BuyTask['side']): BuyEffect | null {
  const play = state.table.find((p) => p.seat === seat && p.side === side);
  const effect = play && effectsOf(state, play).find((e) => e.kind === 'buy');
  return effect?.kind === 'buy' ? effect : null;
}

export const taskEffect = (state: VpState, task: BuyTask): BuyEffect => {
  const effect = buyEffectOf(state, task.seat, task.side);
  if (!effect) throw new Error(`seat ${task.seat} has no BUY on its ${task.side} card`);
  return effect;
};

/** Seats in order of fewest turnips, equal counts in coin-flipped order. */
function fewestTurnipsFirst(d: Draft, seats: readonly Seat[]): Seat[] {
  const counts = [...new Set(seats.map((s) => turnips(playerAt(d.state, s))))].sort((a, b) => a - b);
  return counts.flatMap((count) => {
    const tied = seats.filter((s) => turnips(playerAt(d.state, s)) === count);
    return tied.length > 1 ? d.rng.shuffle(tied) : tied;
  });
}

export function orderBuys(d: Draft): void {
  const state = d.state;
  const merchants = state.table.filter((play) => buyEffectOf(state, play.seat, play.side) !== null);
  if (merchants.length === 0) return;
  const buyers = [...new Set(merchants.map((p) => p.seat))];
  const tasks = fewestTurnipsFirst(d, buyers).flatMap((seat): BuyTask[] => {
    const own = merchants.filter((p) => p.seat === seat);
    const [a, b] = own.map((p) => buyEffectOf(state, seat, p.side));
    // Identical BUYs resolve the same either way: no need to ask.
    const choosesOrder = own.length === 2 && JSON.stringify(a) !== JSON.stringify(b);
    return own.map((p, i) => ({ seat, card: p.card, side: p.side, choosesOrder: choosesOrder && i === 0 }));
  });
  d.emit({ type: 'buys-ordered', tasks });
}

export type Purchase =
  | { readonly kind: 'relic'; readonly price: number }
  | { readonly kind: 'card'; readonly price: number }
  | { readonly kind: 'skip'; readonly reason: 'cannot-pay' | 'market-empty' };

/** What a BUY does for its owner now: a relic first, else a card (rules "A Merchant that cannot buy a relic"). */
export function purchaseOf(state: VpState, player: Player, buy: BuyEffect): Purchase {
  const have = turnips(player);
  if (buy.relic && player.relics.length < RELICS_TO_WIN) {
    const price = Math.max(0, nextRelicPrice(state, player) - buy.relicDiscount);
    if (have >= price) return { kind: 'relic', price };
  }
  if (buy.cardPrice === null || have < buy.cardPrice) return { kind: 'skip', reason: 'cannot-pay' };
  if (state.market.row.length === 0) return { kind: 'skip', reason: 'market-empty' };
  return { kind: 'card', price: buy.cardPrice };
}

/** VP-R6: payments use the Stockpile first, then the Bank: banked turnips are the safe ones to keep. */
function payment(player: Player, price: number): Payment {
  const stockpile = Math.min(price, player.stockpile);
  return { stockpile, bank: price - stockpile };
}

export function buyCard(d: Draft, task: BuyTask, bought: CardId): void {
  const player = playerAt(d.state, task.seat);
  const { price } = purchaseOf(d.state, player, taskEffect(d.state, task)) as Extract<Purchase, { kind: 'card' }>;
  d.emit({ type: 'card-bought', seat: task.seat, card: task.card, bought, paid: payment(player, price), refill: d.state.market.deck[0] ?? null });
}

/** Resolves BUYs in order until one needs its owner's decision; true once every BUY is done. */
export function continueBuying(d: Draft): boolean {
  for (let task = d.state.buying[0]; task; task = d.state.buying[0]) {
    if (task.choosesOrder) {
      awaitDecision(d, 'merchant-order', task.seat);
      return false;
    }
    const player = playerAt(d.state, task.seat);
    const purchase = purchaseOf(d.state, player, taskEffect(d.state, task));
    if (purchase.kind === 'relic')
      d.emit({ type: 'relic-bought', seat: task.seat, card: task.card, relic: nextRelicKind(player), paid: payment(player, purchase.price) });
    else if (purchase.kind === 'skip') d.emit({ type: 'buy-skipped', seat: task.seat, card: task.card, reason: purchase.reason });
    else if (d.state.market.row.length === 1) buyCard(d, task, d.state.market.row[0] as CardId);
    else {
      awaitDecision(d, 'market-card', task.seat);
      return false;
    }
  }
  return true;
}
