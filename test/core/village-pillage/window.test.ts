import { describe, expect, it } from 'vitest';
import { legalMovesFor, redactFor, viewFor } from '../../../core/engine/index.js';
import { engine, move, newGame, ofType, rejectCode, sides, T0, timeout } from './helpers.js';

describe('Village Pillage plan window (VP-R3)', () => {
  it('is one simultaneous window for every seat, on the turn timer', () => {
    const state = newGame(4);
    expect(state.pending).toMatchObject({ kind: 'simultaneous', step: 'plan', seats: [0, 1, 2, 3], submitted: [], deadline: T0 + 60_000 });
  });

  it('keeps a submission secret from other players, spectators and the event stream until it closes', () => {
    const { state, events } = move(newGame(3), 0, sides('Raider', 'Merchant'));
    const submitted = events.find((e) => e.type === 'plan-submitted');
    expect(submitted).toBeDefined();
    for (const viewer of [1, 2, null]) {
      expect(redactFor(engine, submitted!, viewer)).toEqual({ type: 'plan-submitted', seat: 0 });
      const board = viewFor(engine, state, viewer).board as { players: { plan: unknown }[] };
      expect(board.players[0]?.plan).toBeNull();
      // The view is the same whatever seat 0 planned.
      const other = move(newGame(3), 0, sides('Wall', 'Farmer')).state;
      expect(engine.view(other, viewer)).toEqual(engine.view(state, viewer));
    }
    expect((viewFor(engine, state, 0).board as { players: { plan: unknown }[] }).players[0]?.plan).toEqual(['Raider', 'Merchant']);
    expect(redactFor(engine, submitted!, 0)).toEqual(submitted);
    expect(viewFor(engine, state, 1).awaiting).toEqual([1, 2]);
  });

  it('lets a player replace their plan until the window closes; the last one counts', () => {
    let state = move(newGame(3), 0, sides('Raider', 'Merchant')).state;
    expect(legalMovesFor(engine, state, 0)).toContainEqual(sides('Farmer', 'Wall'));
    state = move(state, 0, sides('Farmer', 'Wall')).state;
    state = move(state, 1, sides('Wall', 'Farmer')).state;
    const { events } = move(state, 2, sides('Wall', 'Farmer'));
    expect(
      ofType(events, 'plans-revealed')[0]
        ?.plays.filter((p) => p.seat === 0)
        .map((p) => p.card),
    ).toEqual(['Farmer', 'Wall']);
  });

  it('reveals everything in the closing command, and the next window opens with nothing submitted', () => {
    let state = move(newGame(3), 0, sides('Farmer', 'Wall')).state;
    state = move(state, 1, sides('Farmer', 'Wall')).state;
    const last = move(state, 2, sides('Farmer', 'Wall'));
    expect(last.events.map((e) => e.type)).toContain('plans-revealed');
    expect(last.state.pending).toMatchObject({ kind: 'simultaneous', step: 'plan', submitted: [] });
    expect(last.state.round).toBe(2);
    expect(last.state.plans).toEqual([null, null, null]);
  });

  it('on timeout plans a uniformly random legal plan for each missing player and keeps the submitted ones', () => {
    const counts = new Map<string, number>();
    const runs = 1200;
    for (let i = 0; i < runs; i++) {
      const start = move(
        engine.setup({ seats: 3, options: {}, deadlines: { turnMs: 60_000, windowMs: 30_000 }, seed: `timeout-${i}`, at: T0 }),
        0,
        sides('Wall', 'Raider'),
      ).state;
      const { events } = timeout(start);
      const plays = ofType(events, 'plans-revealed')[0]?.plays ?? [];
      expect(plays.filter((p) => p.seat === 0).map((p) => p.card)).toEqual(['Wall', 'Raider']);
      const seat1 = plays
        .filter((p) => p.seat === 1)
        .map((p) => p.card)
        .join('/');
      counts.set(seat1, (counts.get(seat1) ?? 0) + 1);
    }
    expect(counts.size).toBe(12);
    for (const n of counts.values()) expect(Math.abs(n - runs / 12)).toBeLessThan(40);
  });

  it('rejects, without any change, a plan of cards not in hand, one card twice, the Duel shapes, and moves of other steps', () => {
    const state = newGame(3);
    const at = T0 + 1;
    expect(rejectCode(state, { type: 'move', seat: 0, move: sides('Farmer', 'Harvester'), at })).toBe('not-in-hand');
    expect(rejectCode(state, { type: 'move', seat: 0, move: sides('Farmer', 'Farmer'), at })).toBe('same-card');
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'queue', front: 'Farmer', back: 'Wall' }, at })).toBe('wrong-plan');
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'take-card', card: state.market.row[0] as string }, at })).toBe('wrong-step');
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'plan', left: 'Farmer', right: 'Wall', extra: 1 }, at })).toBe('malformed-move');
    expect(rejectCode(state, { type: 'move', seat: 3, move: sides('Farmer', 'Wall'), at })).toBe('not-seated');
    expect(rejectCode(state, { type: 'timeout', at })).toBe('not-overdue');
  });

  it('setup: hands of the four starting cards, 1 turnip in Stockpile and Bank, 4 Market cards face up', () => {
    const state = newGame(5);
    for (const p of state.players)
      expect(p).toEqual({ stockpile: 1, bank: 1, relics: [], hand: ['Farmer', 'Wall', 'Raider', 'Merchant'], exhausted: [], queue: [] });
    expect(state.market.row).toHaveLength(4);
    expect(state.market.deck).toHaveLength(16);
    expect(() => newGame(1)).toThrow();
    expect(() => newGame(6)).toThrow();
  });

  it('scores relics, reports rounds as turns, and hides the seed and the generator from every view', () => {
    const state = newGame(3);
    expect(engine.score(state)).toMatchObject({ scores: [0, 0, 0], winners: [], turns: 0 });
    for (const viewer of [0, null]) {
      const text = JSON.stringify(viewFor(engine, state, viewer));
      expect(text).not.toContain('vp-test');
      expect(text).not.toContain('"rng"');
      expect(text).not.toContain(state.market.deck.join('","'));
    }
  });
});
