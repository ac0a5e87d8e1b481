import type { ActionName } from './catalog/index.js';
import type { Role } from './events.js';

/** Numbers of the rules of record (shared/rules/villages-of-valeria.md). */

/** Total coins in play by player count, before each player takes 3. */
const BANK_SIZE: Readonly<Record<number, number>> = { 1: 7, 2: 14, 3: 20, 4: 25, 5: 30 };
export const STARTING_GOLD = 3;
export const bankSize = (seats: number): number => BANK_SIZE[seats] ?? 30;

/** Buildings + Adventurers in one village that end the game (solo ends on the deck instead). */
const END_TRIGGER: Readonly<Record<number, number>> = { 2: 12, 3: 12, 4: 10, 5: 10 };
export const endTrigger = (seats: number): number => END_TRIGGER[seats] ?? 10;

export const HAND_SIZE = 6;
export const PILES = 5;
export const ADVENTURER_POOL = 5;
export const HAND_LIMIT = 8;
/** Solo: the Building deck is 35 random Buildings; the others stay out of the game unseen. */
export const SOLO_DECK = 35;

/** Cards drawn by the base action (lead / follow). */
export function baseDraws(action: ActionName, role: Role, solo: boolean): number {
  switch (action) {
    case 'harvest':
      return role === 'lead' ? 3 : 1;
    case 'build':
      return role === 'lead' ? 1 : 0;
    case 'tax':
      // Solo Tax removes a card to gain a Gold instead of drawing.
      return solo ? 0 : 1;
    default:
      return 0;
  }
}

/** Cards the action discards as its cost (Develop: 1 to lead, 2 to follow; solo Tax: 1). */
export function costDiscards(action: ActionName, role: Role, solo: boolean): number {
  if (action === 'develop') return role === 'lead' ? 1 : 2;
  if (action === 'tax' && solo) return 1;
  return 0;
}

/** Gold paid to the bank to Recruit: 1 to lead, 2 to follow, 2 in solo. */
export const recruitCost = (role: Role, solo: boolean): number => (role === 'follow' || solo ? 2 : 1);

/** Solo ranks by score. */
export function soloRank(score: number): string {
  if (score >= 60) return 'Imperator';
  if (score >= 50) return 'Architect';
  if (score >= 40) return 'Mayor';
  if (score >= 30) return 'Backwater';
  return 'Pothole';
}
