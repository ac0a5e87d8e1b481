import { awaitIn, type BaseState, type GameEvent } from './state.js';
import {
  closeOnTimeParts,
  openDecision,
  openSequentialWindow,
  openSimultaneousWindow,
  openTurn,
  type DecisionPending,
  type Pending,
  type Seat,
  type SequentialPending,
  type SimultaneousPending,
  type TimerKind,
  type TurnPending,
} from './pending.js';
import type { Rng, RngState } from './rng.js';

/**
 * Events the kit adds to every game's log. `awaiting` names who acts next
 * (games emit it through their draft); `rng-advanced` keeps the generator
 * state inside the fold (so replay is exact) and is never shown to players;
 * `seed-revealed` closes a finished game's commitment. Rules that hold at
 * every table (clocks, vacations, absence, undo) log their own events
 * through parts (parts.ts, core/table/), never here.
 */
export type AwaitingEvent = { readonly type: 'awaiting'; readonly pending: Pending | null };
export type KitEvent = AwaitingEvent | { readonly type: 'rng-advanced'; readonly rng: RngState } | { readonly type: 'seed-revealed'; readonly seed: string };

export type LoggedEvent<E extends GameEvent = GameEvent> = E | KitEvent;

/** What the kit needs of a game to keep drafts and replay logs: a deep copy, and the fold of one event into a copy it owns. */
export interface Folding<S extends BaseState, E extends GameEvent> {
  clone(state: S): S;
  evolve(draft: S, event: E): void;
}

function isKitEvent(event: GameEvent): event is KitEvent {
  return event.type === 'awaiting' || event.type === 'rng-advanced' || event.type === 'seed-revealed';
}

/** Folds one logged event into a state the caller owns: the single fold every draft, replay and load goes through. */
export function applyInPlace<S extends BaseState, E extends GameEvent>(folding: Folding<S, E>, state: S, event: LoggedEvent<E>): void {
  if (!isKitEvent(event)) return folding.evolve(state, event as E);
  if (event.type === 'awaiting') awaitIn(state, event.pending);
  else if (event.type === 'rng-advanced') state.rng = event.rng;
}

/**
 * A decision in progress: a private copy of the state (taken once) that
 * changes only by emitting events, each folded once as it is emitted, so
 * the rules read the consequences of what they just decided, what decide
 * computes and what replay rebuilds can never drift apart, and the state
 * it was given stays untouched. Its state is the command's result.
 */
export class Draft<S extends BaseState, E extends GameEvent> {
  readonly events: LoggedEvent<E>[] = [];
  readonly state: S;

  constructor(
    private readonly folding: Folding<S, E>,
    state: S,
    /** The command's time: deadlines of entries opened now start here. */
    readonly at: number,
    /** The game's generator; the kit records its advance when the command is accepted. */
    readonly rng: Rng,
    /** `adopt`: work on `state` itself, for a caller that owns it and drops it on a rejection. */
    ownership: 'copy' | 'adopt' = 'copy',
  ) {
    this.state = ownership === 'copy' ? folding.clone(state) : state;
  }

  emit(...events: (E | AwaitingEvent)[]): void {
    for (const event of events) this.record(event);
  }

  /** The next pending entry (null: nobody is awaited, as when the game ends). */
  await(pending: Pending | null): void {
    this.record({ type: 'awaiting', pending });
  }

  // The next pending entry of each kind, numbered after the last and timed from this command (to `await`).

  nextTurn(step: string, timer: TimerKind, seat: Seat): TurnPending {
    return openTurn({ opened: this.state.pendingOpened, at: this.at, deadlines: this.state.deadlines, step, timer, seat });
  }

  nextDecision(step: string, timer: TimerKind, seat: Seat): DecisionPending {
    return openDecision({ opened: this.state.pendingOpened, at: this.at, deadlines: this.state.deadlines, step, timer, seat });
  }

  /** Null when nobody is in `order`. */
  nextSequence(step: string, timer: TimerKind, order: readonly Seat[]): SequentialPending | null {
    return openSequentialWindow({ opened: this.state.pendingOpened, at: this.at, deadlines: this.state.deadlines, step, timer, order });
  }

  /** Null when `seats` is empty. */
  nextWindow(step: string, timer: TimerKind, seats: readonly Seat[]): SimultaneousPending | null {
    return openSimultaneousWindow({ opened: this.state.pendingOpened, at: this.at, deadlines: this.state.deadlines, step, timer, seats });
  }

  /**
   * Kit only, after a timeout: a shared window whose late parts (a vacation)
   * kept it open past its own deadline now waits for them alone.
   */
  holdLateParts(): void {
    const pending = this.state.pending;
    if (pending?.kind !== 'simultaneous' || pending.deadline > this.at) return;
    const held = closeOnTimeParts(pending);
    if (!held) throw new Error(`${this.state.game}: the ${pending.step} window is still open after its timeout`);
    this.await(held);
  }

  /** Kit only, once the command is accepted: records the generator's advance and, if the game just ended, reveals the seed. */
  close(): void {
    const before = this.state.rng;
    const after = this.rng.state;
    if (after.some((word, i) => word !== before[i])) this.record({ type: 'rng-advanced', rng: after });
    if (this.state.finished) this.record({ type: 'seed-revealed', seed: this.state.seed });
  }

  private record(event: LoggedEvent<E>): void {
    this.events.push(event);
    applyInPlace(this.folding, this.state, event);
  }
}
