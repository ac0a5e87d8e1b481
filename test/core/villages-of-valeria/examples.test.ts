import { describe, expect, it } from 'vitest';
import { building } from '../../../core/games/villages-of-valeria/catalog/index.js';
import { scoreSheet } from '../../../core/games/villages-of-valeria/score.js';
import {
  attempt,
  awaited,
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
  setPileTop,
  setResources,
  step,
  withResource,
} from './helpers.js';

/** The worked examples of the rulebooks (issue 2, item 6), each on a table arranged for it. */

const HELEN = 0;
const RICK = 1;
const TOM = 1;

describe('worked examples of the rulebooks', () => {
  it('Helen builds the Armory with her Castle (as Stone), her Wood and Rick’s Stone', () => {
    const state = newGame(2, HELEN);
    const armory = idNamed('Armory');
    const [wood] = withResource('wood', 1);
    const [stone] = withResource('stone', 1);
    setHand(state, HELEN, [armory]);
    setResources(state, HELEN, [wood!]);
    setResources(state, RICK, [stone!]);
    expect(building(armory).cost.slice().sort()).toEqual(['stone', 'stone', 'wood']);

    const after = play(state, HELEN, {
      type: 'build',
      card: armory,
      payment: [{ use: 'castle' }, { use: 'resource', seat: HELEN, card: wood! }, { use: 'resource', seat: RICK, card: stone! }],
    });
    const helen = after.players[HELEN]!;
    const rick = after.players[RICK]!;
    expect(helen.buildings).toEqual([armory]);
    expect(helen.coins).toBe(0);
    expect(helen.castleCoin).toBe('placed');
    expect(helen.resources[0]!.coin).toBe('placed');
    expect(rick.resources[0]!.coin).toBe('placed');
    // The coin on Rick's Stone already counts for Rick, and becomes his free coin at his Replenish.
    expect(scoreSheet(after).details![RICK]).toMatchObject({ gold: 4 });
    let next = play(after, HELEN, { type: 'draw', from: 'deck' });
    while (awaited(next) === HELEN)
      next = play(
        next,
        HELEN,
        legal(next, HELEN).find((m) => m.type === 'end-powers' || m.type === 'discard')!,
      );
    if (step(next) === 'follow') next = play(next, RICK, { type: 'decline' });
    expect(step(next)).toBe('lead');
    expect(next.players[RICK]!.coins).toBe(4);
    expect(next.players[RICK]!.resources[0]!.coin).toBeNull();
  });

  it('the payment finder pays the same Armory from Helen’s own Castle and Wood first, then Rick’s Stone', () => {
    const state = newGame(2, HELEN);
    const armory = idNamed('Armory');
    const [wood] = withResource('wood', 1);
    const [stone] = withResource('stone', 1);
    setHand(state, HELEN, [armory]);
    setResources(state, HELEN, [wood!]);
    setResources(state, RICK, [stone!]);
    const built = attempt(state, HELEN, { type: 'build', card: armory, payment: 'auto' });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const event = built.events.find((e) => e.type === 'built');
    expect(event).toMatchObject({
      payment: expect.arrayContaining([{ use: 'castle' }, { use: 'resource', seat: HELEN, card: wood }, { use: 'resource', seat: RICK, card: stone }]),
    });
  });

  it('Guard Tower lets a follower reach 9 cards, then discard down to 8', () => {
    const state = newGame(2, RICK);
    setBuildings(state, HELEN, [idNamed('Guard Tower')]);
    const keep = state.deck.slice(0, 7);
    setHand(state, HELEN, keep);
    let next = play(state, RICK, { type: 'harvest' });
    for (let i = 0; i < 3; i++) next = play(next, RICK, { type: 'draw', from: 'deck' });
    while (awaited(next) === RICK)
      next = play(
        next,
        RICK,
        legal(next, RICK).find((m) => m.type === 'end-powers' || m.type === 'discard')!,
      );
    expect(step(next)).toBe('follow');
    next = play(next, HELEN, { type: 'harvest' });
    next = play(next, HELEN, { type: 'draw', from: 'deck' });
    expect(hand(next, HELEN)).toHaveLength(8);
    expect(step(next)).toBe('power');
    next = play(next, HELEN, { type: 'power', card: idNamed('Guard Tower') });
    next = play(next, HELEN, { type: 'draw', from: 0 });
    expect(hand(next, HELEN)).toHaveLength(9);
    expect(step(next)).toBe('hand-limit');
    expectRejected(next, HELEN, { type: 'end-powers' }, 'wrong-step');
    next = play(next, HELEN, { type: 'discard', card: hand(next, HELEN)[0]!, pile: 2 });
    expect(hand(next, HELEN)).toHaveLength(8);
    expect(step(next)).toBe('lead');
  });

  it('Cathedral and Oracle: leading Tax gives 3 cards and 2 Gold, following it 3 cards and 1 Gold', () => {
    const state = newGame(2, TOM);
    // VV-R4: Tom and Helen have « les 2 mêmes Bâtiments », the Cathedral and the Oracle.
    setBuildings(state, TOM, [idNamed('Cathedral', 0), idNamed('Oracle', 0)]);
    setBuildings(state, HELEN, [idNamed('Cathedral', 1), idNamed('Oracle', 1)]);
    const handOf = (s: typeof state, seat: number) => hand(s, seat).length;
    const tomCards = handOf(state, TOM);
    const tomGold = state.players[TOM]!.coins;
    let next = play(state, TOM, { type: 'tax' });
    next = play(next, TOM, { type: 'draw', from: 'deck' });
    next = play(next, TOM, { type: 'power', card: idNamed('Cathedral', 0) });
    next = play(next, TOM, { type: 'draw', from: 'deck' });
    next = play(next, TOM, { type: 'draw', from: 'deck' });
    next = play(next, TOM, { type: 'power', card: idNamed('Oracle', 0) });
    expect(handOf(next, TOM) - tomCards).toBe(3);
    expect(next.players[TOM]!.coins - tomGold).toBe(2);

    expect(step(next)).toBe('follow');
    const helenCards = handOf(next, HELEN);
    const helenGold = next.players[HELEN]!.coins;
    next = play(next, HELEN, { type: 'tax' });
    next = play(next, HELEN, { type: 'draw', from: 'deck' });
    next = play(next, HELEN, { type: 'power', card: idNamed('Oracle', 1) });
    next = play(next, HELEN, { type: 'power', card: idNamed('Cathedral', 1) });
    next = play(next, HELEN, { type: 'draw', from: 'deck' });
    next = play(next, HELEN, { type: 'draw', from: 'deck' });
    expect(handOf(next, HELEN) - helenCards).toBe(3);
    expect(next.players[HELEN]!.coins - helenGold).toBe(1);
  });

  it('the Farm pays the Food of the Tannery', () => {
    const state = newGame(2, HELEN);
    const tannery = idNamed('Tannery');
    const farm = idNamed('Farm');
    expect(building(tannery).cost).toContain('food');
    const [wood] = withResource('wood', 1);
    setHand(state, HELEN, [tannery]);
    setBuildings(state, HELEN, [farm]);
    setResources(state, HELEN, [wood!]);
    setResources(state, RICK, []);
    state.players[HELEN]!.castleCoin = 'placed'; // the Castle is busy: only the Farm can provide Food
    setCoins(state, HELEN, 2);
    const after = play(state, HELEN, {
      type: 'build',
      card: tannery,
      payment: [
        { use: 'power', card: farm },
        { use: 'resource', seat: HELEN, card: wood! },
      ],
    });
    expect(after.players[HELEN]!.buildings).toContain(tannery);
    expect(after.players[HELEN]!.coins).toBe(1);
    // The finder finds the same payment.
    const auto = attempt(state, HELEN, { type: 'build', card: tannery, payment: 'auto' });
    expect(auto.ok && auto.events.find((e) => e.type === 'built')).toMatchObject({
      payment: [
        { use: 'power', card: farm },
        { use: 'resource', seat: HELEN, card: wood },
      ],
    });
  });

  it('Barracks’ Develop power needs the Develop cost paid first', () => {
    const state = newGame(2, RICK);
    const barracks = idNamed('Barracks');
    setBuildings(state, RICK, [barracks]);
    const [only] = withResource('food', 1);
    setHand(state, RICK, [only!]);
    // One card cannot pay the discard and be developed too: no Develop, so no Barracks card.
    expect(legal(state, RICK).some((m) => m.type === 'develop')).toBe(false);
    expectRejected(state, RICK, { type: 'develop', card: only }, 'cannot-pay');

    const [a, b] = withResource('magic', 2);
    setHand(state, RICK, [a!, b!]);
    let next = play(state, RICK, { type: 'develop', card: a! });
    expect(step(next)).toBe('discard');
    expectRejected(next, RICK, { type: 'power', card: barracks }, 'wrong-step');
    next = play(next, RICK, { type: 'discard', card: b!, pile: 0 });
    expect(next.players[RICK]!.resources.map((r) => r.card)).toContain(a);
    expect(step(next)).toBe('power');
    next = play(next, RICK, { type: 'power', card: barracks });
    next = play(next, RICK, { type: 'draw', from: 'deck' });
    expect(hand(next, RICK)).toHaveLength(1);
  });

  it('Witch’s Hut discards the very card the Armory drew', () => {
    const state = newGame(2, RICK);
    const hut = idNamed("Witch's Hut");
    const armory = idNamed('Armory');
    const [food, magic] = [...withResource('food', 1), ...withResource('magic', 1)];
    setHand(state, HELEN, [hut]);
    setBuildings(state, HELEN, [armory]);
    setResources(state, HELEN, [food!, magic!]);
    const rickCard = idNamed('Outpost');
    setHand(state, RICK, [rickCard!]);
    setResources(state, RICK, []);
    setBuildings(state, RICK, []);
    // Rick leads a Build with his Castle; Helen follows with her only card, the Witch's Hut.
    let next = play(state, RICK, { type: 'build', card: rickCard!, payment: 'auto' });
    next = play(next, RICK, { type: 'draw', from: 'deck' });
    while (awaited(next) === RICK)
      next = play(
        next,
        RICK,
        legal(next, RICK).find((m) => m.type === 'end-powers' || m.type === 'discard')!,
      );
    next = play(next, HELEN, { type: 'build', card: hut, payment: 'auto' });
    expect(hand(next, HELEN)).toHaveLength(0);
    // The Hut's discard is not possible yet (empty hand); the Armory is.
    expect(legal(next, HELEN)).toEqual([{ type: 'end-powers' }, { type: 'power', card: armory }]);
    next = play(next, HELEN, { type: 'power', card: armory });
    const drawn = next.piles[3]![next.piles[3]!.length - 1]!;
    next = play(next, HELEN, { type: 'draw', from: 3 });
    expect(hand(next, HELEN)).toEqual([drawn]);
    next = play(next, HELEN, { type: 'power', card: hut });
    const paid = attempt(next, HELEN, { type: 'discard', card: drawn, pile: 1 });
    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    expect(paid.state.piles[1]!.at(-1)).toBe(drawn);
    expect(paid.events).toContainEqual({ type: 'gold-gained', seat: HELEN, n: 1, from: 'bank' });
  });

  it('the Wizard’s Tower pays nothing on the Build that builds it, and 1 Gold on later Builds', () => {
    const state = newGame(2, HELEN);
    const tower = idNamed("Wizard's Tower");
    const later = withResource('food', 1)[0]!;
    setHand(state, HELEN, [tower, later]);
    setResources(state, HELEN, withResource('magic', 2).concat(withResource('stone', 1)));
    setCoins(state, HELEN, 4);
    let next = play(state, HELEN, { type: 'build', card: tower, payment: 'auto' });
    next = play(next, HELEN, { type: 'draw', from: 'deck' });
    // No power step at all: the Tower's Build power does not apply in the action that built it.
    expect(awaited(next)).not.toBe(HELEN);
    expect(next.players[HELEN]!.coins).toBe(1);
    if (step(next) === 'follow') next = play(next, RICK, { type: 'decline' });
    next = play(next, RICK, { type: 'tax' });
    next = play(next, RICK, { type: 'draw', from: 'deck' });
    while (awaited(next) === RICK)
      next = play(
        next,
        RICK,
        legal(next, RICK).find((m) => m.type === 'end-powers' || m.type === 'discard')!,
      );
    if (step(next) === 'follow') next = play(next, HELEN, { type: 'decline' });
    // Helen's next turn: her coins came back; a Build now offers the Tower's Gold.
    expect(next.players[HELEN]!.coins).toBe(4);
    next = play(next, HELEN, { type: 'build', card: later, payment: 'auto' });
    next = play(next, HELEN, { type: 'draw', from: 'deck' });
    expect(legal(next, HELEN)).toContainEqual({ type: 'power', card: tower });
    const gold = next.players[HELEN]!.coins;
    next = play(next, HELEN, { type: 'power', card: tower });
    expect(next.players[HELEN]!.coins).toBe(gold + 1);
  });

  it('the Paladin needs a Soldier and a Holy Building', () => {
    const state = newGame(2, TOM);
    const paladin = idNamed('Paladin');
    makeAdventurerAvailable(state, paladin);
    setBuildings(state, TOM, [idNamed('Watchtower')]);
    expectRejected(state, TOM, { type: 'recruit', adventurer: paladin }, 'requirement-not-met');
    expect(legal(state, TOM)).not.toContainEqual({ type: 'recruit', adventurer: paladin });
    setBuildings(state, TOM, [idNamed('Watchtower'), idNamed('Abbey')]);
    expect(legal(state, TOM)).toContainEqual({ type: 'recruit', adventurer: paladin });
    const after = play(state, TOM, { type: 'recruit', adventurer: paladin });
    expect(after.players[TOM]!.adventurers).toEqual([paladin]);
    expect(after.players[TOM]!.coins).toBe(2);
  });

  it('following Recruit costs 2 Gold; a follower who cannot pay gets no window', () => {
    const state = newGame(3, RICK);
    const [first, second] = [idNamed('Ranger'), idNamed('Warlord')];
    makeAdventurerAvailable(state, first);
    makeAdventurerAvailable(state, second);
    // Ranger needs a Worker Building, Warlord a Soldier one.
    setBuildings(state, 0, [idNamed('Drill Yard', 1)]);
    setBuildings(state, 1, [idNamed('Workshop')]);
    setBuildings(state, 2, [idNamed('Drill Yard', 0)]);
    setCoins(state, 0, 1); // seat 0 cannot pay 2 Gold: no window for it
    let next = play(state, RICK, { type: 'recruit', adventurer: first });
    expect(next.players[RICK]!.coins).toBe(2);
    expect(next.pending).toMatchObject({ kind: 'sequential', step: 'follow', seat: 2 });
    const bank = next.bank;
    next = play(next, 2, { type: 'recruit', adventurer: second });
    expect(next.players[2]!.coins).toBe(1);
    expect(next.bank).toBe(bank + 2);
    // Seat 0 (1 Gold) is passed over: the next turn begins.
    expect(next.pending).toMatchObject({ kind: 'turn', seat: 2 });
  });

  it('a Castle’s Wild is usable only by its owner', () => {
    const state = newGame(2, HELEN);
    const card = withResource('food', 1)[0]!;
    setHand(state, HELEN, [card]);
    setResources(state, HELEN, []);
    setResources(state, RICK, []);
    state.players[HELEN]!.castleCoin = 'placed';
    setCoins(state, HELEN, 2);
    // Rick's Castle is free, but nothing lets Helen pay with it.
    expect(legal(state, HELEN).some((m) => m.type === 'build')).toBe(false);
    expectRejected(state, HELEN, { type: 'build', card, payment: 'auto' }, 'cannot-pay');
    expectRejected(state, HELEN, { type: 'build', card, payment: [{ use: 'castle' }] }, 'payment-source-unavailable');
    expectRejected(state, HELEN, { type: 'build', card, payment: [{ use: 'resource', seat: RICK, card: state.players[RICK]!.castle }] }, 'malformed-move');
    expectRejected(state, HELEN, { type: 'build', card, payment: [{ use: 'castle', seat: RICK }] }, 'malformed-move');
  });

  it('a Resource holds one coin at a time', () => {
    const TOM_3P = 2;
    const state = newGame(3, HELEN);
    const [stone] = withResource('stone', 1);
    for (const seat of [HELEN, RICK, TOM_3P]) setResources(state, seat, seat === RICK ? [stone!] : []);
    const mill = idNamed('Wood Mill'); // costs one Stone
    setHand(state, HELEN, [mill, idNamed('Armory')]);
    setHand(state, TOM_3P, [idNamed('Wood Mill', 1)]);
    // Not twice in one payment ...
    expectRejected(
      state,
      HELEN,
      {
        type: 'build',
        card: idNamed('Armory'),
        payment: [{ use: 'castle' }, { use: 'resource', seat: RICK, card: stone }, { use: 'resource', seat: RICK, card: stone }],
      },
      'payment-source-unavailable',
    );
    // ... and once Helen's coin lies on Rick's Stone, nobody else can put one there.
    let next = play(state, HELEN, { type: 'build', card: mill, payment: [{ use: 'resource', seat: RICK, card: stone! }] });
    expect(next.players[RICK]!.resources[0]!.coin).toBe('placed');
    next = play(next, HELEN, { type: 'draw', from: 'deck' });
    if (awaited(next) === RICK) next = play(next, RICK, { type: 'decline' });
    expect(awaited(next)).toBe(TOM_3P);
    expectRejected(
      next,
      TOM_3P,
      { type: 'build', card: idNamed('Wood Mill', 1), payment: [{ use: 'resource', seat: RICK, card: stone }] },
      'payment-source-unavailable',
    );
    const after = play(next, TOM_3P, { type: 'build', card: idNamed('Wood Mill', 1), payment: 'auto' });
    expect(after.players[TOM_3P]!.castleCoin).toBe('placed');
  });
});
