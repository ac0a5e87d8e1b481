import { describe, expect, it } from 'vitest';
import { viewFor } from '../../../core/engine/index.js';
import type { VvState } from '../../../core/games/villages-of-valeria/index.js';
import {
  attempt,
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
  setPileTop,
  step,
  topOf,
} from './helpers.js';

/**
 * Drawing, the pools and the bank, on tables arranged for each rule. The
 * expected values are read in the rules file (shared/rules/
 * villages-of-valeria.md, "Drawing and discarding", the actions table) and
 * the published French rulebook (seeds/villages-of-valeria.fr.txt), quoted
 * with its line numbers.
 */

const deckTop = (state: VvState) => state.deck[state.deck.length - 1]!;

describe('a pile refilled from the deck', () => {
  it('when its last card is drawn, the deck’s top card takes its place at once; a pile with more cards is not refilled', () => {
    // Rulebook lines 208-210: « Si vous piochez la dernière carte de l'un des paquets de Bâtiment, remettez une nouvelle carte immédiatement en la prenant de la pioche ».
    const state = newGame(2, 0);
    const last = topOf(state, 0);
    const refill = deckTop(state);
    const deckSize = state.deck.length;
    let next = play(play(state, 0, { type: 'harvest' }), 0, { type: 'draw', from: 0 });
    expect(hand(next, 0)).toContain(last);
    expect(next.piles[0]).toEqual([refill]);
    expect(next.deck).toHaveLength(deckSize - 1);

    // A pile of two loses its top and keeps the card below; the deck is untouched.
    const below = topOf(next, 1);
    setPileTop(next, 1, idNamed('Cottage'));
    const deckBefore = next.deck.slice();
    next = play(next, 0, { type: 'draw', from: 1 });
    expect(next.piles[1]).toEqual([below]);
    expect(next.deck).toEqual(deckBefore);
  });
});

describe('the Adventurer pool refilled after a Recruit', () => {
  it('the top of the Adventurer deck takes the recruited Adventurer’s place; with the deck empty, the place stays empty', () => {
    // Rulebook lines 336-340: « piochez la carte du dessus de la pioche des Aventuriers, retournez-la face visible, et ajoutez-la à la ligne d'achat [...] (S'il n'y a plus de cartes dans la pioche, sautez l'étape de remplacement) ».
    const state = newGame(2, 0);
    const ranger = idNamed('Ranger');
    makeAdventurerAvailable(state, ranger);
    setBuildings(state, 0, [idNamed('Cottage')]);
    const slot = state.advPool.indexOf(ranger);
    const refill = state.advDeck[state.advDeck.length - 1]!;
    const next = play(state, 0, { type: 'recruit', adventurer: ranger });
    expect(next.advPool).toHaveLength(5);
    expect(next.advPool[slot]).toBe(refill);
    expect(next.advDeck).not.toContain(refill);

    const dry = newGame(2, 0);
    makeAdventurerAvailable(dry, ranger);
    setBuildings(dry, 0, [idNamed('Cottage')]);
    // Every other Adventurer out of the deck (into seat 1's village, where they stay counted).
    setAdventurers(dry, 1, dry.advDeck.slice());
    expect(dry.advDeck).toEqual([]);
    const pool = dry.advPool.filter((a) => a !== ranger);
    const after = play(dry, 0, { type: 'recruit', adventurer: ranger });
    expect(after.advPool).toEqual(pool);
  });
});

describe('Tax led with an empty bank', () => {
  it('takes no Gold but still draws 1 card', () => {
    // Rulebook lines 353-355: « S'il n'y a plus de pièces d'Or à la banque, ne prenez pas de pièce d'Or. Vous pouvez quand même effectuer ou suivre l'Action de l'Impôt [...] ; seule sera piochée 1 carte Bâtiment ».
    const state = newGame(2, 0);
    setCoins(state, 1, 3 + state.bank);
    expect(state.bank).toBe(0);
    const coins = state.players[0]!.coins;
    const cards = hand(state, 0).length;
    expect(legal(state, 0)).toContainEqual({ type: 'tax' });
    const taxed = attempt(state, 0, { type: 'tax' });
    if (!taxed.ok) throw new Error(taxed.message);
    expect(taxed.events.filter((e) => e.type === 'gold-gained')).toEqual([]);
    expect(step(taxed.state)).toBe('draw');
    const drawn = play(taxed.state, 0, { type: 'draw', from: 'deck' });
    expect(drawn.players[0]!.coins).toBe(coins);
    expect(drawn.bank).toBe(0);
    expect(hand(drawn, 0)).toHaveLength(cards + 1);
  });
});

describe('stealing counts as drawing', () => {
  it('the Rogue’s 2 stolen cards may take a hand past 8; the thief discards down to 8 at the end of the action', () => {
    // Rules file: « Stealing cards counts as drawing »; rulebook lines 225-227: « l'effet est le même que la Pioche : prendre autant de cartes que vous êtes autorisé à voler, puis défausser jusqu'à la limite de votre main à la fin de votre Action ».
    const state = newGame(2, 0);
    const rogue = idNamed('Rogue');
    makeAdventurerAvailable(state, rogue);
    setBuildings(state, 0, [idNamed('Alley')]);
    setHand(state, 0, state.deck.slice(0, 7));
    setHand(state, 1, state.deck.slice(0, 3));
    let next = play(state, 0, { type: 'recruit', adventurer: rogue });
    next = play(next, 0, { type: 'power', card: rogue, target: 1 });
    expect(hand(next, 0)).toHaveLength(9);
    expect(next.pending).toMatchObject({ kind: 'decision', step: 'hand-limit', seat: 0 });
    expectRejected(next, 0, { type: 'decline' }, 'wrong-step');
    next = play(next, 0, { type: 'discard', card: hand(next, 0)[0]!, pile: 0 });
    expect(hand(next, 0)).toHaveLength(8);
    // Seat 1 owns no Building an Adventurer needs: no follow window, its turn begins.
    expect(next.pending).toMatchObject({ kind: 'turn', step: 'lead', seat: 1 });
  });
});

describe('only pile tops are visible', () => {
  it('every viewer sees each pile’s top card and size, never a card beneath', () => {
    // Rules file: « Only the top card of each pile is visible; pile sizes are public ».
    const state = newGame(3, 0);
    const buried = [topOf(state, 0), idNamed('Cottage'), idNamed('Outpost')];
    setPileTop(state, 0, buried[1]!);
    setPileTop(state, 0, buried[2]!);
    setPileTop(state, 0, idNamed('Altar'));
    for (const viewer of [null, 0, 1, 2]) {
      const board = (viewFor(engine, state, viewer) as { board: { piles: unknown[] } }).board;
      expect(board.piles[0]).toEqual({ top: idNamed('Altar'), size: 4 });
      const text = JSON.stringify(board);
      for (const card of buried) expect(text).not.toContain(`"${card}"`);
    }
  });
});
