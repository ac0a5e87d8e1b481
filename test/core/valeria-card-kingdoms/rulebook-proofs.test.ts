import { describe, expect, it } from 'vitest';
import { execute, legalMovesFor } from '../../../core/engine/index.js';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { atActions, DEADLINES, edit, engine, give, harvestWith, move, onTop, player, started, T0 } from './helpers.js';

/**
 * Rules of record proven with values read in the rules file and the rulebook
 * (seeds/valeria-card-kingdoms.fr.txt), never from the engine's constants.
 */

const overdue = (state: VckState, at = T0 + 10 * DEADLINES.turnMs): VckState => {
  const result = execute(engine, state, { type: 'timeout', at });
  if (!result.ok) throw new Error(result.message);
  return result.state;
};

/** The active player owns this roll-phase Domain and rolls; the dice are then set to `dice` (the roll must leave a change to make). */
function atDice(domain: string, dice: [number, number], gold: number, other?: (s: VckState, other: number) => void): { state: VckState; me: number } {
  const s0 = started(2);
  const me = s0.turn.active;
  const ready = edit(give(s0, me, 'domains', domain), (s) => {
    player(s, me).gold = gold;
    other?.(s, 1 - me);
  });
  const rolled = move(ready, me, { type: 'roll' });
  expect(rolled.pending?.step).toBe('dice');
  return {
    state: edit(rolled, (s) => {
      s.turn.dice = dice;
    }),
    me,
  };
}

describe('Domains do what their text says', () => {
  it('Foxgrove Palisade: pay 2 Gold to set a die to 6', () => {
    const { state, me } = atDice('Foxgrove Palisade', [2, 3], 2);
    expect(legalMovesFor(engine, state, me)).toContainEqual({ type: 'change-die', domain: 'Foxgrove Palisade', die: 0 });
    const changed = move(state, me, { type: 'change-die', domain: 'Foxgrove Palisade', die: 0 });
    expect(changed.turn.dice).toEqual([6, 3]);
    expect(player(changed, me).gold).toBe(0);
  });

  it('Foxgrove Palisade cannot be used with less than 2 Gold', () => {
    const { state, me } = atDice('Foxgrove Palisade', [2, 3], 2);
    const poor = edit(state, (s) => {
      player(s, me).gold = 1;
    });
    expect(legalMovesFor(engine, poor, me).filter((m) => m.type === 'change-die')).toEqual([]);
  });

  it('The Desert Orchid: set a die to 1, paying 1 Gold per Holy citizen owned, free with none', () => {
    // The harvest that follows may pay Gold too: the change's own price is read from its event.
    const changeOf = (state: VckState, seat: number, die: number) => {
      const result = execute(engine, state, { type: 'move', seat, move: { type: 'change-die', domain: 'The Desert Orchid', die }, at: T0 + 2000 });
      if (!result.ok) throw new Error(result.message);
      return { dice: result.state.turn.dice, change: result.events.find((e) => e.type === 'die-changed') };
    };
    const free = atDice('The Desert Orchid', [4, 5], 0);
    expect(changeOf(free.state, free.me, 1)).toMatchObject({ dice: [4, 1], change: { value: 1, paid: 0 } });

    const { state, me } = atDice('The Desert Orchid', [4, 5], 3);
    const holy = give(state, me, 'citizens', 'Cleric#1', 'Monk#1');
    expect(changeOf(holy, me, 0)).toMatchObject({ dice: [1, 5], change: { value: 1, paid: 2 } });
  });

  it("Purloiner's Perch: take a random Monster from another player's victory pile, without its reward", () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const victim = 1 - me;
    const state = give(onTop(give(s0, me, 'citizens', 'Rogue#1', 'Thief#1'), 'domains', 0, "Purloiner's Perch"), victim, 'monsters', 'Treant#1');
    const ready = atActions(state, { gold: 7 });
    const built = move(ready, me, { type: 'build', stack: 0, gold: 7, magic: 0 });
    expect(player(built, me).monsters).toEqual(['Treant#1']);
    expect(player(built, victim).monsters).toEqual([]);
    // A Treant's reward (1 Gold + 1 Magic) is not gained.
    expect(player(built, me)).toMatchObject({ gold: 0, magic: 0, strength: 0 });
  });

  it('Watcher on the Water: return a Monster from your victory pile to its stack, reopening an exhausted stack', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const forest = s0.market.monsters.findIndex((s) => s.area === 'Forest');
    const state = edit(onTop(give(give(s0, me, 'citizens', 'Archer#1', 'Cleric#1'), me, 'monsters', 'Treant#1'), 'domains', 0, 'Watcher on the Water'), (s) => {
      s.box.push(...(s.market.monsters[forest]?.cards ?? []));
      (s.market.monsters[forest] as { cards: string[] }).cards = [];
    });
    const built = move(atActions(state, { gold: 5 }), me, { type: 'build', stack: 0, gold: 5, magic: 0 });
    const option = built.choice?.findIndex((o) => o.kind === 'return' && o.card === 'Treant#1') ?? -1;
    expect(option).toBeGreaterThan(0);
    const returned = move(built, me, { type: 'choose', option });
    expect(returned.market.monsters[forest]?.cards).toEqual(['Treant#1']);
    expect(player(returned, me).monsters).toEqual([]);
  });

  it("Gargan's Embrace: +1 VP when a double is made by changing dice", () => {
    const { state, me } = atDice('Foxgrove Palisade', [6, 3], 2, (s, other) => {
      player(s, other).domains.push("Gargan's Embrace");
      player(s, other).vp = 0;
    });
    const changed = move(state, me, { type: 'change-die', domain: 'Foxgrove Palisade', die: 1 });
    expect(changed.turn.dice).toEqual([6, 6]);
    expect(player(changed, 1 - me).vp).toBe(1);
  });
});

describe('Dukes', () => {
  it('count roles on Domains: Waryn, 1 VP per Worker + 2 per Shadow + 1 per 3 resources', () => {
    const s0 = started(2);
    const over = edit(give(give(s0, 0, 'citizens', 'Merchant#1'), 0, 'domains', "Purloiner's Perch"), (s) => {
      Object.assign(player(s, 0), { duke: 'Waryn', gold: 6, strength: 0, magic: 0 });
      s.finished = true;
    });
    // 1 Worker (the Merchant) + 2 Shadow on the Perch's requirement (2 × 2 VP) + 6 resources (2 VP); starters have no role.
    const details = engine.score(over).details as { duke: number }[];
    expect(details[0]?.duke).toBe(1 + 4 + 2);
  });
});

describe('Solo: "take from a player"', () => {
  it('takes from the reserve: the Thief takes 3 Gold', () => {
    const s0 = started(1);
    const state = edit(give(s0, 0, 'citizens', 'Thief#1'), (s) => Object.assign(player(s, 0), { gold: 0, magic: 0 }));
    const open = harvestWith(state, [3, 4]);
    const chosen = move(open, 0, {
      type: 'harvest',
      answers: [{ prompt: 0, option: open.harvest?.prompts[0]?.[0]?.options.findIndex((o) => o.kind === 'take' && o.resource === 'gold') ?? -1 }],
    });
    expect(chosen.harvest?.theft).toMatchObject({ from: null, resource: 'gold', most: 3 });
    const after = move(chosen, 0, { type: 'steal', amount: 3 });
    expect(player(after, 0).gold).toBe(3);
  });

  it("takes a monster from the top of the leftmost stack (Purloiner's Perch)", () => {
    const s0 = started(1);
    const state = onTop(give(s0, 0, 'citizens', 'Rogue#1', 'Thief#1'), 'domains', 0, "Purloiner's Perch");
    const open = harvestWith(state, [1, 1]);
    const ready = edit(open.pending?.kind === 'simultaneous' ? overdue(open, open.pending.deadline) : open, (s) =>
      Object.assign(player(s, 0), { gold: 7, strength: 0, magic: 0 }),
    );
    const leftmostTop = ready.market.monsters[0]?.cards[0];
    const built = move(ready, 0, { type: 'build', stack: 0, gold: 7, magic: 0 });
    expect(player(built, 0).monsters).toEqual([leftmostTop]);
    expect(built.market.monsters[0]?.cards[0]).not.toBe(leftmostTop);
  });
});

describe('End conditions (checked at the end of a turn; the round is played out)', () => {
  /** Three players (6 exhausted stacks end it), the round's last player to act, the market changed. */
  const lastTurn = (change: (s: VckState) => void) =>
    edit(started(3), (s) => {
      s.turn.active = (s.firstPlayer + 2) % 3;
      change(s);
    });
  const empty = (s: VckState, stacks: { cards: string[] }[]) => {
    for (const stack of stacks) {
      s.box.push(...stack.cards);
      stack.cards = [];
    }
  };

  /** Whether the game is over once that last turn is played out. */
  const endsAfter = (change: (s: VckState) => void) => overdue(atActions(lastTurn(change), {})).finished;

  it('all monsters slain ends the game', () => {
    expect(endsAfter((s) => empty(s, s.market.monsters))).toBe(true);
  });

  it('all domains built ends the game', () => {
    expect(endsAfter((s) => empty(s, s.market.domains))).toBe(true);
  });

  it('exhausted stacks = 2 × players ends the game; one fewer does not', () => {
    expect(endsAfter((s) => empty(s, s.market.citizens.slice(0, 6)))).toBe(true);
    expect(endsAfter((s) => empty(s, s.market.citizens.slice(0, 5)))).toBe(false);
  });
});
