import { describe, expect, it } from 'vitest';
import { effectsAgainst } from '../../../core/games/village-pillage/catalog/index.js';
import { engine, move, newGame, ofType, player, rejectCode, T0, withPlayer } from './helpers.js';

describe('Village Pillage Duel (2 players)', () => {
  it('the first round queues two cards, later rounds one; only the front card resolves and returns', () => {
    let state = newGame(2);
    expect(state.duel).toBe(true);
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'plan', left: 'Farmer', right: 'Wall' }, at: T0 })).toBe('wrong-plan');
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'enqueue', card: 'Farmer' }, at: T0 })).toBe('wrong-plan');
    state = move(state, 0, { type: 'queue', front: 'Farmer', back: 'Raider' }).state;
    const first = move(state, 1, { type: 'queue', front: 'Wall', back: 'Merchant' });
    state = first.state;
    // Only the fronts met: Farmer against Wall, Wall against Farmer.
    expect(ofType(first.events, 'plans-revealed')[0]?.plays).toEqual([
      { seat: 0, card: 'Farmer', toward: 1, side: 'front' },
      { seat: 1, card: 'Wall', toward: 0, side: 'front' },
    ]);
    const farmerGain = effectsAgainst('Farmer', 'Wall')[0];
    expect(ofType(first.events, 'gained')[0]).toEqual({
      type: 'gained',
      seat: 0,
      card: 'Farmer',
      amount: farmerGain?.kind === 'gain' ? farmerGain.amount : -1,
    });
    // The back cards advanced; the fronts are back in hand.
    expect(player(state, 0).queue).toEqual(['Raider']);
    expect(player(state, 0).hand.sort()).toEqual(['Farmer', 'Merchant', 'Wall']);
    expect(player(state, 1).queue).toEqual(['Merchant']);
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'queue', front: 'Farmer', back: 'Wall' }, at: T0 })).toBe('wrong-plan');
    expect(rejectCode(state, { type: 'move', seat: 0, move: { type: 'enqueue', card: 'Raider' }, at: T0 })).toBe('not-in-hand');

    state = move(state, 0, { type: 'enqueue', card: 'Wall' }).state;
    const second = move(state, 1, { type: 'enqueue', card: 'Farmer' });
    // Raider against Merchant: STEAL 4 from a Stockpile of 1.
    expect(ofType(second.events, 'plans-revealed')[0]?.plays.map((p) => p.card)).toEqual(['Raider', 'Merchant']);
    expect(ofType(second.events, 'stolen')).toEqual([{ type: 'stolen', seat: 0, card: 'Raider', from: 1, pool: 'stockpile', amount: 1 }]);
    expect(player(second.state, 0).queue).toEqual(['Wall']);
    expect(player(second.state, 1).queue).toEqual(['Farmer']);
  });

  it('an exhausted front card returns one round later', () => {
    let state = withPlayer(newGame(2), 0, { give: ['Harvester'] });
    state = move(state, 0, { type: 'queue', front: 'Harvester', back: 'Wall' }).state;
    state = move(state, 1, { type: 'queue', front: 'Wall', back: 'Farmer' }).state;
    expect(player(state, 0).exhausted).toEqual(['Harvester']);
    expect(player(state, 0).hand).not.toContain('Harvester');
    state = move(state, 0, { type: 'enqueue', card: 'Farmer' }).state;
    state = move(state, 1, { type: 'enqueue', card: 'Raider' }).state;
    expect(player(state, 0).exhausted).toEqual([]);
    expect(player(state, 0).hand).toContain('Harvester');
  });

  it('relics cost 6, 7 and 8', () => {
    let state = withPlayer(newGame(2), 0, { stockpile: 5, bank: 1 });
    state = move(state, 0, { type: 'queue', front: 'Merchant', back: 'Wall' }).state;
    const { events, state: after } = move(state, 1, { type: 'queue', front: 'Wall', back: 'Farmer' });
    expect(ofType(events, 'relic-bought')).toMatchObject([{ seat: 0, paid: { stockpile: 5, bank: 1 } }]);
    expect(player(after, 0).relics).toHaveLength(1);
  });

  it('the queued back card stays face down to the opponent, visible to its owner', () => {
    let state = move(newGame(2), 0, { type: 'queue', front: 'Farmer', back: 'Raider' }).state;
    state = move(state, 1, { type: 'queue', front: 'Wall', back: 'Merchant' }).state;
    type Board = { players: { hand: string[] | null; queue: string[] | null; cards: string[]; queued: number }[] };
    const board = (viewer: number | null) => engine.view(state, viewer) as Board;
    expect(board(0).players[0]?.queue).toEqual(['Raider']);
    // Others see the cards as one sorted list: which of them waits face down is the secret.
    for (const viewer of [1, null])
      expect(board(viewer).players[0]).toMatchObject({ hand: null, queue: null, queued: 1, cards: ['Farmer', 'Merchant', 'Raider', 'Wall'] });
  });
});
