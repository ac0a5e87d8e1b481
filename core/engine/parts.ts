import type { GameEngine } from './game.js';
import type { Seat } from './pending.js';
import type { BaseState, GameEvent } from './state.js';

/**
 * A part: rules that hold beside a game's own and keep state of their own in
 * it (the table's clocks, vacations, absence and undo, core/table/), plugged
 * into the kit's fold as one of a list, the way boardgame.io's plugins are a
 * list its reducer iterates. A part owns its event types and its state
 * fields, which every viewer sees; the kit never names either.
 */
export interface Part<S extends BaseState = BaseState, E extends GameEvent = GameEvent> {
  /** The event types this part alone folds and redacts. */
  readonly events: readonly E['type'][];
  /** Folds one of its events into a state the caller owns. */
  fold(state: S, event: E): void;
  /**
   * Gives a game's copy of a state this part's own fields, which the game may
   * not know. Its fold replaces them whole and never mutates them, so the copy
   * shares them. Absent for a part with no field of its own.
   */
  copy?(from: S, to: S): void;
  /** One of its events as this viewer may see it (null: hidden). */
  redact(event: E, viewer: Seat | null): unknown;
}

/**
 * A game with parts plugged in (withParts); `parts` says which, and tells it
 * from the bare game. The game's state must allow the parts' fields (`S
 * extends PS`: they are optional, absent until a part's first event).
 */
export type PartedEngine<S extends PS, M, E extends GameEvent, O, PS extends BaseState, PE extends GameEvent> = GameEngine<S & PS, M, E | PE, O> & {
  readonly parts: readonly Part<PS, PE>[];
};

/**
 * The game with parts plugged in: its copy, fold and redaction consult the
 * parts first. This is the one place that iterates a list of parts. Parts
 * wrap the engine, rather than being handed to the draft, `applyInPlace` and
 * `redactFor`, so every kit function keeps taking one engine (execute,
 * replay, views, bots' look-ahead drafts), a game never sees an event it does
 * not own, and a new part never changes a kit signature.
 */
export function withParts<S extends PS, M, E extends GameEvent, O, PS extends BaseState, PE extends GameEvent>(
  engine: GameEngine<S, M, E, O>,
  parts: readonly Part<PS, PE>[],
): PartedEngine<S, M, E, O, PS, PE> {
  const owners = new Map<string, Part<PS, PE>>();
  for (const part of parts)
    for (const type of part.events) {
      if (owners.has(type)) throw new Error(`two parts fold ${type} events`);
      owners.set(type, part);
    }
  const ownerOf = (event: E | PE) => owners.get(event.type);
  return {
    ...engine,
    parts,
    clone(state) {
      const copy = engine.clone(state);
      for (const part of parts) part.copy?.(state, copy);
      return copy;
    },
    // A part's fields are public: a re-dealt state keeps them.
    redeal(state, viewer, rng) {
      const world = engine.redeal(state, viewer, rng);
      for (const part of parts) part.copy?.(state, world);
      return world;
    },
    evolve(draft, event) {
      const part = ownerOf(event);
      if (part) part.fold(draft, event as PE);
      else engine.evolve(draft, event as E);
    },
    redactEvent(event, viewer) {
      const part = ownerOf(event);
      return part ? part.redact(event as PE, viewer) : engine.redactEvent(event as E, viewer);
    },
  };
}
