import { describe, expect, it } from 'vitest';
import { execute } from '../../../core/engine/index.js';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { atActions, citizenStackOf, DEADLINES, edit, engine, give, move, onTop, started, T0 } from './helpers.js';

/**
 * VK-R6: « cela vous permet de rallonger le jeu dans la mesure où la
 * condition de fin de partie n'est plus remplie ». The end is not sticky:
 * when the round completes, the game ends only if an end condition holds.
 */

const overdue = (state: VckState, turn: number): VckState => {
  const result = execute(engine, state, { type: 'timeout', at: T0 + turn * 10 * DEADLINES.turnMs });
  if (!result.ok) throw new Error(result.message);
  return result.state;
};

describe('VK-R6: a reopened stack extends the game', () => {
  it('Nest of the Weaver Witch reopens an exhausted stack in the round’s last turn: play goes on, and ends once the condition holds again', () => {
    const s0 = started(2);
    const [first, second] = [s0.firstPlayer, 1 - s0.firstPlayer];
    const archers = citizenStackOf(s0, 'Archer');
    // Four exhausted stacks: 2 × 2 players, the Archers' among them.
    const exhausted = edit(s0, (s) => {
      for (const stack of s.market.citizens.slice(0, 4)) {
        s.box.push(...stack.cards);
        stack.cards = [];
      }
    });
    const afterFirst = overdue(atActions(exhausted, {}), 1);
    expect(afterFirst).toMatchObject({ endTriggered: true, finished: false });
    expect(afterFirst.turn.active).toBe(second);

    // The last turn of the round: build the Nest (2 Holy Clerics) and return an Archer to its exhausted stack.
    const nest = onTop(give(afterFirst, second, 'citizens', 'Cleric#1', 'Cleric#2', 'Archer#1'), 'domains', 0, 'Nest of the Weaver Witch');
    const built = move(atActions(nest, { gold: 5 }), second, { type: 'build', stack: 0, gold: 5, magic: 0 });
    const option = built.choice?.findIndex((o) => o.kind === 'return' && o.card === 'Archer#1') ?? -1;
    const reopened = move(built, second, { type: 'choose', option });
    expect(reopened.market.citizens[archers]?.cards).toEqual(['Archer#1']);
    const roundDone = overdue(reopened, 2);
    expect(roundDone).toMatchObject({ finished: false, endTriggered: false });
    expect(roundDone.turn.active).toBe(first);

    // Checked again at the end of each later turn: nothing exhausted anew in the first player's turn.
    const third = overdue(atActions(roundDone, {}), 3);
    expect(third).toMatchObject({ finished: false, endTriggered: false });
    // The second player recruits the Archer back: four exhausted stacks when the round completes again.
    const recruited = move(atActions(third, { gold: 3 }), second, { type: 'recruit', stack: archers, gold: 3, magic: 0 });
    const ended = overdue(recruited, 4);
    expect(ended.finished).toBe(true);
    expect(engine.score(ended).turns).toBe(4);
  });

  it('a condition met in the round but no longer at its completion does not end the game', () => {
    const s0 = started(2);
    const second = 1 - s0.firstPlayer;
    const forest = s0.market.monsters.findIndex((s) => s.area === 'Forest');
    // The first player's turn ends with 4 exhausted stacks; the second returns a Treant with Watcher on the Water.
    const exhausted = edit(s0, (s) => {
      for (const stack of [...s.market.citizens.slice(0, 3), s.market.monsters[forest]]) {
        s.box.push(...(stack?.cards ?? []));
        if (stack) stack.cards = [];
      }
    });
    const afterFirst = overdue(atActions(exhausted, {}), 1);
    expect(afterFirst.endTriggered).toBe(true);
    const watcher = onTop(give(afterFirst, second, 'citizens', 'Archer#1', 'Cleric#1'), 'domains', 0, 'Watcher on the Water');
    const withTreant = give(watcher, second, 'monsters', 'Treant#1');
    const built = move(atActions(withTreant, { gold: 5 }), second, { type: 'build', stack: 0, gold: 5, magic: 0 });
    const option = built.choice?.findIndex((o) => o.kind === 'return' && o.card === 'Treant#1') ?? -1;
    const returned = move(built, second, { type: 'choose', option });
    expect(returned.market.monsters[forest]?.cards).toEqual(['Treant#1']);
    expect(overdue(returned, 2)).toMatchObject({ finished: false, endTriggered: false });
  });
});
