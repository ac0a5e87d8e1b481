import { describe, expect, it } from 'vitest';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { edit, give, harvestWith, player, started } from './helpers.js';

/**
 * VK-R5: « la valeur de chaque dé ainsi que la somme » activate the citizens:
 * each die on its own and the sum once. On a double the citizens matching the
 * die value activate twice, those matching the sum once.
 */

/** The active player holds these citizens; the other has none, so their free-resource choice keeps the window open. */
function doubleHarvest(dice: [number, number], citizens: string[]): { state: VckState; me: number } {
  const s0 = started(2);
  const me = s0.turn.active;
  const other = 1 - me;
  const state = edit(give(s0, me, 'citizens', ...citizens), (s) => {
    s.box.push(...player(s, other).citizens);
    player(s, other).citizens = [];
  });
  return { state: harvestWith(state, dice), me };
}

const count = (cards: readonly string[] | undefined, card: string) => (cards ?? []).filter((c) => c === card).length;

describe('VK-R5: doubles', () => {
  it('a double 3 activates every 3 twice and every 6 once', () => {
    const { state, me } = doubleHarvest([3, 3], ['Mercenary#1']);
    const activated = state.harvest?.activated[me];
    expect(count(activated, 'Mercenary#1')).toBe(2);
    const knight = player(state, me).citizens.find((c) => c.startsWith('Starter Knight'));
    expect(count(activated, knight as string)).toBe(1);
  });

  it('a double 4 activates the Archers (4) twice, as the rulebook example says, and every 8 once', () => {
    const { state, me } = doubleHarvest([4, 4], ['Archer#1', 'Archer#2', 'Archer#3', 'Champion#1']);
    const activated = state.harvest?.activated[me];
    // « chaque Archer sera activé deux fois, pour un total de six activations »
    expect(['Archer#1', 'Archer#2', 'Archer#3'].map((a) => count(activated, a))).toEqual([2, 2, 2]);
    expect(count(activated, 'Champion#1')).toBe(1);
  });

  it('a roll that is not a double activates each matching citizen once (2 and 5: the 2s, 5s and 7s)', () => {
    const { state, me } = doubleHarvest([2, 5], ['Merchant#1', 'Peasant#1', 'Rogue#1']);
    const activated = state.harvest?.activated[me];
    expect(['Merchant#1', 'Peasant#1', 'Rogue#1'].map((c) => count(activated, c))).toEqual([1, 1, 1]);
  });
});
