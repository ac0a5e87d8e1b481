import { type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { type CardId, nameOf, type Power, powerOf } from './catalog/index.js';
import { countType, playerAt } from './board.js';
import type { Owed } from './events.js';
import type { Activity, VvState } from './state.js';
import type { Draft } from './draft.js';

/**
 * Powers used after the base action (rules, "Powers"): action powers on the
 * action being led or followed, never by the card that entered the village in
 * this very action; instant powers once, by that card only. Resource powers
 * pay Builds (payment.ts) and end powers score (score.ts). One case per shape
 * of the power vocabulary; nothing here knows a card by name: the Cathedral's
 * Tax: +2 cards (VV-R3) and the Oracle Building's Tax: +1 Gold (VV-R4) are
 * `action-cards` and `action-gold` of the catalog.
 */

const draws = (n: number): Owed[] => Array.from({ length: n }, () => ({ kind: 'draw' }) as const);
const discards = (n: number): Owed[] => Array.from({ length: n }, () => ({ kind: 'discard' }) as const);

/** Whether this power can be used now (its cost payable and its effect possible). */
function usable(state: VvState, act: Activity, card: CardId, power: Power): boolean {
  const hand = playerAt(state, act.seat).hand.length;
  const fresh = card === act.fresh;
  switch (power.shape) {
    case 'action-cards':
      return !fresh && power.action === act.action;
    case 'action-gold':
      return !fresh && power.action === act.action && state.bank > 0;
    case 'build-discard-for-gold':
      return !fresh && act.action === 'build' && hand >= 2 && state.bank > 0;
    case 'instant-draw':
    case 'instant-draw-per-shadow':
    case 'instant-steal-cards':
      return fresh;
    case 'instant-bank-gold':
      return fresh && state.bank > 0;
    case 'instant-discard-for-gold':
      return fresh && hand >= 1 && state.bank > 0;
    case 'instant-steal-gold':
      // Solo: the Gold comes from the bank instead of an opponent.
      return fresh && (!state.solo || state.bank > 0);
    case 'build-resource':
    case 'build-wild-for-type':
    case 'build-discard-for-wild':
    case 'end-vp-per-type':
    case 'end-vp-per-adventurer':
      return false;
  }
}

/** Whether the power picks an opponent (steals, outside solo). */
export function needsTarget(state: VvState, card: CardId): boolean {
  const shape = powerOf(card)?.shape;
  return !state.solo && (shape === 'instant-steal-cards' || shape === 'instant-steal-gold');
}

/** Cards of the acting village whose power may be used now. */
export function usablePowers(state: VvState, act: Activity): CardId[] {
  const p = playerAt(state, act.seat);
  const out: CardId[] = [];
  for (const card of [...p.buildings, ...p.adventurers]) {
    if (act.used.includes(card)) continue;
    const power = powerOf(card);
    if (power && usable(state, act, card, power)) out.push(card);
  }
  return out;
}

export function checkPowerUse(state: VvState, act: Activity, card: CardId, target: Seat | undefined): Rejection | null {
  if (!usablePowers(state, act).includes(card)) return reject('power-unavailable', { name: nameOf(card) });
  if (!needsTarget(state, card)) return target === undefined ? null : reject('no-target', { name: nameOf(card) });
  if (target === undefined || target === act.seat || target >= state.seats) return reject('bad-target', { name: nameOf(card) });
  return null;
}

/** What using this power adds to what the player owes (draws and discards queue after the rest). */
function owedBy(state: VvState, act: Activity, power: Power): Owed[] {
  switch (power.shape) {
    case 'action-cards':
    case 'instant-draw':
      return draws(power.n);
    case 'instant-draw-per-shadow':
      return draws(countType(playerAt(state, act.seat), 'shadow'));
    case 'build-discard-for-gold':
      return [...discards(2), { kind: 'gold', n: 1 }];
    case 'instant-discard-for-gold':
      return [...discards(1), { kind: 'gold', n: 1 }];
    case 'instant-steal-cards':
      // Solo: a power that takes a card from an opponent draws one instead.
      return state.solo ? draws(power.n) : [];
    default:
      return [];
  }
}

/** Uses a checked power: what it owes is queued with it, its immediate effect follows. */
export function usePower(d: Draft, act: Activity, card: CardId, target: Seat | undefined): void {
  const power = powerOf(card) as Power;
  const state = d.state;
  d.emit({ type: 'power-used', seat: act.seat, card, owes: owedBy(state, act, power) });
  const gainFromBank = (n: number) => {
    const gained = Math.min(n, state.bank);
    if (gained > 0) d.emit({ type: 'gold-gained', seat: act.seat, n: gained, from: 'bank' });
  };
  switch (power.shape) {
    case 'action-gold':
      return gainFromBank(power.n);
    case 'instant-bank-gold':
      return gainFromBank(1);
    case 'instant-steal-gold': {
      if (state.solo) return gainFromBank(1);
      // VV-R2: a victim with no free coin gives nothing; the power is still spent. Coins on Resources are safe.
      const victim = target as Seat;
      if (playerAt(state, victim).coins > 0) d.emit({ type: 'gold-gained', seat: act.seat, n: 1, from: victim });
      return;
    }
    case 'instant-steal-cards': {
      if (state.solo) return;
      const victim = target as Seat;
      const hand = playerAt(state, victim).hand.slice();
      const cards: CardId[] = [];
      // VV-R2: an empty hand gives nothing.
      for (let i = 0; i < power.n && hand.length > 0; i++) cards.push(hand.splice(d.rng.int(hand.length), 1)[0] as CardId);
      if (cards.length > 0) d.emit({ type: 'cards-stolen', seat: act.seat, from: victim, cards });
      return;
    }
    case 'action-cards':
    case 'instant-draw':
    case 'instant-draw-per-shadow':
    case 'build-discard-for-gold':
    case 'instant-discard-for-gold':
      return;
    default:
      throw new Error(`${power.shape} is not used after the action`);
  }
}
