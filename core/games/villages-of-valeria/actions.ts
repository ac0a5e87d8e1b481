import { type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { adventurer, building, type ActionName, type CardId } from './catalog/index.js';
import { hasBuildingNamed, meetsRequirement, playerAt, typeCounts } from './board.js';
import type { VvMove } from './moves.js';
import { canPay, checkPayment, findPayment, payerCounts, type PaymentPlan } from './payment.js';
import type { Owed, Role } from './events.js';
import { baseDraws, costDiscards, recruitCost } from './rules.js';
import type { VvState } from './state.js';
import type { Draft } from './draft.js';

/**
 * The five actions (rules, "Actions"): what each costs, whether a player can
 * pay it, and what happens at its start. An action's cost is paid at its
 * start; whoever cannot pay it cannot lead or follow it.
 */

export type ActionMove = Extract<VvMove, { type: ActionName }>;

/** Buildings of the hand that could be built now (no duplicate name; some payment exists); `firstOnly` stops at one. */
export function buildableCards(state: VvState, seat: Seat, firstOnly = false): CardId[] {
  const p = playerAt(state, seat);
  // Copies of a name share cost and type, so one payment search per name suffices.
  const payable = new Map<string, boolean>();
  const payer = payerCounts(state, seat);
  const out: CardId[] = [];
  for (const card of p.hand) {
    const name = building(card).name;
    if (hasBuildingNamed(p, name)) continue;
    let ok = payable.get(name);
    if (ok === undefined) payable.set(name, (ok = canPay(payer, card)));
    if (ok) out.push(card);
    if (ok && firstOnly) break;
  }
  return out;
}

export function recruitableAdventurers(state: VvState, seat: Seat, role: Role): CardId[] {
  const p = playerAt(state, seat);
  if (p.coins < recruitCost(role, state.solo)) return [];
  const counts = typeCounts(p);
  return state.advPool.filter((a) => meetsRequirement(counts, adventurer(a).requires));
}

/** Whether seat can pay the cost of this action now (VV-R6: no window otherwise). */
export function canTakeAction(state: VvState, seat: Seat, action: ActionName, role: Role): boolean {
  const hand = playerAt(state, seat).hand.length;
  switch (action) {
    case 'harvest':
      return true;
    case 'tax':
      return hand >= costDiscards('tax', role, state.solo);
    case 'develop':
      return hand >= 1 + costDiscards('develop', role, state.solo);
    case 'build':
      return buildableCards(state, seat, true).length > 0;
    case 'recruit':
      return recruitableAdventurers(state, seat, role).length > 0;
  }
}

function times(n: number, owed: Owed): Owed[] {
  const out: Owed[] = [];
  for (let i = 0; i < n; i++) out.push(owed);
  return out;
}

/** Validates an action move and does what happens at its start; the rest is owed and resolved by the flow. */
export function startAction(d: Draft, seat: Seat, role: Role, move: ActionMove): Rejection | null {
  const state = d.state;
  const p = playerAt(state, seat);
  const draws = times(baseDraws(move.type, role, state.solo), { kind: 'draw' });
  const discards = times(costDiscards(move.type, role, state.solo), { kind: 'discard' });
  let owed: Owed[];
  let fresh: CardId | null = null;
  switch (move.type) {
    case 'harvest':
      owed = draws;
      break;
    case 'tax':
      if (p.hand.length < discards.length) return reject('cannot-pay', { what: 'Tax', why: 'solo Tax removes a card from your hand, and your hand is empty' });
      // Leading Tax takes 1 Gold from the bank (if any left); solo Tax trades a removed card for it.
      owed = [...discards, ...(role === 'lead' ? [{ kind: 'gold', n: 1 } as const] : []), ...draws];
      break;
    case 'develop':
      if (!p.hand.includes(move.card)) return reject('card-not-in-hand', { card: move.card });
      if (p.hand.length < 1 + discards.length)
        return reject('cannot-pay', {
          what: 'Develop',
          why: `as ${role === 'lead' ? 'leader' : 'follower'} it needs ${discards.length} other card(s) to discard first`,
        });
      owed = [...discards, { kind: 'develop', card: move.card }];
      break;
    case 'build': {
      if (!p.hand.includes(move.card)) return reject('card-not-in-hand', { card: move.card });
      const name = building(move.card).name;
      if (hasBuildingNamed(p, name)) return reject('duplicate-building', { name });
      const plan: PaymentPlan | Rejection | null =
        move.payment === 'auto' ? findPayment(state, seat, move.card) : checkPayment(state, seat, move.card, move.payment);
      if (!plan) return reject('cannot-pay', { what: name, why: 'no payment covers its cost' });
      if ('ok' in plan) return plan;
      for (const discard of plan.discards) d.emit({ type: 'discarded', seat, card: discard.card, pile: discard.pile });
      d.emit({ type: 'built', seat, card: move.card, payment: plan.paid });
      fresh = move.card;
      owed = draws;
      break;
    }
    case 'recruit': {
      const cost = recruitCost(role, state.solo);
      if (!state.advPool.includes(move.adventurer)) return reject('adventurer-unavailable', { adventurer: move.adventurer });
      const card = adventurer(move.adventurer);
      if (!meetsRequirement(typeCounts(p), card.requires)) return reject('requirement-not-met', { name: card.name, requires: card.requires.join(' + ') });
      if (p.coins < cost) return reject('not-enough-gold', { what: `Recruiting as ${role === 'lead' ? 'leader' : 'follower'}`, n: cost });
      const refill = state.advDeck[state.advDeck.length - 1];
      d.emit({ type: 'recruited', seat, adventurer: move.adventurer, paid: cost, ...(refill !== undefined ? { refill } : {}) });
      fresh = move.adventurer;
      owed = [];
      break;
    }
  }
  d.emit({ type: 'action-started', seat, role, action: move.type, owed, fresh });
  return null;
}
