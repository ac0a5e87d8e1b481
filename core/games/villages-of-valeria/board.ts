import type { Seat } from '../../engine/index.js';
import { building, type BuildingType, type CardId } from './catalog/index.js';
import { HAND_LIMIT } from './rules.js';
import type { PlayerState, VvState } from './state.js';

/** Read-only questions about the table, shared by the rules, the moves and the bots. */

export const playerAt = (state: VvState, seat: Seat): PlayerState => state.players[seat] as PlayerState;

export const villageSize = (p: PlayerState): number => p.buildings.length + p.adventurers.length;

export function countType(p: PlayerState, type: BuildingType): number {
  let n = 0;
  for (const id of p.buildings) if (building(id).type === type) n++;
  return n;
}

/** A village holds at most one Building of a given name. */
export function hasBuildingNamed(p: PlayerState, name: string): boolean {
  return p.buildings.some((id) => building(id).name === name);
}

/** How many Buildings of each type a village holds. */
export function typeCounts(p: PlayerState): Record<BuildingType, number> {
  const counts = { worker: 0, soldier: 0, shadow: 0, holy: 0 };
  for (const id of p.buildings) counts[building(id).type]++;
  return counts;
}

/** The Buildings of a village meet an Adventurer's requirement (a multiset of types). */
export function meetsRequirement(counts: Readonly<Record<BuildingType, number>>, requires: readonly BuildingType[]): boolean {
  const left = { ...counts };
  for (const t of requires) if (--left[t] < 0) return false;
  return true;
}

export const isPileIndex = (state: VvState, pile: number): boolean => pile >= 0 && pile < state.piles.length;

/** The piles one may draw from now (VV-R1: emptied piles stay empty once the deck is gone). */
export function drawablePiles(state: VvState): number[] {
  const out: number[] = [];
  state.piles.forEach((p, i) => {
    if (p.length > 0) out.push(i);
  });
  return out;
}

/** Whether a draw can happen at all: a source is left, and a solo hand is below the limit. */
export function canDraw(state: VvState, seat: Seat): boolean {
  if (state.solo && playerAt(state, seat).hand.length >= HAND_LIMIT) return false;
  return state.deck.length > 0 || state.piles.some((p) => p.length > 0);
}

/** The card a developing player keeps for their Resource while paying the discards. */
export function reservedCard(state: VvState): CardId | null {
  const owed = state.flow.activity?.owed ?? [];
  for (const o of owed) if (o.kind === 'develop') return o.card;
  return null;
}
