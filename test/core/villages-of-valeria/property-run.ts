import fc from 'fast-check';
import { expect } from 'vitest';
import {
  awaitedSeats,
  executeInPlace,
  redactFor,
  replay,
  Rng,
  rngStateFromSeed,
  viewFor,
  type BotLevel,
  type Command,
  type LoggedEvent,
  type Seat,
} from '../../../core/engine/index.js';
import { ALL_ADVENTURER_IDS, ALL_BUILDING_IDS, type CardId } from '../../../core/games/villages-of-valeria/catalog/index.js';
import type { VvEvent, VvMove, VvState } from '../../../core/games/villages-of-valeria/index.js';
import { bankSize } from '../../../core/games/villages-of-valeria/rules.js';
import { DEADLINES, engine } from './helpers.js';

/**
 * One seeded bot game checked at every command: cards conserved, Gold
 * conserved, views and redacted events free of other hands and of the deck
 * order, illegal mutations of legal moves rejected without effect (on a
 * deep-frozen state, which also proves decide never mutates), occasional
 * timeouts, an end, and a replay that rebuilds the identical state.
 */

const MAX_COMMANDS = 5_000;
const CARD_ID = /"([abc]\d+)"/g;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function expectCardsConserved(state: VvState): void {
  const seen: CardId[] = [...state.deck, ...state.box, ...state.advDeck, ...state.advPool, ...state.piles.flat()];
  for (const p of state.players) seen.push(...p.hand, ...p.buildings, ...p.adventurers, ...p.resources.map((r) => r.card));
  const all = [...ALL_BUILDING_IDS, ...ALL_ADVENTURER_IDS];
  if (seen.length !== all.length || new Set(seen).size !== all.length) expect(seen.slice().sort()).toEqual(all.slice().sort());
}

function expectGoldConserved(state: VvState): void {
  let total = state.bank;
  for (const p of state.players) total += p.coins + (p.castleCoin ? 1 : 0) + p.resources.filter((r) => r.coin).length;
  if (total !== bankSize(state.seats)) expect.fail(`Gold total ${total}, expected ${bankSize(state.seats)}`);
  if (state.bank < 0 || state.players.some((p) => p.coins < 0)) expect.fail('negative Gold');
}

/** Cards a viewer must not learn: other hands, the deck, the Adventurer deck, the box. */
function secretsFor(state: VvState, viewer: Seat | null): Set<CardId> {
  const secret = new Set<CardId>([...state.deck, ...state.advDeck, ...state.box]);
  state.players.forEach((p, seat) => {
    if (seat !== viewer) for (const c of p.hand) secret.add(c);
  });
  return secret;
}

function expectNoSecretIn(value: unknown, secret: Set<CardId>, what: string): void {
  const json = JSON.stringify(value);
  for (const m of json.matchAll(CARD_ID)) if (secret.has(m[1] as CardId)) expect.fail(`${what} shows secret card ${m[1]}: ${json.slice(0, 300)}`);
  if (/"seed"|"rng"|"deck"\s*:\s*\[/.test(json) && !json.includes('"seed-revealed"')) expect.fail(`${what} shows the seed, generator or deck order`);
}

function expectViewsPrivate(state: VvState): void {
  for (let viewer = -1; viewer < state.seats; viewer++) {
    const who = viewer < 0 ? null : viewer;
    const view = viewFor(engine, state, who) as { board: { players: { hand: unknown }[] } } & Record<string, unknown>;
    view.board.players.forEach((p, seat) => {
      if (seat !== who && p.hand !== null) expect.fail(`seat ${who} sees the hand of seat ${seat}`);
    });
    if (!state.finished) expectNoSecretIn({ ...view, seedHash: undefined }, secretsFor(state, who), `view of ${who}`);
  }
}

/** What an event may reveal to each viewer: checked against the state before it happened. */
function expectEventsRedacted(before: VvState, events: LoggedEvent<VvEvent>[]): void {
  for (const event of events) {
    if (event.type === 'seed-revealed') continue;
    for (let viewer = -1; viewer < before.seats; viewer++) {
      const who = viewer < 0 ? null : viewer;
      const shown = redactFor(engine, event, who);
      if (event.type === 'rng-advanced') expect(shown).toBeNull();
      if (event.type === 'drew' && event.from === 'deck' && event.seat !== who) expect((shown as { card: unknown }).card).toBeNull();
      if (event.type === 'cards-stolen' && event.seat !== who && event.from !== who) expect(shown).not.toHaveProperty('cards');
      if (event.type === 'setup-chosen' && event.seat !== who) expect(shown).not.toHaveProperty('card');
    }
  }
}

/** A move that cannot be legal, derived from a legal one. */
function mutate(state: VvState, seat: Seat, move: VvMove, rng: Rng): { seat: Seat; move: unknown } {
  const notHeld = [...state.deck.slice(0, 3), ...state.players.flatMap((p, s) => (s === seat ? [] : p.hand))][0];
  const options: (() => { seat: Seat; move: unknown } | null)[] = [
    () => ({ seat, move: { ...move, extra: 1 } }),
    () => ({ seat, move: { ...move, type: 'conjure' } }),
    () => (state.seats > 1 ? { seat: (seat + 1) % state.seats, move } : null),
    () => ('card' in move && notHeld && move.type !== 'power' ? { seat, move: { ...move, card: notHeld } } : null),
    () => ('card' in move && move.type === 'power' ? { seat, move: { ...move, card: state.players[seat]!.hand[0] ?? 'b999' } } : null),
    () => (move.type === 'draw' ? { seat, move: { type: 'draw', from: 7 } } : null),
    () => (move.type === 'discard' ? { seat, move: { ...move, pile: state.solo ? 0 : 5 } } : null),
    () => ({ seat, move: { type: state.pending?.step === 'power' ? 'draw' : 'end-powers', ...(state.pending?.step === 'power' ? { from: 'deck' } : {}) } }),
    () => (move.type === 'build' ? { seat, move: { ...move, payment: [{ use: 'castle' }, { use: 'castle' }, { use: 'castle' }, { use: 'castle' }] } } : null),
    () => (move.type === 'recruit' ? { seat, move: { ...move, adventurer: state.advDeck[0] ?? 'a99' } } : null),
  ];
  for (;;) {
    const m = rng.pick(options)();
    if (m) return m;
  }
}

function expectRejectedUnchanged(state: VvState, seat: Seat, move: unknown, at: number): void {
  const frozen = deepFreeze(structuredClone(state));
  const before = JSON.stringify(frozen);
  const result = executeInPlace(engine, structuredClone(frozen), { type: 'move', seat, move, at });
  if (result.ok) expect.fail(`illegal ${JSON.stringify(move)} by seat ${seat} was accepted at step ${state.pending?.step}`);
  expect(result.code).toMatch(/^[a-z-]+$/);
  const parsed = engine.moveSchema.safeParse(move);
  if (parsed.success && state.pending && awaitedSeats(state.pending).includes(seat)) {
    const direct = engine.decideMove(frozen, seat, parsed.data, { at, rng: new Rng(frozen.rng) });
    expect(direct.ok).toBe(false);
  }
  expect(JSON.stringify(frozen)).toBe(before);
}

/** Decides a legal move straight on a frozen state: decide must not write to what it reads. */
function expectDecideDoesNotMutate(state: VvState, seat: Seat, move: VvMove, at: number): void {
  const frozen = deepFreeze(structuredClone(state));
  const decision = engine.decideMove(frozen, seat, move, { at, rng: new Rng(frozen.rng) });
  expect(decision.ok).toBe(true);
  engine.legalMoves(frozen, seat);
  engine.view(frozen, seat);
  engine.score(frozen);
}

function summary(state: VvState): string {
  const players = state.players.map(
    (p) => `hand ${p.hand.length} coins ${p.coins} resources ${p.resources.length} village ${p.buildings.length}+${p.adventurers.length}`,
  );
  return `turn ${state.flow.turn}, deck ${state.deck.length}, piles ${state.piles.map((p) => p.length)}, bank ${state.bank}, pool ${state.advPool.length}; ${players.join('; ')}`;
}

export function playCheckedGame(seats: number, gameSeed: string, botSeed: string, checkEvery: number): void {
  const init = { seats, options: {}, deadlines: DEADLINES, seed: gameSeed, at: 0 };
  const state = engine.setup(init);
  const bots = new Rng(rngStateFromSeed(botSeed));
  const levels: BotLevel[] = Array.from({ length: seats }, (_, i) => (bots.coin() || i === 0 ? 'random' : 'greedy'));
  const log: LoggedEvent<VvEvent>[] = [];
  let at = 0;
  for (let n = 0; !state.finished; n++) {
    if (n > MAX_COMMANDS) expect.fail(`game ${gameSeed} still running after ${MAX_COMMANDS} commands: ${summary(state)}`);
    at += 1000;
    const seat = awaitedSeats(state.pending)[0] as Seat;
    const check = n % checkEvery === 0;
    const before = check ? structuredClone(state) : null;
    let command: Command;
    if (bots.int(40) === 0) {
      at = Math.max(at, state.pending!.deadline);
      command = { type: 'timeout', at, pendingId: state.pending!.id };
    } else {
      const move = engine.bots[levels[seat]!](state, seat, bots);
      if (check) {
        const legal = engine.legalMoves(state, seat).map((m) => JSON.stringify(m));
        if (!legal.includes(JSON.stringify(move))) expect.fail(`bot move ${JSON.stringify(move)} is not among the legal moves`);
        expectDecideDoesNotMutate(state, seat, move, at);
        const bad = mutate(state, seat, move, bots);
        if (!legal.includes(JSON.stringify(bad.move)) || bad.seat !== seat) expectRejectedUnchanged(state, bad.seat, bad.move, at);
      }
      command = { type: 'move', seat, move, at };
    }
    const result = executeInPlace(engine, state, command);
    if (!result.ok) expect.fail(`${JSON.stringify(command)} rejected: ${result.code} ${result.message}`);
    log.push(...result.events);
    expectCardsConserved(state);
    expectGoldConserved(state);
    if (before) {
      expectViewsPrivate(state);
      expectEventsRedacted(before, result.events);
    }
  }
  expect(JSON.stringify(replay(engine, init, log))).toBe(JSON.stringify(state));
  const sheet = engine.score(state);
  expect(sheet.winners.length).toBeGreaterThan(0);
  if (seats === 1) expect(sheet.verdict).toMatch(/Imperator|Architect|Mayor|Backwater|Pothole/);
}

export const GAMES_PER_COUNT = Number(process.env.VV_GAMES ?? 1_000);

/** 1,000 seeded games for one player count, as a fast-check property with a fixed seed. */
export function checkGames(seats: number): void {
  let index = 0;
  fc.assert(
    fc.property(fc.string({ minLength: 1, maxLength: 12 }), (salt) => {
      const i = index++;
      // Every game checks views and mutations on a sample of its commands; the first ones on every command.
      playCheckedGame(seats, `prop-${seats}-${i}-${salt}`, `bots-${seats}-${i}`, i < 5 ? 1 : 25);
    }),
    { numRuns: GAMES_PER_COUNT, seed: 20_260_000 + seats, endOnFailure: true },
  );
}
