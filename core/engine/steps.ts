import type { Draft } from './draft.js';
import type { BaseState, GameEvent } from './state.js';
import { mayAct, type Seat } from './pending.js';

/** What one kind of pending step is, in one place: the moves it accepts, those legal now, and its default at the deadline. */
export interface StepRule<S extends BaseState, M extends { readonly type: string }, E extends GameEvent> {
  readonly accepts: readonly M['type'][];
  /** Every move `seat` may send now, each accepted exactly as listed. */
  legal(state: S, seat: Seat): M[];
  /** The engine's resolution once the step's deadline passed (one step's worth; the game decides how far a timeout runs). */
  timeout(draft: Draft<S, E>): void;
}

/** Every step of a game: its `Step` union is the map's keys. */
export type StepMap<Step extends string, S extends BaseState, M extends { readonly type: string }, E extends GameEvent> = {
  readonly [K in Step]: StepRule<S, M, E>;
};

/** The rule of the awaited step, or null when nothing is awaited. */
export function awaitedStep<Step extends string, S extends BaseState, M extends { readonly type: string }, E extends GameEvent>(
  steps: StepMap<Step, S, M, E>,
  state: S,
): StepRule<S, M, E> | null {
  const step = state.pending?.step;
  if (step === undefined || state.finished) return null;
  if (!Object.hasOwn(steps, step)) throw new Error(`${state.game} has no step ${step}`);
  return steps[step as Step];
}

/** The moves `seat` may send now, from the awaited step's rule. */
export function legalByStep<Step extends string, S extends BaseState, M extends { readonly type: string }, E extends GameEvent>(
  steps: StepMap<Step, S, M, E>,
  state: S,
  seat: Seat,
): M[] {
  if (!mayAct(state.pending, seat)) return [];
  return awaitedStep(steps, state)?.legal(state, seat) ?? [];
}
