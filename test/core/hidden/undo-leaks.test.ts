import { describe, expect, it } from 'vitest';
import { cardName } from '../../../core/games/valeria-card-kingdoms/catalog/index.js';
import { draft as vckDraft } from '../../../core/games/valeria-card-kingdoms/draft.js';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import type { VvState } from '../../../core/games/villages-of-valeria/state.js';
import { continueTurn } from '../../../core/games/valeria-card-kingdoms/turn.js';
import { execute, Rng, rngStateFromSeed, type AnyGameEngine, type BaseState, type LoggedEvent, type Seat } from '../../../core/engine/index.js';
import { whyNotUndoable } from '../../../core/table/index.js';
import * as vck from '../valeria-card-kingdoms/helpers.js';
import * as vv from '../villages-of-valeria/helpers.js';

/**
 * The three ways undo could take back a card the table had seen (issue 21),
 * each refused now, in the engine: none of these commits holds an event of
 * its game's list of revealing events, draws on the generator or closes a
 * window, so only the views tell that it showed something.
 */

function decided(engine: AnyGameEngine, state: BaseState, seat: Seat, move: unknown) {
  const result = execute(engine, state, { type: 'move', seat, move, at: 2_000 });
  if (!result.ok) throw new Error(`${JSON.stringify(move)} refused: ${result.code}: ${result.message}`);
  return result;
}

/** What the undo rule saw before views joined it: no listed event, no generator, no window closed or answered. */
function passesTheOldList(engine: AnyGameEngine, before: BaseState, events: readonly LoggedEvent[]): boolean {
  const window = before.pending?.kind === 'simultaneous' || before.pending?.kind === 'sequential';
  return !window && events.every((event) => event.type !== 'rng-advanced' && event.type !== 'seed-revealed' && !engine.reveals?.(event));
}

describe('Villages of Valeria: a card turned up or laid down cannot be taken back', () => {
  /** Seat 0 leads with two Shadow Buildings, 3 Gold and the Thief (instant power: steal a Gold) face up. */
  function thiefOnOffer(seats: number): VvState {
    const state = structuredClone(vv.newGame(seats));
    vv.setBuildings(state, 0, [vv.idNamed('Harbor'), vv.idNamed("Thieves' Den")]);
    vv.makeAdventurerAvailable(state, vv.idNamed('Thief'));
    vv.setCoins(state, 0, 3);
    return state;
  }

  it.each([2, 1])('a Recruit that turns up the next Adventurer, ending on the leader’s own power decision (%i seat(s))', (seats) => {
    const state = thiefOnOffer(seats);
    const next = state.advDeck.at(-1) as string;
    const recruit = decided(vv.engine, state, 0, { type: 'recruit', adventurer: vv.idNamed('Thief') });
    const refill = recruit.events.find((event) => event.type === 'recruited');
    expect(refill).toMatchObject({ type: 'recruited', refill: next });
    expect(recruit.state.pending).toMatchObject({ kind: 'decision', step: 'power', seat: 0 });
    expect(passesTheOldList(vv.engine, state, recruit.events)).toBe(true);
    const reason = whyNotUndoable(vv.engine, state, recruit.state, recruit.events, 0);
    expect(reason).toContain(next);
    expect(reason).toContain(seats === 1 ? 'you, spectators' : 'you, seat 1, spectators');
  });

  it('a Build shows a card of the builder’s hand to the table', () => {
    const state = structuredClone(vv.newGame(2));
    const card = vv.idNamed('Harbor');
    vv.setHand(state, 0, [card, ...vv.hand(state, 0).slice(1)]);
    vv.setResources(state, 0, [...vv.withResource('wood', 2), ...vv.withResource('food', 1)]);
    const built = decided(vv.engine, state, 0, { type: 'build', card, payment: 'auto' });
    expect(built.events.map((event) => event.type)).toContain('built');
    expect(passesTheOldList(vv.engine, state, built.events)).toBe(true);
    expect(whyNotUndoable(vv.engine, state, built.state, built.events, 0)).toBe(`it showed ${card} to seat 1, spectators, hidden before`);
  });

  it('a lead that shows nothing (Harvest, its draws still owed) can still be undone', () => {
    const state = vv.newGame(2);
    const harvest = decided(vv.engine, state, 0, { type: 'harvest' });
    expect(harvest.state.pending).toMatchObject({ kind: 'decision', step: 'draw', seat: 0 });
    expect(whyNotUndoable(vv.engine, state, harvest.state, harvest.events, 0)).toBeNull();
  });
});

describe('Card Kingdoms, Mixed Citizens: a recruit that turns up the next citizen cannot be taken back', () => {
  const mixed = () => vck.atActions(vck.started(2, { mixedCitizens: true }), { gold: 9, magic: 3 });
  /** A Mixed Citizens stack (two names) with a card under its top. */
  const mixedStack = (state: VckState) => state.market.citizens.findIndex((stack) => stack.names.length > 1 && stack.cards.length > 1);
  const recruitFrom = (state: VckState, stack: number) =>
    vck.engine.legalMoves(state, state.turn.active).find((move) => move.type === 'recruit' && move.stack === stack && move.magic === 0);

  it('the first of two actions, the turn going on', () => {
    const state = mixed();
    const stack = mixedStack(state);
    const next = cardName(state.market.citizens[stack]?.cards[1] as string);
    const recruit = decided(vck.engine, state, state.turn.active, recruitFrom(state, stack));
    expect(recruit.events.find((event) => event.type === 'citizen-recruited')).toMatchObject({ next: state.market.citizens[stack]?.cards[1] });
    expect(recruit.state.pending).toMatchObject({ step: 'action', seat: state.turn.active });
    expect(passesTheOldList(vck.engine, state, recruit.events)).toBe(true);
    expect(whyNotUndoable(vck.engine, state, recruit.state, recruit.events, state.turn.active)).toContain(next);
  });

  it('the last action, the commit ending at the next player’s roll', () => {
    const state = vck.edit(mixed(), (s) => {
      s.turn.actionsLeft = 1;
    });
    const active = state.turn.active;
    const recruit = decided(vck.engine, state, active, recruitFrom(state, mixedStack(state)));
    expect(recruit.state.pending).toMatchObject({ step: 'roll', seat: (active + 1) % 2 });
    expect(passesTheOldList(vck.engine, state, recruit.events)).toBe(true);
    expect(whyNotUndoable(vck.engine, state, recruit.state, recruit.events, active)).toMatch(/^it showed .+ to you, seat \d, spectators, hidden before$/);
  });

  it('a free recruit chosen as a reward (`choose`)', () => {
    const d = vckDraft(mixed(), new Rng(rngStateFromSeed('reward')), vck.T0 + 900);
    d.emit({ type: 'tasks-queued', tasks: [{ kind: 'effect', effect: { kind: 'free-recruit', maxCost: null }, card: null }] });
    continueTurn(d);
    const state = d.state;
    const option = state.choice?.findIndex((o) => o.kind === 'recruit' && o.stack === mixedStack(state)) ?? -1;
    expect(option).toBeGreaterThanOrEqual(0);
    const chosen = decided(vck.engine, state, state.turn.active, { type: 'choose', option });
    expect(chosen.events.find((event) => event.type === 'citizen-recruited')).toMatchObject({ free: true });
    expect(passesTheOldList(vck.engine, state, chosen.events)).toBe(true);
    expect(whyNotUndoable(vck.engine, state, chosen.state, chosen.events, state.turn.active)).not.toBeNull();
  });

  it('without Mixed Citizens a recruit turns up nothing (the stack holds one name) and can be undone', () => {
    const state = vck.atActions(vck.started(2), { gold: 9 });
    const recruit = decided(vck.engine, state, state.turn.active, recruitFrom(state, 0));
    expect(whyNotUndoable(vck.engine, state, recruit.state, recruit.events, state.turn.active)).toBeNull();
  });
});
