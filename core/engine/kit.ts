import type * as z from 'zod';
import { applyInPlace, Draft, type LoggedEvent } from './draft.js';
import type { AnyGameEngine, Command, GameEngine, SeatView } from './game.js';
import type { BaseState, GameEvent, GameInit } from './state.js';
import { awaitedSeats, isOverdue, mayAct, type Seat } from './pending.js';
import { reject, type Rejection } from './rejection.js';
import { Rng } from './rng.js';

export interface Executed<S, E extends GameEvent> {
  readonly ok: true;
  readonly events: LoggedEvent<E>[];
  /** The command's draft: a new state; the one given stays untouched. */
  readonly state: S;
}

/** Rebuilds a state from its creation arguments and its whole log. */
export function replay<S extends BaseState, E extends GameEvent, O>(
  engine: GameEngine<S, unknown, E, O>,
  init: GameInit<O>,
  events: Iterable<LoggedEvent<E>>,
): S {
  const state = engine.setup(init);
  for (const event of events) applyInPlace(engine, state, event);
  return state;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'move'}: ${i.message}`).join('; ');
}

/** The checks every game shares; a command that passes them is the game's to decide. */
function check<S extends BaseState>(engine: GameEngine<S, unknown, GameEvent, unknown>, state: S, command: Command): Rejection | { move: unknown } | null {
  if (state.finished) return reject('game-over');
  const pending = state.pending;
  if (!pending) return reject('nothing-pending');
  if (command.type === 'timeout') {
    if (command.pendingId !== undefined && command.pendingId !== pending.id) return reject('stale-pending', { pending: command.pendingId });
    if (!isOverdue(pending, command.at)) return reject('not-overdue', { pending: pending.id, deadline: new Date(pending.deadline).toISOString() });
    return null;
  }
  if (!Number.isInteger(command.seat) || command.seat < 0 || command.seat >= state.seats) return reject('not-seated', { seat: command.seat });
  if (!mayAct(pending, command.seat)) return reject('not-your-turn', { seat: command.seat, step: pending.step, awaited: awaitedSeats(pending).join(', ') });
  const parsed = engine.moveSchema.safeParse(command.move);
  if (!parsed.success) return reject('malformed-move', { issues: formatIssues(parsed.error) });
  return { move: parsed.data };
}

/**
 * Decides a command on one draft of `state` (its only copy) and returns the
 * draft's state with the events that made it; `state` itself stays untouched,
 * and a rejection leaves nothing behind.
 */
export function execute<S extends BaseState, M, E extends GameEvent>(
  engine: GameEngine<S, M, E, unknown>,
  state: S,
  command: Command,
): Executed<S, E> | Rejection {
  return decide(engine, state, command, 'copy');
}

/**
 * The same on a state the caller owns, without copying it: after a
 * rejection it may hold part of the command, so only a caller that then
 * throws it away may use this (bot play-outs, where a refusal is a defect).
 */
export function executeOwned<S extends BaseState, M, E extends GameEvent>(
  engine: GameEngine<S, M, E, unknown>,
  state: S,
  command: Command,
): Executed<S, E> | Rejection {
  return decide(engine, state, command, 'adopt');
}

function decide<S extends BaseState, M, E extends GameEvent>(
  engine: GameEngine<S, M, E, unknown>,
  state: S,
  command: Command,
  ownership: 'copy' | 'adopt',
): Executed<S, E> | Rejection {
  const checked = check(engine as GameEngine<S, unknown, GameEvent, unknown>, state, command);
  if (checked && 'ok' in checked) return checked;
  const draft = new Draft<S, E>(engine, state, command.at, new Rng(state.rng), ownership);
  if (command.type === 'timeout') {
    engine.decideTimeout(draft);
    draft.holdLateParts();
  } else {
    const refusal = engine.decideMove(draft, command.seat, checked?.move as M);
    if (refusal) return refusal;
  }
  draft.close();
  return { ok: true, events: draft.events, state: draft.state };
}

/** The moves this seat may send now (none when it is not their move). */
export function legalMovesFor<S extends BaseState, M>(engine: GameEngine<S, M, GameEvent, unknown>, state: S, seat: Seat): M[] {
  if (state.finished || !mayAct(state.pending, seat)) return [];
  return engine.legalMoves(state, seat);
}

/** What a viewer sees: the kit's public fields plus the game's own view. */
export function viewFor<S extends BaseState, V>(engine: GameEngine<S, unknown, GameEvent, unknown, V>, state: S, viewer: Seat | null): SeatView<V> {
  return {
    game: state.game,
    seats: state.seats,
    you: viewer,
    finished: state.finished,
    pending: state.pending,
    awaiting: awaitedSeats(state.pending),
    seedHash: state.seedHash,
    ...(state.finished ? { seed: state.seed, score: engine.score(state) } : {}),
    board: engine.view(state, viewer),
  };
}

/** A logged event as a viewer may see it; null when it must stay hidden. */
export function redactFor(engine: AnyGameEngine, event: LoggedEvent, viewer: Seat | null): unknown {
  if (event.type === 'rng-advanced') return null;
  if (event.type === 'seed-revealed' || event.type === 'awaiting') return event;
  return engine.redactEvent(event, viewer);
}
