import { expect } from 'vitest';
import { execute, Rng, rngStateFromSeed, type Command, type Executed, type Seat } from '../../../core/engine/index.js';
import { valeriaCardKingdoms as engine } from '../../../core/games/valeria-card-kingdoms/index.js';
import { draft } from '../../../core/games/valeria-card-kingdoms/draft.js';
import { openHarvest } from '../../../core/games/valeria-card-kingdoms/turn.js';
import type { VckEvent } from '../../../core/games/valeria-card-kingdoms/events.js';
import type { VckMove } from '../../../core/games/valeria-card-kingdoms/moves.js';
import type { Player, VckOptions, VckState } from '../../../core/games/valeria-card-kingdoms/state.js';

export { engine };
export const DEADLINES = { turnMs: 60_000, windowMs: 30_000 };
export const T0 = 1_700_000_000_000;

export function init(seats: number, options: Partial<VckOptions> = {}, seed = 'vck-test') {
  return { seats, options: engine.optionsSchema.parse(options), deadlines: DEADLINES, seed, at: T0 };
}

export function newGame(seats: number, options: Partial<VckOptions> = {}, seed = 'vck-test'): VckState {
  return engine.setup(init(seats, options, seed));
}

export function move(state: VckState, seat: Seat, m: VckMove, at = T0 + 1000): VckState {
  const result = execute(engine, state, { type: 'move', seat, move: m, at });
  if (!result.ok) throw new Error(`${JSON.stringify(m)} rejected: ${result.code} ${result.message}`);
  return result.state;
}

/** A move and the events it produced. */
export function moveEvents(state: VckState, seat: Seat, m: VckMove, at = T0 + 1000): Executed<VckState, VckEvent> {
  const result = execute(engine, state, { type: 'move', seat, move: m, at });
  if (!result.ok) throw new Error(`${JSON.stringify(m)} rejected: ${result.code} ${result.message}`);
  return result;
}

/** The pending entry played out by its deadline's defaults (VK-R2, VK-R3). */
export function timedOut(state: VckState, at = state.pending?.deadline ?? T0): VckState {
  const result = execute(engine, state, { type: 'timeout', at });
  if (!result.ok) throw new Error(`timeout rejected: ${result.code} ${result.message}`);
  return result.state;
}

export function reject(state: VckState, command: Command): string {
  const before = JSON.stringify(state);
  const result = execute(engine, state, command);
  expect(result.ok).toBe(false);
  expect(JSON.stringify(state)).toBe(before);
  return result.ok ? '' : result.code;
}

/** Every seat keeps the first Duke dealt: the game reaches the first player's roll. */
export function started(seats: number, options: Partial<VckOptions> = {}, seed = 'vck-test'): VckState {
  let state = newGame(seats, options, seed);
  for (let seat = 0; seat < seats; seat++) state = move(state, seat, { type: 'keep-duke', duke: state.players[seat]?.dukeOffer[0] as string });
  return state;
}

/** A test-only edit of a state copy (a kingdom, a market stack), before the rules run on it. */
export function edit(state: VckState, change: (s: VckState) => void): VckState {
  const copy = structuredClone(state);
  change(copy);
  return copy;
}

export const player = (state: VckState, seat: Seat): Player => state.players[seat] as Player;

/** Opens the active player's harvest as if these dice had been rolled. */
export function harvestWith(state: VckState, dice: [number, number]): VckState {
  const ready = edit(state, (s) => {
    s.turn.dice = dice;
  });
  const d = draft(ready, new Rng(rngStateFromSeed('harvest')), T0 + 500);
  openHarvest(d, 'main');
  return d.state;
}

/** The state at the active player's action step, with this seat's tokens set. */
export function atActions(state: VckState, tokens: Partial<Pick<Player, 'gold' | 'strength' | 'magic'>>): VckState {
  const s = harvestWith(state, [1, 1]);
  // A double 1 activates nobody's starters: everyone's free resource defaults to Gold on timeout.
  const after = s.pending?.kind === 'simultaneous' ? execute(engine, s, { type: 'timeout', at: s.pending.deadline }) : { ok: true as const, state: s };
  if (!after.ok) throw new Error('harvest timeout rejected');
  return edit(after.state, (x) => Object.assign(x.players[x.turn.active] as Player, { gold: 0, strength: 0, magic: 0 }, tokens));
}

/** Puts a card on top of a market stack (taking it from wherever it lies in the market or the box). */
export function onTop(state: VckState, zone: 'monsters' | 'citizens' | 'domains', stack: number, card: string): VckState {
  return edit(state, (s) => {
    takeOut(s, card);
    s.market[zone][stack]?.cards.unshift(card);
  });
}

/** Test arrangement (inside `edit`): takes cards out of the market and the box, wherever they lie, to be put somewhere else. */
export function takeOut(state: VckState, ...cards: string[]): void {
  for (const st of [...state.market.monsters, ...state.market.citizens, ...state.market.domains]) st.cards = st.cards.filter((c) => !cards.includes(c));
  state.box = state.box.filter((c) => !cards.includes(c));
}

export const stackOf = (state: VckState, zone: 'monsters', area: string) => state.market[zone].findIndex((s) => s.area === area);
export const citizenStackOf = (state: VckState, name: string) => state.market.citizens.findIndex((s) => s.names.includes(name));

/** Moves a card from wherever it lies into a player's kingdom (test setups). */
export function give(state: VckState, seat: Seat, zone: 'citizens' | 'monsters' | 'domains', ...cards: string[]): VckState {
  return edit(state, (s) => {
    takeOut(s, ...cards);
    (s.players[seat] as Player)[zone].push(...cards);
  });
}

type Zone = 'monsters' | 'citizens' | 'domains';

/**
 * Test arrangement (inside `edit`): a market stack holding exactly these
 * cards, top first, each taken from wherever it lay; what the stack held goes
 * to the box. No cards: an exhausted stack.
 */
export function setStack(state: VckState, zone: Zone, stack: number, cards: string[] = []): void {
  const target = state.market[zone][stack];
  if (!target) throw new Error(`no ${zone} stack ${stack}`);
  state.box.push(...target.cards);
  target.cards = [];
  takeOut(state, ...cards);
  target.cards = [...cards];
}

/** Solo, at the action step after a main harvest with these dice (a window closed by its defaults). */
export function soloAtActions(dice: [number, number], seed = 'vck-test'): VckState {
  const open = harvestWith(started(1, {}, seed), dice);
  return open.pending?.kind === 'simultaneous' ? timedOut(open) : open;
}
