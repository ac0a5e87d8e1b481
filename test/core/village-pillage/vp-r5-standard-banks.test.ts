import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { legalMovesFor, playOut, replay } from '../../../core/engine/index.js';
import { villagePillageListing } from '../../../core/games/village-pillage/listing.js';
import type { VpState } from '../../../core/games/village-pillage/state.js';
import { DEADLINES, edit, engine, init, ofType, player, playRound, rejectCode, sides, T0 } from './helpers.js';

/**
 * VP-R5: « une partie à 2 joueurs en utilisant les cartes Banque sur leur face
 * destinée aux parties à 3 joueurs et plus ». With `banks: "standard"` two
 * players plan a card toward each side; each one's left-facing card meets the
 * other's right-facing card; Bank capacity 5; relics 8, 9, 10.
 */

const standardGame = (): VpState => engine.setup({ ...init(2), options: { banks: 'standard' } });

/** Sets both players' turnips (test-only edit). */
const turnips = (state: VpState, ...piles: [stockpile: number, bank: number][]) =>
  edit(state, (s) => piles.forEach(([stockpile, bank], seat) => Object.assign(player(s, seat), { stockpile, bank })));

describe('VP-R5: two players on the standard Banks', () => {
  it('is an option of the game’s schema, absent (the Duel) by default', () => {
    expect(engine.optionsSchema.parse({ banks: 'standard' })).toEqual({ banks: 'standard' });
    expect(engine.optionsSchema.safeParse({ banks: 'triple' }).success).toBe(false);
    const schema = z.toJSONSchema(villagePillageListing.optionsSchema, { io: 'input' }) as unknown as { properties: { banks: { enum: string[] } } };
    expect(schema.properties.banks.enum).toEqual(['duel', 'standard']);
    expect(engine.setup(init(2)).duel).toBe(true);
    expect(engine.setup({ ...init(2), options: { banks: 'duel' } }).duel).toBe(true);
    expect(standardGame().duel).toBe(false);
    // Three or more players always play the standard side.
    expect(engine.setup({ ...init(3), options: { banks: 'duel' } }).duel).toBe(false);
  });

  it('has no queue: each player plans one card toward each side, every round', () => {
    const state = standardGame();
    const moves = legalMovesFor(engine, state, 0);
    // 4 hand cards: 4 × 3 ordered pairs of two different cards.
    expect(moves).toHaveLength(12);
    expect(moves.every((m) => m.type === 'plan')).toBe(true);
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'queue', front: 'Farmer', back: 'Wall' }, at: T0 + 1000 })).toBe('wrong-plan');
  });

  it('a constructed round: each left-facing card meets the other player’s right-facing card, and both cards come back', () => {
    // Seat 0: Raider left, Wall right. Seat 1: Wall left, Merchant right.
    const start = turnips(standardGame(), [0, 0], [4, 0]);
    const { state, events } = playRound(start, [sides('Raider', 'Wall'), sides('Wall', 'Merchant')]);
    // The Walls meet: GAIN 1 and BANK 1 each.
    expect(ofType(events, 'gained').map((e) => [e.seat, e.card, e.amount])).toEqual([
      [0, 'Wall', 1],
      [1, 'Wall', 1],
    ]);
    expect(ofType(events, 'banked').map((e) => [e.seat, e.amount])).toEqual([
      [0, 1],
      [1, 1],
    ]);
    // Seat 0's left Raider meets seat 1's right Merchant: STEAL 4 from the Stockpile (4 + 1 - 1 there).
    expect(ofType(events, 'stolen').map((e) => [e.seat, e.card, e.from, e.amount])).toEqual([[0, 'Raider', 1, 4]]);
    expect(player(state, 0)).toMatchObject({ stockpile: 4, bank: 1, queue: [] });
    // Seat 1's Merchant, 1 turnip left, cannot pay anything.
    expect(player(state, 1)).toMatchObject({ stockpile: 0, bank: 1, queue: [] });
    expect(ofType(events, 'buy-skipped')).toHaveLength(1);
    for (const seat of [0, 1]) expect(player(state, seat).hand.slice().sort()).toEqual(['Farmer', 'Merchant', 'Raider', 'Wall']);
    expect(state).toMatchObject({ round: 2, pending: { kind: 'simultaneous', step: 'plan', seats: [0, 1] } });
  });

  it('banks up to 5 (the Duel stops at 4)', () => {
    const start = turnips(standardGame(), [3, 4], [0, 0]);
    const { state } = playRound(start, [sides('Farmer', 'Wall'), sides('Wall', 'Farmer')]);
    expect(player(state, 0).bank).toBe(5);
  });

  it('prices the first relic at 8 (the Duel at 6)', () => {
    // Seat 0: Merchant left meets seat 1's right Merchant; the Walls meet. 7 + GAIN 1 = 8 turnips at BUY time.
    const start = turnips(standardGame(), [7, 0], [0, 0]);
    const { state, events } = playRound(start, [sides('Merchant', 'Wall'), sides('Wall', 'Merchant')]);
    const [relic] = ofType(events, 'relic-bought');
    expect(relic).toMatchObject({ seat: 0 });
    expect((relic?.paid.stockpile ?? 0) + (relic?.paid.bank ?? 0)).toBe(8);
    expect(player(state, 0)).toMatchObject({ stockpile: 0, bank: 0, relics: [relic?.relic] });
  });

  it('with 7 turnips buys no relic', () => {
    const start = turnips(standardGame(), [6, 0], [0, 0]);
    const { events } = playRound(start, [sides('Merchant', 'Wall'), sides('Wall', 'Merchant')]);
    expect(ofType(events, 'relic-bought')).toEqual([]);
  });

  it('seeded bot games end, replay from their log, and last 8 to 20 rounds at the median', () => {
    const rounds: number[] = [];
    for (let i = 0; i < 40; i++) {
      const options = { init: { seats: 2, options: { banks: 'standard' as const }, deadlines: DEADLINES, seed: `standard-banks-${i}`, at: 0 } };
      const { state, log } = playOut(engine, {
        ...options,
        bots: i % 2 ? ['greedy', 'random'] : ['greedy', 'greedy'],
        botSeed: `standard-banks-bots-${i}`,
        keepLog: true,
      });
      expect(state.finished).toBe(true);
      expect(state.duel).toBe(false);
      expect(replay(engine, options.init, log)).toEqual(state);
      rounds.push(engine.score(state).turns);
    }
    const median = rounds.sort((a, b) => a - b)[rounds.length / 2] as number;
    console.log(`village-pillage 2p standard banks: median rounds ${median}, range ${rounds[0]}-${rounds.at(-1)}`);
    expect(median).toBeGreaterThanOrEqual(8);
    expect(median).toBeLessThanOrEqual(20);
  });
});
