import { applyInPlace, type BaseState, type Folding, type GameEvent, type LoggedEvent } from '../engine/index.js';

/** A command's decided events and resulting state. */
export interface Decided<S> {
  readonly events: readonly LoggedEvent[];
  readonly state: S;
}

/**
 * Adds the table's events about a decided command, folded into its resulting
 * state (a copy when the command changed nothing). `folding` is the game with
 * the table's parts (game.ts), so the copy keeps the table's fields and the
 * fold knows the table's events.
 */
export function appendEvents<S extends BaseState>(
  folding: Folding<S, GameEvent>,
  before: S,
  decided: Decided<S>,
  added: readonly LoggedEvent[],
): { events: LoggedEvent[]; state: S } {
  if (added.length === 0) return { events: [...decided.events], state: decided.state };
  const state = decided.state === before ? folding.clone(before) : decided.state;
  for (const event of added) applyInPlace(folding, state, event);
  return { events: [...decided.events, ...added], state };
}
