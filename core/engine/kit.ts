import type * as z from 'zod';
import { awaitIn, type AnyGameEngine, type BaseState, type Command, type DecideContext, type GameEngine, type GameEvent, type GameInit } from './game.js';
import { awaitedSeats, isOverdue, mayAct, type Seat } from './pending.js';
import { reject, type Rejection } from './rejection.js';
import { Rng, type RngState } from './rng.js';

/**
 * Events the kit adds to every game's log. `rng-advanced` keeps the generator
 * state inside the fold (so replay is exact) and is never shown to players;
 * `seed-revealed` closes a finished game's commitment.
 */
export type KitEvent = { readonly type: 'rng-advanced'; readonly rng: RngState } | { readonly type: 'seed-revealed'; readonly seed: string };

export type LoggedEvent<E extends GameEvent = GameEvent> = E | KitEvent;

export interface Executed<S, E extends GameEvent> {
  readonly ok: true;
  readonly events: LoggedEvent<E>[];
  readonly state: S;
}

function isKitEvent(event: GameEvent): event is KitEvent {
  return event.type === 'rng-advanced' || event.type === 'seed-revealed';
}

/** Folds one logged event into a draft the caller owns. */
export function applyInPlace<S extends BaseState, E extends GameEvent>(engine: GameEngine<S, unknown, E, unknown>, draft: S, event: LoggedEvent<E>): void {
  if (isKitEvent(event)) {
    if (event.type === 'rng-advanced') draft.rng = event.rng;
    return;
  }
  const before = draft.pending;
  engine.apply(draft, event as E);
  // Pending ids are `p{n}`; remembering the highest keeps ids unique even for
  // a game whose fold sets `pending` directly.
  if (draft.pending !== before) awaitIn(draft, draft.pending);
}

/** The pure fold: a new state, the old one untouched. */
export function evolve<S extends BaseState, E extends GameEvent>(engine: GameEngine<S, unknown, E, unknown>, state: S, event: LoggedEvent<E>): S {
  const draft = structuredClone(state);
  applyInPlace(engine, draft, event);
  return draft;
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

/** Runs the checks every game shares, then the game's own decision. */
function decideInner<S extends BaseState, M, E extends GameEvent>(
  engine: GameEngine<S, M, E, unknown>,
  state: S,
  command: Command,
  ctx: DecideContext,
): E[] | Rejection {
  if (state.finished) return reject('game-over');
  const pending = state.pending;
  if (!pending) return reject('nothing-pending');
  if (command.type === 'timeout') {
    if (command.pendingId !== undefined && command.pendingId !== pending.id) return reject('stale-pending', { pending: command.pendingId });
    if (!isOverdue(pending, command.at)) return reject('not-overdue', { pending: pending.id, deadline: new Date(pending.deadline).toISOString() });
    return engine.decideTimeout(state, ctx);
  }
  if (!Number.isInteger(command.seat) || command.seat < 0 || command.seat >= state.seats) return reject('not-seated', { seat: command.seat });
  if (!mayAct(pending, command.seat)) {
    const awaited = awaitedSeats(pending).join(', ');
    return reject('not-your-turn', { seat: command.seat, step: pending.step, awaited });
  }
  const parsed = engine.moveSchema.safeParse(command.move);
  if (!parsed.success) return reject('malformed-move', { issues: formatIssues(parsed.error) });
  const decision = engine.decideMove(state, command.seat, parsed.data, ctx);
  return decision.ok ? decision.events : decision;
}

/**
 * Decides a command and folds its events into `state` itself, which the caller
 * must own (a freshly loaded or cloned state). On rejection nothing changes.
 */
export function executeInPlace<S extends BaseState, M, E extends GameEvent>(
  engine: GameEngine<S, M, E, unknown>,
  state: S,
  command: Command,
): Executed<S, E> | Rejection {
  const rng = new Rng(state.rng);
  const decided = decideInner(engine, state, command, { at: command.at, rng });
  if (!Array.isArray(decided)) return decided;
  const events: LoggedEvent<E>[] = [...decided];
  const rngAfter = rng.state;
  if (rngAfter.some((word, i) => word !== state.rng[i])) events.push({ type: 'rng-advanced', rng: rngAfter });
  const wasFinished = state.finished;
  for (const event of events) applyInPlace(engine as GameEngine<S, unknown, E, unknown>, state, event);
  if (state.finished && !wasFinished) {
    const reveal: KitEvent = { type: 'seed-revealed', seed: state.seed };
    events.push(reveal);
  }
  return { ok: true, events, state };
}

/** The pure form: returns a new state and leaves the given one untouched. */
export function execute<S extends BaseState, M, E extends GameEvent>(
  engine: GameEngine<S, M, E, unknown>,
  state: S,
  command: Command,
): Executed<S, E> | Rejection {
  return executeInPlace(engine, structuredClone(state), command);
}

/** The moves this seat may send now (none when it is not their move). */
export function legalMovesFor<S extends BaseState, M>(engine: GameEngine<S, M, GameEvent, unknown>, state: S, seat: Seat): M[] {
  if (state.finished || !mayAct(state.pending, seat)) return [];
  return engine.legalMoves(state, seat);
}

/** What a viewer sees: the kit's public fields plus the game's own view. */
export function viewFor(engine: AnyGameEngine, state: BaseState, viewer: Seat | null) {
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
  if (event.type === 'seed-revealed') return event;
  return engine.redactEvent(event, viewer);
}
