import { expect } from 'vitest';
import { execute, type Command, type LoggedEvent, type Seat } from '../../../core/engine/index.js';
import type { VpEvent } from '../../../core/games/village-pillage/events.js';
import { villagePillage as engine } from '../../../core/games/village-pillage/index.js';
import type { VpMove } from '../../../core/games/village-pillage/moves.js';
import type { Player, VpState } from '../../../core/games/village-pillage/state.js';

export { engine };
export const DEADLINES = { turnMs: 60_000, windowMs: 30_000 };
export const T0 = 1_700_000_000_000;

export const init = (seats: number, seed = 'vp-test') => ({ seats, options: {}, deadlines: DEADLINES, seed, at: T0 });
export const newGame = (seats: number, seed = 'vp-test'): VpState => engine.setup(init(seats, seed));

/** A test-only edit of a state copy, before the rules run on it. */
export function edit(state: VpState, change: (s: VpState) => void): VpState {
  const copy = structuredClone(state);
  change(copy);
  return copy;
}

export const player = (state: VpState, seat: Seat): Player => state.players[seat] as Player;

/** Sets a player's turnips and gives them extra cards (taken from the Market wherever they lie). */
export function withPlayer(state: VpState, seat: Seat, set: Partial<Pick<Player, 'stockpile' | 'bank' | 'relics'>> & { give?: string[] }): VpState {
  return edit(state, (s) => {
    const p = s.players[seat] as Player;
    const { give = [], ...rest } = set;
    Object.assign(p, rest);
    for (const card of give) {
      s.market.row = s.market.row.filter((c) => c !== card);
      s.market.deck = s.market.deck.filter((c) => c !== card);
      p.hand.push(card);
    }
  });
}

export interface Step {
  readonly state: VpState;
  readonly events: LoggedEvent<VpEvent>[];
}

export function run(state: VpState, command: Command): Step {
  const result = execute(engine, state, command);
  if (!result.ok) throw new Error(`${JSON.stringify(command)} rejected: ${result.code} ${result.message}`);
  return { state: result.state, events: result.events };
}

export const move = (state: VpState, seat: Seat, m: VpMove, at = T0 + 1000): Step => run(state, { type: 'move', seat, move: m, at });

/** Every seat submits its plan in seat order; returns the state and the events of the whole round's commands. */
export function playRound(state: VpState, plans: readonly VpMove[]): Step {
  let current = state;
  const events: LoggedEvent<VpEvent>[] = [];
  plans.forEach((plan, seat) => {
    const step = move(current, seat, plan);
    current = step.state;
    events.push(...step.events);
  });
  return { state: current, events };
}

export const sides = (left: string, right: string): VpMove => ({ type: 'plan', left, right });

export function rejectCode(state: VpState, command: Command): string {
  const before = JSON.stringify(state);
  const result = execute(engine, state, command);
  expect(result.ok).toBe(false);
  expect(JSON.stringify(state)).toBe(before);
  return result.ok ? '' : result.code;
}

export const ofType = <T extends VpEvent['type']>(events: readonly LoggedEvent<VpEvent>[], type: T) =>
  events.filter((e): e is Extract<VpEvent, { type: T }> => e.type === type);

/** Runs the pending step's timeout. */
export const timeout = (state: VpState): Step => run(state, { type: 'timeout', at: state.pending?.deadline ?? T0 });
