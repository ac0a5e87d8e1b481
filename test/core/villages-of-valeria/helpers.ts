import { expect } from 'vitest';
import { execute, type Executed, type Rejection, type Seat } from '../../../core/engine/index.js';
import { CATALOG, type CardId, type Resource } from '../../../core/games/villages-of-valeria/catalog/index.js';
import { villagesOfValeria, type VvEvent, type VvMove, type VvState } from '../../../core/games/villages-of-valeria/index.js';

/**
 * Arranging specific tables for rule tests: a real setup (seeded) and setup
 * round, then cards moved between zones so every card stays in exactly one
 * place and the Gold total is kept.
 */

export const DEADLINES = { turnMs: 60_000, windowMs: 30_000 };
export const engine = villagesOfValeria;

export function init(seats: number, seed = 'rules', firstPlayer = 0) {
  return { seats, options: { firstPlayer }, deadlines: DEADLINES, seed, at: 0 };
}

/** A game past its setup round (everyone developed their first card), at the first player's turn. */
export function newGame(seats: number, firstPlayer = 0, seed = 'rules'): VvState {
  let state = engine.setup(init(seats, seed, firstPlayer));
  for (let seat = 0; seat < seats; seat++) state = play(state, seat, { type: 'setup-develop', card: state.players[seat]!.hand[0]! });
  return state;
}

export function play(state: VvState, seat: Seat, move: VvMove, at = 1_000): VvState {
  const result = execute(engine, state, { type: 'move', seat, move, at });
  if (!result.ok) throw new Error(`${JSON.stringify(move)} rejected: ${result.code} ${result.message}`);
  return result.state;
}

export function attempt(state: VvState, seat: Seat, move: unknown, at = 1_000): Executed<VvState, VvEvent> | Rejection {
  return execute(engine, state, { type: 'move', seat, move, at });
}

export function expectRejected(state: VvState, seat: Seat, move: unknown, code: string): void {
  const before = JSON.stringify(state);
  const result = attempt(state, seat, move);
  expect(result.ok ? 'accepted' : result.code).toBe(code);
  expect(JSON.stringify(state)).toBe(before);
}

/** Building ids of a name, in catalog order. */
export function idsNamed(name: string): CardId[] {
  const ids = [...CATALOG.buildings, ...CATALOG.adventurers].filter((c) => c.name === name).map((c) => c.id);
  if (ids.length === 0) throw new Error(`no card named ${name}`);
  return ids;
}
export const idNamed = (name: string, copy = 0): CardId => idsNamed(name)[copy]!;

/** Some Buildings with this resource section that no test asked for by name. */
export function withResource(resource: Resource, n: number, avoid: readonly CardId[] = []): CardId[] {
  return CATALOG.buildings
    .filter((b) => b.resource === resource && b.power === null && !avoid.includes(b.id))
    .slice(0, n)
    .map((b) => b.id);
}

function zonesOf(state: VvState): CardId[][] {
  return [state.deck, state.box, state.advDeck, state.advPool, ...state.piles, ...state.players.flatMap((p) => [p.hand, p.buildings, p.adventurers])];
}

/** Takes a card out of wherever it is (Resources included). */
function lift(state: VvState, card: CardId): void {
  for (const zone of zonesOf(state)) {
    const i = zone.indexOf(card);
    if (i >= 0) {
      // The face-up Adventurer pool keeps five cards while its deck lasts.
      if (zone === state.advPool) zone.splice(i, 1, ...state.advDeck.splice(state.advDeck.length - 1, 1));
      else zone.splice(i, 1);
      return;
    }
  }
  for (const p of state.players) {
    const i = p.resources.findIndex((r) => r.card === card);
    if (i >= 0) {
      p.resources.splice(i, 1);
      return;
    }
  }
  throw new Error(`card ${card} is nowhere`);
}

/** Sets a zone's cards; whatever it held goes to the bottom of the deck. */
export function setHand(state: VvState, seat: Seat, cards: CardId[]): void {
  const p = state.players[seat]!;
  state.deck.unshift(...p.hand.splice(0));
  for (const c of cards) lift(state, c);
  p.hand.push(...cards);
}

export function setResources(state: VvState, seat: Seat, cards: CardId[]): void {
  const p = state.players[seat]!;
  state.deck.unshift(...p.resources.splice(0).map((r) => r.card));
  for (const c of cards) lift(state, c);
  p.resources.push(...cards.map((card) => ({ card, coin: null })));
}

export function setBuildings(state: VvState, seat: Seat, cards: CardId[]): void {
  const p = state.players[seat]!;
  state.deck.unshift(...p.buildings.splice(0));
  for (const c of cards) lift(state, c);
  p.buildings.push(...cards);
}

export function setAdventurers(state: VvState, seat: Seat, cards: CardId[]): void {
  const p = state.players[seat]!;
  state.advDeck.unshift(...p.adventurers.splice(0));
  for (const c of cards) lift(state, c);
  p.adventurers.push(...cards);
}

/** Puts a card face up on top of a pile. */
export function setPileTop(state: VvState, pile: number, card: CardId): void {
  lift(state, card);
  state.piles[pile]!.push(card);
}

export function makeAdventurerAvailable(state: VvState, card: CardId): void {
  if (state.advPool.includes(card)) return;
  lift(state, card);
  state.advDeck.push(state.advPool[0]!);
  state.advPool[0] = card;
}

/** Free coins, taken from or returned to the bank. */
export function setCoins(state: VvState, seat: Seat, coins: number): void {
  const p = state.players[seat]!;
  state.bank += p.coins - coins;
  p.coins = coins;
  if (state.bank < 0) throw new Error('the bank cannot cover that');
}

export const hand = (state: VvState, seat: Seat) => state.players[seat]!.hand;
export const step = (state: VvState) => state.pending?.step;
export const awaited = (state: VvState) => (state.pending && state.pending.kind !== 'simultaneous' ? state.pending.seat : null);
export const legal = (state: VvState, seat: Seat) => engine.legalMoves(state, seat);
export const topOf = (state: VvState, pile: number) => state.piles[pile]![state.piles[pile]!.length - 1]!;
