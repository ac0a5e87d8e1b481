import fc from 'fast-check';
import { expect } from 'vitest';
import { redactFor, Rng, rngStateFromSeed, viewFor, type BotLevel, type LoggedEvent, type Seat } from '../../../core/engine/index.js';
import { ALL_ADVENTURER_IDS, ALL_BUILDING_IDS, type CardId } from '../../../core/games/villages-of-valeria/catalog/index.js';
import type { VvEvent, VvMove, VvState } from '../../../core/games/villages-of-valeria/index.js';
import { bankSize } from '../../../core/games/villages-of-valeria/rules.js';
import { playChecked, type GameChecks } from '../../support/play-checked.js';
import { DEADLINES, engine } from './helpers.js';

/**
 * One seeded bot game through the kit's checked play-out
 * (test/support/play-checked.ts: frozen inputs, refusals without change,
 * views independent of others' secrets, replay), checked at every command
 * for cards and Gold conserved, and on a sample for views and redacted
 * events free of other hands and of the deck order.
 */

const MAX_COMMANDS = 5_000;
const CARD_ID = /"([abc]\d+)"/g;

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
    const view = viewFor(engine, state, who);
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
function bend(state: VvState, seat: Seat, move: VvMove, rng: Rng): unknown {
  const notHeld = [...state.deck.slice(0, 3), ...state.players.flatMap((p, s) => (s === seat ? [] : p.hand))][0];
  const options: (() => unknown)[] = [
    () => ({ ...move, extra: 1 }),
    () => ({ ...move, type: 'conjure' }),
    () => ('card' in move && notHeld && move.type !== 'power' ? { ...move, card: notHeld } : null),
    () => ('card' in move && move.type === 'power' ? { ...move, card: state.players[seat]!.hand[0] ?? 'b999' } : null),
    () => (move.type === 'draw' ? { type: 'draw', from: 7 } : null),
    () => (move.type === 'discard' ? { ...move, pile: state.solo ? 0 : 5 } : null),
    () => ({ type: state.pending?.step === 'power' ? 'draw' : 'end-powers', ...(state.pending?.step === 'power' ? { from: 'deck' } : {}) }),
    () => (move.type === 'build' ? { ...move, payment: [{ use: 'castle' }, { use: 'castle' }, { use: 'castle' }, { use: 'castle' }] } : null),
    () => (move.type === 'recruit' ? { ...move, adventurer: state.advDeck[0] ?? 'a99' } : null),
  ];
  for (;;) {
    const m = rng.pick(options)();
    if (m) return m;
  }
}

export function playCheckedGame(seats: number, gameSeed: string, botSeed: string, checkEvery: number): void {
  const init = { seats, options: {}, deadlines: DEADLINES, seed: gameSeed, at: 0 };
  const bots = new Rng(rngStateFromSeed(botSeed));
  const levels: BotLevel[] = Array.from({ length: seats }, (_, i) => (bots.coin() || i === 0 ? 'random' : 'greedy'));
  const checks: GameChecks<VvState, VvMove, VvEvent> = {
    bend,
    afterCommand(state, events, before, sampled) {
      expectCardsConserved(state);
      expectGoldConserved(state);
      if (sampled) {
        expectViewsPrivate(state);
        expectEventsRedacted(before, [...events]);
      }
    },
  };
  let game;
  try {
    game = playChecked(engine, checks, { init, bots: levels, botSeed, timeoutOneIn: 40, checkEvery, maxCommands: MAX_COMMANDS });
  } catch (error) {
    expect.fail(`game ${gameSeed}: ${(error as Error).message}`);
  }
  const sheet = engine.score(game.state);
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
