import type { Draft } from './draft.js';
import type { BaseState, GameEvent } from './state.js';
import { mayAct, type Seat } from './pending.js';
import { reject, type Rejection } from './rejection.js';

/** What every game's moves share: they are discriminated by `type`. */
export interface Move {
  readonly type: string;
}

/** The moves of `M` whose type is one of `T`. */
export type MoveOf<M extends Move, T extends M['type']> = Extract<M, { readonly type: T }>;

/** Decides `move` for `seat` through the step table, as if the player had sent it: how a step's timeout plays its default. A refusal is an engine defect. */
export type PlayMove<M extends Move> = (seat: Seat, move: M) => void;

/**
 * What one kind of pending step is, in one place: the moves it accepts,
 * those legal now, how it decides them, and its default at the deadline.
 * Built by `stepRules`, so its `decide` only ever sees the moves it accepts.
 */
export interface StepRule<S extends BaseState, M extends Move, E extends GameEvent> {
  readonly accepts: readonly M['type'][];
  /** Every move `seat` may send now, each accepted exactly as listed. */
  legal(state: S, seat: Seat): M[];
  /** Emits the move's events into the draft, or refuses it (a move of a type the step does not accept: `wrong-step`). */
  decide(draft: Draft<S, E>, seat: Seat, move: M): Rejection | null;
  /** The engine's resolution once the step's deadline passed (one step's worth; the game decides how far a timeout runs). */
  timeout(draft: Draft<S, E>, play: PlayMove<M>): void;
}

/** A step rule as a game writes it: its moves narrowed to the types it accepts. */
export interface StepRuleOf<S extends BaseState, M extends Move, E extends GameEvent, T extends M['type']> {
  readonly accepts: readonly T[];
  legal(state: S, seat: Seat): MoveOf<M, T>[];
  decide(draft: Draft<S, E>, seat: Seat, move: MoveOf<M, T>): Rejection | null;
  timeout(draft: Draft<S, E>, play: PlayMove<M>): void;
}

/** Every step of a game: its `Step` union is the map's keys. */
export type StepMap<Step extends string, S extends BaseState, M extends Move, E extends GameEvent> = {
  readonly [K in Step]: StepRule<S, M, E>;
};

/** The kit's refusal of a move the awaited step does not accept (`accepts`: what it does). */
export function wrongStep(state: BaseState, move: Move, accepts: readonly string[]): Rejection {
  return reject('wrong-step', { step: state.pending?.step ?? 'none', move: move.type, expected: accepts.join(', ') });
}

/**
 * The rule builder of one game's step table (`const rule = stepRules<S, M, E>()`):
 * each rule's `decide` sees only the moves its step accepts; any other is
 * refused as `wrong-step` before it.
 */
export function stepRules<S extends BaseState, M extends Move, E extends GameEvent>() {
  return <const T extends M['type']>(rule: StepRuleOf<S, M, E, T>): StepRule<S, M, E> => {
    const types: readonly string[] = rule.accepts;
    const accepted = (move: M): move is MoveOf<M, T> => types.includes(move.type);
    return {
      ...rule,
      decide: (draft, seat, move) => (accepted(move) ? rule.decide(draft, seat, move) : wrongStep(draft.state, move, rule.accepts)),
    };
  };
}

/** The rule of the awaited step, or null when nothing is awaited. */
export function awaitedStep<Step extends string, S extends BaseState, M extends Move, E extends GameEvent>(
  steps: StepMap<Step, S, M, E>,
  state: S,
): StepRule<S, M, E> | null {
  const step = state.pending?.step;
  if (step === undefined || state.finished) return null;
  if (!Object.hasOwn(steps, step)) throw new Error(`${state.game} has no step ${step}`);
  return steps[step as Step];
}

/** The moves `seat` may send now, from the awaited step's rule. */
export function legalByStep<Step extends string, S extends BaseState, M extends Move, E extends GameEvent>(
  steps: StepMap<Step, S, M, E>,
  state: S,
  seat: Seat,
): M[] {
  if (!mayAct(state.pending, seat)) return [];
  return awaitedStep(steps, state)?.legal(state, seat) ?? [];
}

/** Decides a move by the awaited step's rule. */
export function decideByStep<Step extends string, S extends BaseState, M extends Move, E extends GameEvent>(
  steps: StepMap<Step, S, M, E>,
  draft: Draft<S, E>,
  seat: Seat,
  move: M,
): Rejection | null {
  const rule = awaitedStep(steps, draft.state);
  return rule ? rule.decide(draft, seat, move) : wrongStep(draft.state, move, []);
}
