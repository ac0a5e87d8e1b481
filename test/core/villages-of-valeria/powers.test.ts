import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../../core/engine/index.js';
import type { VvEvent, VvState } from '../../../core/games/villages-of-valeria/index.js';
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
  setResources,
  step,
  topOf,
  withResource,
} from './helpers.js';

/**
 * What powers do when used, not only what the catalog says: each on a table
 * arranged for it. The powers' words are the rules file's (shared/rules/
 * villages-of-valeria.md, "Powers" and "Cards named in the sources") and the
 * published French rulebook's « Explications des cartes »
 * (seeds/villages-of-valeria.fr.txt, lines 602-635, quoted with the scan's slips corrected); the Market, the
 * Champion and the Archmage are designed cards using the vocabulary's
 * « Build: discard 2 → +1 Gold », « Instant: +1 Gold from the bank » and
 * « Instant: draw N » (the Archmage's N, 3, is the catalog's).
 */

const SEAT = 0;
const OTHER = 1;

function run(state: VvState, move: object, seat = SEAT): { state: VvState; events: LoggedEvent<VvEvent>[] } {
  const result = attempt(state, seat, move);
  if (!result.ok) throw new Error(`${JSON.stringify(move)} rejected: ${result.code} ${result.message}`);
  return result;
}

/** Seat 0 can pay no Build by coins: no Resource anywhere, its Castle busy; only powers pay. */
function onlyPowersPay(state: VvState): void {
  setResources(state, SEAT, []);
  setResources(state, OTHER, []);
  state.players[SEAT]!.castleCoin = 'placed';
  setCoins(state, SEAT, 2);
}

describe('an action power: at most once per action per card', () => {
  it('two Harvest: +1 card powers give one card each in a Harvest, each refused a second use; both again in the next Harvest followed', () => {
    // Rules file: « at most once per action per card »; rulebook line 373: « Ces Pouvoirs peuvent être utilisés une fois par action ».
    const state = newGame(2, SEAT);
    const [tower, inn] = [idNamed('Guard Tower'), idNamed("Pilgrims' Inn")];
    setBuildings(state, SEAT, [tower, inn]);
    setHand(state, SEAT, []);
    let next = play(state, SEAT, { type: 'harvest' });
    for (let i = 0; i < 3; i++) next = play(next, SEAT, { type: 'draw', from: 'deck' });
    expect(legal(next, SEAT)).toEqual([{ type: 'end-powers' }, { type: 'power', card: tower }, { type: 'power', card: inn }]);
    next = play(play(next, SEAT, { type: 'power', card: tower }), SEAT, { type: 'draw', from: 'deck' });
    expect(step(next)).toBe('power');
    expect(legal(next, SEAT)).toEqual([{ type: 'end-powers' }, { type: 'power', card: inn }]);
    expectRejected(next, SEAT, { type: 'power', card: tower }, 'power-unavailable');
    next = play(play(next, SEAT, { type: 'power', card: inn }), SEAT, { type: 'draw', from: 'deck' });
    // Both spent: no power step is left in this action.
    expect(hand(next, SEAT)).toHaveLength(5);
    expect(next.pending).toMatchObject({ step: 'follow', seat: OTHER });

    // The next action, another player's Harvest followed: both powers again.
    next = play(next, OTHER, { type: 'decline' });
    next = play(next, OTHER, { type: 'harvest' });
    for (let i = 0; i < 3; i++) next = play(next, OTHER, { type: 'draw', from: 'deck' });
    while (awaited(next) === OTHER)
      next = play(
        next,
        OTHER,
        legal(next, OTHER).find((m) => m.type === 'end-powers' || m.type === 'discard')!,
      );
    next = play(play(next, SEAT, { type: 'harvest' }), SEAT, { type: 'draw', from: 'deck' });
    expect(legal(next, SEAT)).toEqual([{ type: 'end-powers' }, { type: 'power', card: tower }, { type: 'power', card: inn }]);
  });
});

describe('resource powers', () => {
  it('Fountain: discard 2 cards for a Wild toward any Building; the card a led Build draws comes too late to pay', () => {
    // Rulebook lines 627-631: « fournit une Ressource Native en construisant n'importe quel Bâtiment si vous défaussez 2 cartes d'abord [...] vous ne pouvez pas utiliser la carte de bonus que vous piochez ».
    const state = newGame(2, SEAT);
    const fountain = idNamed('Fountain');
    const alley = idNamed('Alley'); // costs one Magic
    const [x, y] = withResource('food', 2);
    setBuildings(state, SEAT, [fountain]);
    onlyPowersPay(state);
    setHand(state, SEAT, [alley, x!, y!]);
    const payment = [
      {
        use: 'fountain',
        card: fountain,
        discards: [
          { card: x, pile: 0 },
          { card: y, pile: 1 },
        ],
      },
    ];
    const built = run(state, { type: 'build', card: alley, payment });
    expect(built.state.players[SEAT]!.buildings).toEqual([fountain, alley]);
    expect([topOf(built.state, 0), topOf(built.state, 1)]).toEqual([x, y]);
    expect(built.state.players[SEAT]!.coins).toBe(2);
    expect(hand(built.state, SEAT)).toEqual([]);
    // The Build's draw follows the Build.
    expect(step(built.state)).toBe('draw');

    // One other card in hand: no Wild, although the led Build would then draw a second.
    setHand(state, SEAT, [alley, x!]);
    expect(legal(state, SEAT).some((m) => m.type === 'build')).toBe(false);
    expectRejected(state, SEAT, { type: 'build', card: alley, payment: 'auto' }, 'cannot-pay');
    expectRejected(
      state,
      SEAT,
      {
        type: 'build',
        card: alley,
        payment: [
          {
            use: 'fountain',
            card: fountain,
            discards: [
              { card: x, pile: 0 },
              { card: alley, pile: 1 },
            ],
          },
        ],
      },
      'discard-unavailable',
    );
  });

  it('Monastery and Warlord: a Wild toward Holy Buildings (Monastery) or Soldier Buildings (Warlord) only', () => {
    // Rulebook lines 634-635: « fournit une Ressource Native en construisant des Bâtiments Saints seulement »; lines 614-615, the Warlord: « une Ressource Native à chaque construction de caserne ».
    const state = newGame(2, SEAT);
    const [monastery, warlord] = [idNamed('Monastery'), idNamed('Warlord')];
    const [altar, outpost, cottage] = [idNamed('Altar'), idNamed('Outpost'), idNamed('Cottage')]; // Holy (Magic), Soldier (Wood), Worker (Food)
    setBuildings(state, SEAT, [monastery]);
    setAdventurers(state, SEAT, [warlord]);
    onlyPowersPay(state);
    setHand(state, SEAT, [altar, outpost, cottage]);
    const builds = legal(state, SEAT).filter((m) => m.type === 'build');
    expect(builds).toEqual([
      { type: 'build', card: altar, payment: 'auto' },
      { type: 'build', card: outpost, payment: 'auto' },
    ]);
    const holy = run(state, { type: 'build', card: altar, payment: [{ use: 'power', card: monastery }] });
    expect(holy.state.players[SEAT]!.buildings).toContain(altar);
    expect(holy.state.players[SEAT]!.coins).toBe(2);
    const soldier = run(state, { type: 'build', card: outpost, payment: [{ use: 'power', card: warlord }] });
    expect(soldier.state.players[SEAT]!.buildings).toContain(outpost);
    expectRejected(state, SEAT, { type: 'build', card: outpost, payment: [{ use: 'power', card: monastery }] }, 'payment-source-unavailable');
    expectRejected(state, SEAT, { type: 'build', card: altar, payment: [{ use: 'power', card: warlord }] }, 'payment-source-unavailable');
    expectRejected(state, SEAT, { type: 'build', card: cottage, payment: 'auto' }, 'cannot-pay');
  });
});

describe('Build: discard 2 → +1 Gold (the Market)', () => {
  it('on a later Build, discarding 2 hand cards takes 1 Gold from the bank; with fewer than 2 cards it is not offered', () => {
    // Rules file vocabulary « Build: discard 2 → +1 Gold »; 2015 draft: « Whenever you lead or follow a Build action, you may discard 2 cards from your hand to take one Gold coin from the bank ».
    const state = newGame(2, SEAT);
    const market = idNamed('Market');
    const cottage = idNamed('Cottage');
    const [x] = withResource('wood', 1);
    setBuildings(state, SEAT, [market]);
    setHand(state, SEAT, [cottage, x!]);
    setCoins(state, SEAT, 3);
    const bank = state.bank;
    let next = play(play(state, SEAT, { type: 'build', card: cottage, payment: [{ use: 'castle' }] }), SEAT, { type: 'draw', from: 'deck' });
    expect(hand(next, SEAT)).toHaveLength(2);
    expect(legal(next, SEAT)).toContainEqual({ type: 'power', card: market });
    const used = run(next, { type: 'power', card: market });
    expect(used.events[0]).toEqual({ type: 'power-used', seat: SEAT, card: market, owes: [{ kind: 'discard' }, { kind: 'discard' }, { kind: 'gold', n: 1 }] });
    next = play(used.state, SEAT, { type: 'discard', card: hand(used.state, SEAT)[0]!, pile: 0 });
    expect(next.players[SEAT]!.coins).toBe(2);
    next = play(next, SEAT, { type: 'discard', card: hand(next, SEAT)[0]!, pile: 1 });
    // 3 Gold, 1 on the Castle, 1 from the bank.
    expect(next.players[SEAT]!.coins).toBe(3);
    expect(next.bank).toBe(bank - 1);
    expect(hand(next, SEAT)).toEqual([]);

    // One card in hand after the Build's draw: the power cannot be paid.
    setHand(state, SEAT, [cottage]);
    const short = play(play(state, SEAT, { type: 'build', card: cottage, payment: [{ use: 'castle' }] }), SEAT, { type: 'draw', from: 'deck' });
    expect(awaited(short)).not.toBe(SEAT);
  });
});

describe('instant powers of Adventurers', () => {
  /** Seat 0 recruits this Adventurer with these Buildings; its power step follows. */
  function recruited(name: string, buildings: string[]): VvState {
    const state = newGame(2, SEAT);
    const adventurer = idNamed(name);
    makeAdventurerAvailable(state, adventurer);
    setBuildings(
      state,
      SEAT,
      buildings.map((b) => idNamed(b)),
    );
    const next = play(state, SEAT, { type: 'recruit', adventurer });
    expect(legal(next, SEAT)).toContainEqual(expect.objectContaining({ type: 'power', card: adventurer }));
    return next;
  }

  it('Necromancer: draws 1 card per Shadow Building in the village at that moment', () => {
    // Rules file: « Instant: draw 1 card per Shadow Building »; rulebook lines 611-612: « piocher 1 carte par Bâtiment d'Ombre dans votre Village à ce moment ».
    const state = recruited('Necromancer', ['Alley', "Thieves' Den", 'Altar']);
    const cards = hand(state, SEAT).length;
    const used = run(state, { type: 'power', card: idNamed('Necromancer') });
    // Two Shadow Buildings (the Alley and the Thieves' Den); the Altar is Holy.
    expect(used.events[0]).toMatchObject({ type: 'power-used', owes: [{ kind: 'draw' }, { kind: 'draw' }] });
    let next = used.state;
    for (let i = 0; i < 2; i++) next = play(next, SEAT, { type: 'draw', from: 'deck' });
    expect(hand(next, SEAT)).toHaveLength(cards + 2);
    expect(awaited(next)).not.toBe(SEAT);
  });

  it('Rogue: takes 2 random cards from the hand of one chosen opponent (1 if that is all they hold)', () => {
    // Rules file: « Instant: take 2 random cards from one opponent »; rulebook lines 608-609: « prendre 2 cartes au hasard de la main de n'importe quel adversaire ».
    const state = recruited('Rogue', ['Alley']);
    const rogue = idNamed('Rogue');
    const victimHand = state.deck.slice(0, 3);
    setHand(state, OTHER, victimHand);
    const cards = hand(state, SEAT).length;
    expectRejected(state, SEAT, { type: 'power', card: rogue }, 'bad-target');
    const used = run(state, { type: 'power', card: rogue, target: OTHER });
    const stolen = used.events.find((e) => e.type === 'cards-stolen');
    expect(stolen).toMatchObject({ type: 'cards-stolen', seat: SEAT, from: OTHER });
    const taken = stolen?.type === 'cards-stolen' ? stolen.cards : [];
    expect(taken).toHaveLength(2);
    for (const card of taken) expect(victimHand).toContain(card);
    expect(hand(used.state, OTHER)).toEqual(victimHand.filter((c) => !taken.includes(c)));
    expect(hand(used.state, SEAT)).toHaveLength(cards + 2);

    setHand(state, OTHER, victimHand.slice(0, 1));
    const one = run(state, { type: 'power', card: rogue, target: OTHER });
    expect(one.events.find((e) => e.type === 'cards-stolen')).toMatchObject({ cards: victimHand.slice(0, 1) });
  });

  it('Champion: takes 1 Gold from the bank, and is not offered when the bank is empty', () => {
    // Rules file vocabulary « Instant: +1 Gold from the bank ».
    const state = recruited('Champion', ['Outpost', 'Watchtower', 'Altar']);
    const champion = idNamed('Champion');
    const [coins, bank] = [state.players[SEAT]!.coins, state.bank];
    const used = run(state, { type: 'power', card: champion });
    expect(used.events).toContainEqual({ type: 'gold-gained', seat: SEAT, n: 1, from: 'bank' });
    expect([used.state.players[SEAT]!.coins, used.state.bank]).toEqual([coins + 1, bank - 1]);

    setCoins(state, OTHER, state.players[OTHER]!.coins + state.bank);
    expect(state.bank).toBe(0);
    expect(legal(state, SEAT)).not.toContainEqual({ type: 'power', card: champion });
    expectRejected(state, SEAT, { type: 'power', card: champion }, 'power-unavailable');
  });

  it('Archmage: draws 3 cards, once, when recruited', () => {
    // Rules file vocabulary « Instant: draw N »; the Archmage's N is 3.
    const state = recruited('Archmage', ['Altar', 'Abbey', 'Alley']);
    const archmage = idNamed('Archmage');
    const cards = hand(state, SEAT).length;
    let next = play(state, SEAT, { type: 'power', card: archmage });
    for (let i = 0; i < 3; i++) {
      expect(step(next)).toBe('draw');
      next = play(next, SEAT, { type: 'draw', from: 'deck' });
    }
    expect(hand(next, SEAT)).toHaveLength(cards + 3);
    // Once: the action is over, no power step offers it again.
    expect(awaited(next)).not.toBe(SEAT);
  });
});
