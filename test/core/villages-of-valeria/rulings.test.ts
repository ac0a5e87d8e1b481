import { describe, expect, it } from 'vitest';
import { execute, redactFor, viewFor } from '../../../core/engine/index.js';
import { CATALOG } from '../../../core/games/villages-of-valeria/catalog/index.js';
import type { VvState } from '../../../core/games/villages-of-valeria/index.js';
import {
  attempt,
  awaited,
  engine,
  expectRejected,
  hand,
  idNamed,
  init,
  legal,
  makeAdventurerAvailable,
  newGame,
  play,
  setBuildings,
  setCoins,
  setHand,
  setPileTop,
  setResources,
  step,
  withResource,
} from './helpers.js';

const timeout = (state: VvState) => {
  const result = execute(engine, state, { type: 'timeout', at: state.pending!.deadline, pendingId: state.pending!.id });
  if (!result.ok) throw new Error(result.message);
  return result;
};

/** Plays the acting player's remaining decisions with the engine's defaults. */
function finishActivity(state: VvState): VvState {
  const seat = awaited(state);
  while (state.pending?.kind === 'decision' && state.pending.seat === seat) state = timeout(state).state;
  return state;
}

describe('VV-R1 deck exhaustion', () => {
  it('leaves an emptied pile empty once the deck is gone, and skips a draw with no source left', () => {
    const state = newGame(2, 0);
    state.piles[4]!.push(...state.deck.splice(0));
    let next = play(state, 0, { type: 'harvest' });
    const pile0 = next.piles[0]!.length;
    expect(pile0).toBe(1);
    next = play(next, 0, { type: 'draw', from: 0 });
    expect(next.piles[0]).toEqual([]);
    expect(legal(next, 0)).not.toContainEqual({ type: 'draw', from: 0 });
    expect(legal(next, 0)).not.toContainEqual({ type: 'draw', from: 'deck' });
    expectRejected(next, 0, { type: 'draw', from: 'deck' }, 'empty-source');

    const empty = newGame(2, 0);
    empty.box.push(...empty.deck.splice(0), ...empty.piles.flatMap((p) => p.splice(0)));
    const before = hand(empty, 0).length;
    const after = play(empty, 0, { type: 'harvest' });
    expect(hand(after, 0)).toHaveLength(before);
    expect(step(after)).toBe('follow');
  });
});

describe('VV-R2 taking from a player who has nothing', () => {
  it('takes nothing from an empty hand, and the power is spent', () => {
    const state = newGame(2, 0);
    const keep = idNamed('Keep');
    setHand(state, 0, [keep]);
    setHand(state, 1, []);
    setResources(state, 0, withResource('stone', 2).concat(withResource('magic', 1)));
    let next = play(state, 0, { type: 'build', card: keep, payment: 'auto' });
    next = play(next, 0, { type: 'draw', from: 'deck' });
    expect(legal(next, 0)).toContainEqual({ type: 'power', card: keep, target: 1 });
    expectRejected(next, 0, { type: 'power', card: keep, target: 0 }, 'bad-target');
    expectRejected(next, 0, { type: 'power', card: keep }, 'bad-target');
    const used = attempt(next, 0, { type: 'power', card: keep, target: 1 });
    if (!used.ok) throw new Error(used.message);
    expect(used.events[0]).toEqual({ type: 'power-used', seat: 0, card: keep, owes: [] });
    expect(used.events.some((e) => e.type === 'cards-stolen')).toBe(false);
    // Spent: the action is over, the Keep's power with it.
    expect(used.state.flow.activity).toBeNull();
  });

  it('the Thief takes a free coin only, never one lying on a Resource', () => {
    const state = newGame(2, 0);
    const thief = idNamed('Thief');
    makeAdventurerAvailable(state, thief);
    setBuildings(state, 0, [idNamed('Alley'), idNamed('Harbor')]);
    setCoins(state, 1, 0);
    state.players[1]!.resources[0]!.coin = 'placed';
    state.bank -= 1;
    let next = play(state, 0, { type: 'recruit', adventurer: thief });
    const stolen = attempt(next, 0, { type: 'power', card: thief, target: 1 });
    expect(stolen.ok && stolen.events.filter((e) => e.type === 'gold-gained')).toEqual([]);
    setCoins(next, 1, 2);
    const taken = attempt(next, 0, { type: 'power', card: thief, target: 1 });
    expect(taken.ok && taken.events.filter((e) => e.type === 'gold-gained')).toEqual([{ type: 'gold-gained', seat: 0, n: 1, from: 1 }]);
  });
});

describe('VV-R6 follow windows', () => {
  it('opens one window at a time, clockwise, and a window past its deadline declines', () => {
    const state = newGame(4, 1);
    let next = play(state, 1, { type: 'harvest' });
    for (let i = 0; i < 3; i++) next = play(next, 1, { type: 'draw', from: 'deck' });
    next = finishActivity(next);
    expect(next.pending).toMatchObject({ kind: 'sequential', step: 'follow', seat: 2, queue: [3, 0] });
    expect(attempt(next, 2, { type: 'decline' }).ok).toBe(true);
    expectRejected(next, 3, { type: 'decline' }, 'not-your-turn');
    expectRejected(next, 2, { type: 'tax' }, 'not-the-led-action');
    const early = execute(engine, next, { type: 'timeout', at: next.pending!.deadline - 1 });
    expect(!early.ok && early.code).toBe('not-overdue');
    const late = timeout(next);
    expect(late.events[0]).toEqual({ type: 'declined', seat: 2 });
    expect(late.state.pending).toMatchObject({ kind: 'sequential', seat: 3 });
  });
});

describe('VV-R7 turn deadline', () => {
  it('plays Tax, draws from the deck and discards the most recently drawn card for the hand limit', () => {
    const state = newGame(2, 0);
    setHand(state, 0, state.deck.slice(0, 8));
    const top = state.deck[state.deck.length - 1]!;
    const gold = state.players[0]!.coins;
    const { events, state: after } = timeout(state);
    expect(events.filter((e) => e.type === 'gold-gained' || e.type === 'drew' || e.type === 'discarded')).toEqual([
      { type: 'gold-gained', seat: 0, n: 1, from: 'bank' },
      { type: 'drew', seat: 0, from: 'deck', card: top },
      { type: 'discarded', seat: 0, card: top, pile: 0 },
    ]);
    expect(after.players[0]!.coins).toBe(gold + 1);
    expect(hand(after, 0)).toHaveLength(8);
    expect(after.pending).toMatchObject({ kind: 'sequential', step: 'follow', seat: 1 });
  });
});

describe('VV-R8 decisions', () => {
  it('waits for the next move of the same player after each draw', () => {
    const state = newGame(2, 0);
    const next = play(state, 0, { type: 'harvest' });
    expect(next.pending).toMatchObject({ kind: 'decision', step: 'draw', seat: 0 });
    const drawn = play(next, 0, { type: 'draw', from: 'deck' });
    expect(drawn.pending).toMatchObject({ kind: 'decision', step: 'draw', seat: 0 });
    expect(drawn.pending!.id).not.toBe(next.pending!.id);
  });
});

describe('VV-R9 setup round', () => {
  it('is one simultaneous window whose choices stay secret until everyone has chosen', () => {
    const state = engine.setup(init(3, 'setup'));
    expect(state.pending).toMatchObject({ kind: 'simultaneous', step: 'setup', seats: [0, 1, 2], submitted: [] });
    const card = state.players[1]!.hand[2]!;
    const chosen = execute(engine, state, { type: 'move', seat: 1, move: { type: 'setup-develop', card }, at: 10 });
    if (!chosen.ok) throw new Error(chosen.message);
    expect(redactFor(engine, chosen.events[0]!, 0)).toEqual({ type: 'setup-chosen', seat: 1 });
    expect(redactFor(engine, chosen.events[0]!, 1)).toEqual(chosen.events[0]);
    expect(JSON.stringify(viewFor(engine, chosen.state, 0))).not.toContain(`"${card}"`);
    expectRejected(chosen.state, 1, { type: 'setup-develop', card: chosen.state.players[1]!.hand[0] }, 'already-chosen');
    // The deadline picks the first card in hand for the others.
    const firsts = [0, 2].map((s) => chosen.state.players[s]!.hand[0]);
    const closed = timeout(chosen.state);
    expect(closed.events.find((e) => e.type === 'setup-revealed')).toEqual({ type: 'setup-revealed', cards: [firsts[0], card, firsts[1]] });
    expect(closed.state.pending).toMatchObject({ kind: 'turn', step: 'lead', seat: 0 });
    expect(closed.state.players.map((p) => p.resources.length)).toEqual([1, 1, 1]);
  });
});

/**
 * VV-R10 (rules file): « When the Building deck and all discard piles are
 * empty and a full round of turns (one turn per player, follows included)
 * passes in which no player drew, built, developed or recruited, the game
 * ends after that round ».
 */
describe('VV-R10 stalled game', () => {
  /** Two players, nothing left to draw, empty hands, no Adventurer on offer. */
  function stalled(): VvState {
    const state = newGame(2, 0);
    state.box.push(...state.deck.splice(0), ...state.piles.flatMap((p) => p.splice(0)), ...state.players.flatMap((p) => p.hand.splice(0)));
    state.advDeck.push(...state.advPool.splice(0));
    return state;
  }

  /** The seat leads (a draw from the first source left), every follow window is declined; the turn's `turn-ended` count of quiet turns. */
  function turn(state: VvState, seat: number, lead: object): { state: VvState; quietTurns: number | undefined } {
    let result = attempt(state, seat, lead);
    const events = [];
    for (;;) {
      if (!result.ok) throw new Error(result.message);
      events.push(...result.events);
      const next = result.state;
      if (next.pending?.kind === 'turn' || next.finished) break;
      const who = awaited(next)!;
      result = attempt(next, who, step(next) === 'follow' ? { type: 'decline' } : legal(next, who)[0]);
    }
    const ended = events.find((e) => e.type === 'turn-ended');
    return { state: result.state, quietTurns: ended?.type === 'turn-ended' ? ended.quietTurns : undefined };
  }

  it('VV-R10: ends a stalled game: no card left to draw and a full round without anyone drawing, building, developing or recruiting', () => {
    let state = stalled();
    state = play(state, 0, { type: 'harvest' });
    expect(state.pending).toMatchObject({ kind: 'sequential', seat: 1 });
    state = play(state, 1, { type: 'decline' });
    expect(state.finished).toBe(false);
    state = play(state, 1, { type: 'tax' });
    state = play(state, 0, { type: 'decline' });
    expect(state.finished).toBe(true);
  });

  it('VV-R10: progress starts the count again: a Building built in the round puts the end a full quiet round later', () => {
    const state = stalled();
    const cottage = idNamed('Cottage');
    setHand(state, 1, [cottage]);
    const counts: (number | undefined)[] = [];
    let next = state;
    const plays: [number, object][] = [
      [0, { type: 'tax' }],
      [1, { type: 'build', card: cottage, payment: [{ use: 'castle' }] }],
      [0, { type: 'tax' }],
      [1, { type: 'tax' }],
    ];
    for (const [seat, lead] of plays) {
      expect(next.finished).toBe(false);
      const played = turn(next, seat, lead);
      counts.push(played.quietTurns);
      next = played.state;
    }
    // Quiet, then the Build (progress: the count starts again), then two quiet turns: a full round of 2.
    expect(counts).toEqual([1, 0, 1, 2]);
    expect(next.finished).toBe(true);
  });

  it('VV-R10: a card left in a pile keeps the game going: the Tax that draws it makes its turn not quiet, and the quiet round counts only once nothing is left to draw', () => {
    const state = stalled();
    const left = idNamed('Altar');
    setPileTop(state, 2, left);
    let next = state;
    const counts: (number | undefined)[] = [];
    for (const seat of [0, 1, 0]) {
      expect(next.finished).toBe(false);
      const played = turn(next, seat, { type: 'tax' });
      counts.push(played.quietTurns);
      next = played.state;
    }
    // The first Tax draws the Altar, the pile's last card (VV-R1: not refilled, the deck is gone).
    expect(next.players[0]!.hand).toEqual([left]);
    expect(next.piles[2]).toEqual([]);
    expect(counts).toEqual([0, 1, 2]);
    expect(next.finished).toBe(true);
  });
});

describe('the end of the game', () => {
  it('comes after the turn in which a village reaches the trigger, follows included', () => {
    const state = newGame(2, 0);
    const last = idNamed('Cottage');
    const names = new Set<string>(['Cottage', 'Outpost']);
    const eleven = CATALOG.buildings.filter((b) => !names.has(b.name) && (names.add(b.name), true)).map((b) => b.id);
    setBuildings(state, 0, eleven.slice(0, 11));
    setHand(state, 0, [last]);
    setHand(state, 1, [idNamed('Outpost')]);
    let next = play(state, 0, { type: 'build', card: last, payment: 'auto' });
    next = play(next, 0, { type: 'draw', from: 'deck' });
    next = finishActivity(next);
    expect(next.players[0]!.buildings).toHaveLength(12);
    expect(next.finished).toBe(false);
    expect(next.pending).toMatchObject({ kind: 'sequential', step: 'follow', seat: 1 });
    next = play(next, 1, { type: 'build', card: idNamed('Outpost'), payment: 'auto' });
    expect(next.finished).toBe(true);
    expect(next.pending).toBeNull();
    expect(engine.score(next).winners).toEqual([0]);
  });

  it('breaks ties by village size, then Gold, then Resources, then shares the victory', () => {
    const state = newGame(2, 0);
    state.finished = true;
    setBuildings(state, 0, [idNamed('Cottage')]);
    setBuildings(state, 1, [idNamed('Outpost')]);
    setCoins(state, 0, 3);
    setCoins(state, 1, 3);
    const avoid = [idNamed('Cottage'), idNamed('Outpost')];
    setResources(state, 0, withResource('food', 1, avoid));
    setResources(state, 1, withResource('wood', 1, avoid));
    expect(engine.score(state).winners).toEqual([0, 1]);
    setResources(state, 1, withResource('wood', 2, avoid));
    expect(engine.score(state).winners).toEqual([1]);
    setCoins(state, 0, 4);
    setBuildings(state, 1, []);
    setCoins(state, 1, 5);
    expect(engine.score(state).scores).toEqual([5, 5]);
    expect(engine.score(state).winners).toEqual([0]);
  });
});

describe('the solo variant', () => {
  it('deals from 35 Buildings, has no follows, and Recruit costs 2 Gold', () => {
    const state = newGame(1, 0);
    expect(state.box).toHaveLength(84 - 35);
    expect(state.bank).toBe(4);
    const ranger = idNamed('Ranger');
    makeAdventurerAvailable(state, ranger);
    setBuildings(state, 0, [idNamed('Cottage')]);
    const next = play(state, 0, { type: 'recruit', adventurer: ranger });
    expect(next.players[0]!.coins).toBe(1);
    expect(next.pending).toMatchObject({ kind: 'turn', seat: 0 });
  });

  it('Tax removes a hand card for 1 Gold and is impossible with an empty hand', () => {
    const state = newGame(1, 0);
    const card = hand(state, 0)[0]!;
    let next = play(state, 0, { type: 'tax' });
    expectRejected(next, 0, { type: 'discard', card, pile: 0 }, 'no-pile-in-solo');
    next = play(next, 0, { type: 'discard', card });
    expect(next.box).toContain(card);
    expect(next.players[0]!.coins).toBe(4);
    setHand(next, 0, []);
    expect(legal(next, 0)).not.toContainEqual({ type: 'tax' });
    expectRejected(next, 0, { type: 'tax' }, 'cannot-pay');
    expect(timeout(next).events).toContainEqual(expect.objectContaining({ type: 'action-started', action: 'harvest' }));
  });

  it('never draws beyond 8 cards', () => {
    const state = newGame(1, 0);
    setHand(state, 0, state.deck.slice(0, 7));
    let next = play(state, 0, { type: 'harvest' });
    next = play(next, 0, { type: 'draw', from: 'deck' });
    expect(hand(next, 0)).toHaveLength(8);
    expect(next.pending).toMatchObject({ kind: 'turn', seat: 0 });
  });

  it('keeps a spent coin out for one extra turn', () => {
    const state = newGame(1, 0);
    const outpost = idNamed('Outpost');
    setHand(state, 0, [outpost, ...state.deck.slice(0, 3)]);
    let next = play(state, 0, { type: 'build', card: outpost, payment: [{ use: 'castle' }] });
    next = play(next, 0, { type: 'draw', from: 'deck' });
    expect(next.players[0]!.castleCoin).toBe('slid');
    expect(next.players[0]!.coins).toBe(2);
    next = play(next, 0, { type: 'harvest' });
    for (let i = 0; i < 3 && step(next) === 'draw'; i++) next = play(next, 0, { type: 'draw', from: 'deck' });
    next = finishActivity(next);
    expect(next.players[0]!.castleCoin).toBeNull();
    expect(next.players[0]!.coins).toBe(3);
  });

  it('turns a card-stealing power into a draw, and ends when the deck is empty at the end of a turn', () => {
    const state = newGame(1, 0);
    const keep = idNamed('Keep');
    setHand(state, 0, [keep]);
    setResources(state, 0, withResource('stone', 2).concat(withResource('magic', 1)));
    state.box.push(...state.deck.splice(0, state.deck.length - 1));
    let next = play(state, 0, { type: 'build', card: keep, payment: 'auto' });
    next = play(next, 0, { type: 'draw', from: 'deck' });
    expect(next.deck).toHaveLength(0);
    expect(legal(next, 0)).toContainEqual({ type: 'power', card: keep });
    next = play(next, 0, { type: 'power', card: keep });
    next = play(next, 0, { type: 'draw', from: 1 });
    expect(next.finished).toBe(true);
    expect(engine.score(next).verdict).toBe('Pothole');
  });
});
