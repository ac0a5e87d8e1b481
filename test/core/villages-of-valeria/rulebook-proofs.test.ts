import { describe, expect, it } from 'vitest';
import { execute } from '../../../core/engine/index.js';
import { building, CATALOG } from '../../../core/games/villages-of-valeria/catalog/index.js';
import type { VvState } from '../../../core/games/villages-of-valeria/index.js';
import {
  awaited,
  engine,
  expectRejected,
  hand,
  idNamed,
  legal,
  makeAdventurerAvailable,
  newGame,
  play,
  setAdventurers,
  setBuildings,
  setCoins,
  setHand,
  setResources,
  step,
  withResource,
  DEADLINES,
} from './helpers.js';

/**
 * Rules of record proven with values read in the rules file and the
 * rulebooks (seeds/villages-of-valeria.*.txt), never from the engine's
 * constants (rules.ts).
 */

/** Plays the awaited player's remaining decisions with the engine's defaults, then declines every follow window. */
function finishTurn(state: VvState): VvState {
  let next = state;
  for (let guard = 0; guard < 50 && next.pending && next.pending.kind !== 'turn'; guard++) {
    const seat = awaited(next)!;
    if (step(next) === 'follow') next = play(next, seat, { type: 'decline' });
    else {
      const result = execute(engine, next, { type: 'timeout', at: next.pending.deadline });
      if (!result.ok) throw new Error(result.message);
      next = result.state;
    }
  }
  return next;
}

/** The acting player's decisions by default, until the first follow window (or the next turn). */
function untilFollow(state: VvState): VvState {
  let next = state;
  const seat = awaited(next);
  while (next.pending?.kind === 'decision' && awaited(next) === seat) {
    const result = execute(engine, next, { type: 'timeout', at: next.pending.deadline });
    if (!result.ok) throw new Error(result.message);
    next = result.state;
  }
  return next;
}

const distinctBuildings = (n: number, avoid: readonly string[]) => {
  const names = new Set(avoid);
  return CATALOG.buildings
    .filter((b) => !names.has(b.name) && (names.add(b.name), true))
    .slice(0, n)
    .map((b) => b.id);
};

describe('leading and following (the actions table)', () => {
  it('following Develop costs 2 discards (leading it, 1)', () => {
    const state = newGame(2, 0);
    const [a, b, c, d, e] = withResource('magic', 2).concat(withResource('food', 3));
    setHand(state, 0, [a!, b!]);
    setHand(state, 1, [c!, d!, e!]);
    let next = play(state, 0, { type: 'develop', card: a! });
    expect(step(next)).toBe('discard');
    next = play(next, 0, { type: 'discard', card: b!, pile: 0 });
    expect(next.players[0]!.resources.map((r) => r.card)).toContain(a);
    next = untilFollow(next);
    expect(next.pending).toMatchObject({ step: 'follow', seat: 1 });
    next = play(next, 1, { type: 'develop', card: c! });
    next = play(next, 1, { type: 'discard', card: d!, pile: 0 });
    expect(step(next)).toBe('discard');
    next = play(next, 1, { type: 'discard', card: e!, pile: 1 });
    expect(next.players[1]!.resources.map((r) => r.card)).toContain(c);
    expect(hand(next, 1)).toEqual([]);
  });

  it('a follower with fewer than 3 cards cannot follow Develop (no window)', () => {
    const state = newGame(2, 0);
    const [a, b, c, d] = withResource('magic', 2).concat(withResource('food', 2));
    setHand(state, 0, [a!, b!]);
    setHand(state, 1, [c!, d!]);
    const next = play(play(state, 0, { type: 'develop', card: a! }), 0, { type: 'discard', card: b!, pile: 0 });
    expect(untilFollow(next).pending).toMatchObject({ kind: 'turn', step: 'lead', seat: 1 });
  });

  it('following Build draws no card (leading it draws 1)', () => {
    const state = newGame(2, 0);
    setHand(state, 0, [idNamed('Cottage')]);
    setHand(state, 1, [idNamed('Outpost')]);
    let next = play(state, 0, { type: 'build', card: idNamed('Cottage'), payment: [{ use: 'castle' }] });
    expect(step(next)).toBe('draw');
    next = play(next, 0, { type: 'draw', from: 'deck' });
    expect(hand(next, 0)).toHaveLength(1);
    next = untilFollow(next);
    next = play(next, 1, { type: 'build', card: idNamed('Outpost'), payment: [{ use: 'castle' }] });
    expect(next.players[1]!.buildings).toEqual([idNamed('Outpost')]);
    expect(hand(next, 1)).toEqual([]);
    expect(next.pending).toMatchObject({ kind: 'turn', step: 'lead', seat: 1 });
  });

  it('a second copy of a Building you own is refused', () => {
    const state = newGame(2, 0);
    const [first, second] = [idNamed('Farm', 0), idNamed('Farm', 1)];
    setBuildings(state, 0, [first]);
    setHand(state, 0, [second]);
    setResources(state, 0, withResource('wood', 1));
    expect(legal(state, 0).some((m) => m.type === 'build')).toBe(false);
    expectRejected(state, 0, { type: 'build', card: second, payment: 'auto' }, 'duplicate-building');
  });
});

describe('bank and end trigger by player count', () => {
  const BANK: Record<number, number> = { 1: 7, 2: 14, 3: 20, 4: 25, 5: 30 };
  const TRIGGER: Record<number, number> = { 2: 12, 3: 12, 4: 10, 5: 10 };

  it('bank sizes 14/20/25/30 (solo 7): the coins in play before each player takes 3', () => {
    for (const seats of [1, 2, 3, 4, 5]) {
      const state = newGame(seats, 0);
      expect(state.players.map((p) => p.coins)).toEqual(Array(seats).fill(3));
      expect(state.bank + 3 * seats).toBe(BANK[seats]);
    }
  });

  it('end triggers 12/12/10/10 Buildings + Adventurers for 2/3/4/5 players: reaching it ends the game after that turn, one fewer does not', () => {
    for (const seats of [2, 3, 4, 5]) {
      const trigger = TRIGGER[seats]!;
      for (const reached of [true, false]) {
        const state = newGame(seats, 0);
        const built = (reached ? trigger : trigger - 1) - 2;
        setBuildings(state, 0, distinctBuildings(built, ['Cottage']));
        setAdventurers(state, 0, [idNamed('Ranger')]);
        setHand(state, 0, [idNamed('Cottage')]);
        const next = finishTurn(play(state, 0, { type: 'build', card: idNamed('Cottage'), payment: [{ use: 'castle' }] }));
        const village = next.players[0]!.buildings.length + next.players[0]!.adventurers.length;
        expect([seats, village, next.finished]).toEqual([seats, reached ? trigger : trigger - 1, reached]);
      }
    }
  });
});

describe('scoring', () => {
  it('end powers score as written: Knight +1 per Soldier Building, Tavern +1 per Adventurer, Harbor +1 per Shadow Building', () => {
    const state = newGame(2, 0);
    const buildings = ['Tavern', 'Harbor', 'Guard Tower', 'Barracks', "Witch's Hut", 'Cottage'].map((n) => idNamed(n));
    setBuildings(state, 0, buildings);
    setAdventurers(state, 0, [idNamed('Knight')]);
    // The catalog's (designed) types of these Buildings: two Soldier, two Shadow.
    expect(buildings.map((id) => building(id).type)).toEqual(['worker', 'shadow', 'soldier', 'soldier', 'shadow', 'worker']);
    const details = engine.score(state).details as { powers: number }[];
    // Knight 2 (Soldiers) + Tavern 1 (the Knight) + Harbor 2 (Shadows).
    expect(details[0]!.powers).toBe(2 + 1 + 2);
  });

  it('coins placed on another player’s Resource count for them at once and become theirs at their next turn', () => {
    const state = newGame(2, 0);
    const [wood] = withResource('wood', 1);
    setHand(state, 0, [idNamed('Outpost')]);
    setResources(state, 1, [wood!]);
    setCoins(state, 1, 3);
    let next = play(state, 0, { type: 'build', card: idNamed('Outpost'), payment: [{ use: 'resource', seat: 1, card: wood! }] });
    expect(next.players[1]!.resources[0]!.coin).toBe('placed');
    expect((engine.score(next).details as { gold: number }[])[1]!.gold).toBe(4);
    expect(next.players[1]!.coins).toBe(3);
    next = finishTurn(next);
    expect(next.pending).toMatchObject({ kind: 'turn', seat: 1 });
    expect(next.players[1]!.coins).toBe(4);
    expect(next.players[1]!.resources[0]!.coin).toBeNull();
  });
});

describe('solo', () => {
  it('Develop removes 1 card at the start and is impossible with fewer than 2 cards', () => {
    const state = newGame(1, 0);
    const [a, b] = withResource('stone', 2);
    setHand(state, 0, [a!]);
    expectRejected(state, 0, { type: 'develop', card: a! }, 'cannot-pay');
    setHand(state, 0, [a!, b!]);
    const next = play(play(state, 0, { type: 'develop', card: a! }), 0, { type: 'discard', card: b! });
    expect(next.box).toContain(b);
    expect(next.players[0]!.resources.map((r) => r.card)).toContain(a);
  });

  it('the Thief takes its Gold from the bank', () => {
    const state = newGame(1, 0);
    const thief = idNamed('Thief');
    setBuildings(state, 0, [idNamed('Harbor'), idNamed("Witch's Hut")]);
    makeAdventurerAvailable(state, thief);
    const bank = state.bank;
    let next = play(state, 0, { type: 'recruit', adventurer: thief });
    // Solo Recruit costs 2 Gold, paid to the bank.
    expect([next.players[0]!.coins, next.bank]).toEqual([1, bank + 2]);
    next = play(next, 0, { type: 'power', card: thief });
    expect([next.players[0]!.coins, next.bank]).toEqual([2, bank + 1]);
  });

  it('ranks by score: 60+ Imperator, 50-59 Architect, 40-49 Mayor, 30-39 Backwater, 29 or less Pothole', () => {
    const state = newGame(1, 0);
    const rank = (score: number) => {
      state.players[0]!.coins = score;
      return engine.score(state).verdict;
    };
    expect([60, 75, 59, 50, 49, 40, 39, 30, 29, 0].map(rank)).toEqual([
      'Imperator',
      'Imperator',
      'Architect',
      'Architect',
      'Mayor',
      'Mayor',
      'Backwater',
      'Backwater',
      'Pothole',
      'Pothole',
    ]);
  });
});

describe('setup', () => {
  const setup = (seats: number, options: { firstPlayer?: number }, seed: string) => engine.setup({ seats, options, deadlines: DEADLINES, seed, at: 0 });

  it('deals 6 Buildings to each hand, one face-up card on each of 5 piles, 5 face-up Adventurers, 3 Gold and a Castle each', () => {
    const state = setup(3, {}, 'deal');
    expect(state.players.map((p) => p.hand.length)).toEqual([6, 6, 6]);
    expect(state.players.map((p) => p.coins)).toEqual([3, 3, 3]);
    expect(new Set(state.players.map((p) => p.castle)).size).toBe(3);
    expect(state.piles.map((p) => p.length)).toEqual([1, 1, 1, 1, 1]);
    expect(state.deck).toHaveLength(84 - 3 * 6 - 5);
    expect(state.advPool).toHaveLength(5);
    expect(state.advDeck).toHaveLength(16 - 5);
    expect(state.pending).toMatchObject({ kind: 'simultaneous', step: 'setup', seats: [0, 1, 2] });
  });

  it('the setup round develops one card each for free; then the first player, random or chosen, leads', () => {
    const firsts = new Set<number>();
    for (const seed of ['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8']) {
      let state = setup(3, {}, seed);
      for (let seat = 0; seat < 3; seat++) state = play(state, seat, { type: 'setup-develop', card: hand(state, seat)[0]! });
      expect(state.players.map((p) => [p.resources.length, p.hand.length, p.coins])).toEqual([
        [1, 5, 3],
        [1, 5, 3],
        [1, 5, 3],
      ]);
      expect(state.pending).toMatchObject({ kind: 'turn', step: 'lead', seat: state.first });
      firsts.add(state.first);
    }
    expect(firsts.size).toBeGreaterThan(1);
    expect(setup(3, { firstPlayer: 2 }, 'f1').first).toBe(2);
  });
});
