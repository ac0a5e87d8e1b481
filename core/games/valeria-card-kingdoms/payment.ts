import type { Player } from './state.js';

/**
 * Paying for actions: Magic may stand in for Strength (monsters) or Gold
 * (citizens, domains), but at least one Strength or Gold token is spent. A
 * monster's own Magic cost comes on top of any Magic standing in.
 */
export interface StrengthPayment {
  readonly strength: number;
  readonly magic: number;
}
export interface GoldPayment {
  readonly gold: number;
  readonly magic: number;
}

export function isValidMonsterPayment(pay: StrengthPayment, strength: number, magicCost: number): boolean {
  return pay.strength >= 1 && pay.strength <= strength && pay.strength + pay.magic === strength + magicCost;
}

export function isValidGoldPayment(pay: GoldPayment, cost: number): boolean {
  return pay.gold >= 1 && pay.gold <= cost && pay.gold + pay.magic === cost;
}

/** Every way this player can pay a monster, fewest Magic first. */
export function monsterPayments(player: Player, strength: number, magicCost: number): StrengthPayment[] {
  const out: StrengthPayment[] = [];
  for (let s = Math.min(strength, player.strength); s >= 1; s--) {
    const magic = strength - s + magicCost;
    if (magic <= player.magic) out.push({ strength: s, magic });
  }
  return out;
}

/** Every way this player can pay a Gold cost, fewest Magic first. */
export function goldPayments(player: Player, cost: number): GoldPayment[] {
  const out: GoldPayment[] = [];
  for (let g = Math.min(cost, player.gold); g >= 1; g--) {
    const magic = cost - g;
    if (magic <= player.magic) out.push({ gold: g, magic });
  }
  return out;
}
