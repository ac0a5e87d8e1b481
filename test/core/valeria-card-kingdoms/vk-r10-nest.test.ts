import { describe, expect, it } from 'vitest';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { atActions, citizenStackOf, give, move, moveEvents, onTop, player, started } from './helpers.js';

/**
 * VK-R10 (rules file, Domains): the rulebook's Nest of the Weaver Woman
 * « vous permet de renvoyer un Citoyen de votre pile de Victoire dans son
 * paquet d'origine » (line 729), but citizens never enter a victory pile:
 * the Nest returns one of your own recruited Citizens to its stack, and a
 * starting citizen, which has no stack, cannot be returned.
 */

/** The active player builds the Nest (two Holy Clerics meet its requirement) owning these citizens besides the starters. */
function buildNest(recruited: string[]): { built: VckState; me: number } {
  const s0 = started(2);
  const me = s0.turn.active;
  const state = atActions(onTop(give(s0, me, 'citizens', ...recruited), 'domains', 0, 'Nest of the Weaver Witch'), { gold: 5 });
  return { built: move(state, me, { type: 'build', stack: 0, gold: 5, magic: 0 }), me };
}

describe('VK-R10: Nest of the Weaver Witch returns a recruited Citizen', () => {
  it('VK-R10: offers your recruited Citizens (one per name), never a starting citizen, and declining first', () => {
    const { built, me } = buildNest(['Cleric#1', 'Cleric#2', 'Peasant#1', 'Knight#1']);
    // The Starter Peasant and Starter Knight count as a Peasant and a Knight, whose stacks are in the market: still not offered.
    expect(player(built, me).citizens.filter((c) => c.startsWith('Starter'))).toHaveLength(2);
    expect(built.choice).toEqual([
      { kind: 'decline' },
      { kind: 'return', card: 'Cleric#1' },
      { kind: 'return', card: 'Peasant#1' },
      { kind: 'return', card: 'Knight#1' },
    ]);
  });

  it('VK-R10: the returned Citizen leaves the kingdom for the top of its own stack', () => {
    const { built, me } = buildNest(['Cleric#1', 'Cleric#2', 'Peasant#1']);
    const peasants = citizenStackOf(built, 'Peasant');
    const before = built.market.citizens[peasants]?.cards ?? [];
    const option = built.choice?.findIndex((o) => o.kind === 'return' && o.card === 'Peasant#1') ?? -1;
    const returned = moveEvents(built, me, { type: 'choose', option });
    expect(returned.events).toContainEqual({ type: 'citizen-returned', seat: me, card: 'Peasant#1', stack: peasants });
    expect(returned.state.market.citizens[peasants]?.cards).toEqual(['Peasant#1', ...before]);
    expect(player(returned.state, me).citizens).not.toContain('Peasant#1');
    expect(player(returned.state, me).citizens.filter((c) => c.startsWith('Starter'))).toHaveLength(2);
  });
});
