import type { Seat } from '../../engine/index.js';
import { kingdomCitizen, monsterCard, type Bag, type CardId, type Count, type DomainCard, type Role } from './catalog/index.js';
import type { Market, Player, VckState } from './state.js';

/** Reads of a kingdom and the market that several rules share. */

export const playerAt = (state: VckState, seat: Seat): Player => {
  const player = state.players[seat];
  if (!player) throw new Error(`No seat ${seat}`);
  return player;
};

/** Citizens with this role (starters have none; VK powers and Domain requirements count Citizens). */
export function citizenRoleCount(citizens: readonly CardId[], role: Role): number {
  return citizens.filter((id) => kingdomCitizen(id).role === role).length;
}

/** Copies of a market name a player owns (a starter counts as its name: the second Peasant costs 3). */
export const copiesOwned = (player: Player, name: string): number => player.citizens.filter((id) => kingdomCitizen(id).countsAs === name).length;

export function countFor(state: VckState, seat: Seat, count: Count): number {
  const player = playerAt(state, seat);
  switch (count.of) {
    case 'role':
      return citizenRoleCount(player.citizens, count.role);
    case 'card-name':
      return copiesOwned(player, count.name);
    case 'domain':
      return player.domains.length;
    case 'monster-area':
      return player.monsters.filter((id) => monsterCard(id).area === count.area).length;
  }
}

export function meetsRequirement(player: Player, domain: DomainCard): boolean {
  return Object.entries(domain.requirement).every(([role, needed]) => citizenRoleCount(player.citizens, role as Role) >= (needed ?? 0));
}

/** An emptied stack is an exhausted one (it holds an Exhausted card until refilled). */
export function exhaustedStacks(market: Market): number {
  return [...market.monsters, ...market.citizens, ...market.domains].filter((s) => s.cards.length === 0).length;
}

/** The card under the top of a citizen stack: what recruiting its top uncovers (null: it empties the stack). */
export const nextCitizen = (state: VckState, stack: number): CardId | null => state.market.citizens[stack]?.cards[1] ?? null;

export const monstersLeft = (market: Market): number => market.monsters.reduce((n, s) => n + s.cards.length, 0);
export const domainsLeft = (market: Market): number => market.domains.reduce((n, s) => n + s.cards.length, 0);

export const canAfford = (player: Player, bag: Bag): boolean => (['gold', 'strength', 'magic'] as const).every((r) => player[r] >= (bag[r] ?? 0));
