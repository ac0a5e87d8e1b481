import { hashSeed } from './fairness.js';
import type { Deadlines, Pending } from './pending.js';
import type { RngState } from './rng.js';

/** What every game's state carries, so the kit and the service can read it generically (the table's own fields: `TableState`, core/table/game.ts). */
export interface BaseState {
  readonly game: string;
  readonly seats: number;
  readonly deadlines: Deadlines;
  /** Who may act now; null once the game is over. */
  pending: Pending | null;
  /** How many pending entries have been opened (the next id is `p{n+1}`). */
  pendingOpened: number;
  finished: boolean;
  rng: RngState;
  /** sha256(seed), public from the start. */
  readonly seedHash: string;
  /** The seed itself: server-side only; never part of a view before the end. */
  readonly seed: string;
}

/** Everything `setup` needs. `at` is the creation time, for the first deadline. */
export interface GameInit<O> {
  readonly seats: number;
  readonly options: O;
  readonly deadlines: Deadlines;
  readonly seed: string;
  readonly at: number;
}

/**
 * Makes `pending` the awaited step of a draft and remembers its number, so
 * the next entry's id stays unique. Every game's fold (and the kit's) uses it.
 */
export function awaitIn(draft: BaseState, pending: Pending | null): void {
  draft.pending = pending;
  if (pending) draft.pendingOpened = Math.max(draft.pendingOpened, Number(pending.id.slice(1)));
}

/**
 * The kit's part of a game's first state: who plays, the secret seed and its
 * public hash, the generator after the deal, and the first pending entry.
 */
export function initialBase<O>(game: string, init: GameInit<O>, rng: RngState, firstPending: Pending | null): BaseState {
  return {
    game,
    seats: init.seats,
    deadlines: init.deadlines,
    pending: firstPending,
    pendingOpened: firstPending ? Number(firstPending.id.slice(1)) : 0,
    finished: false,
    rng,
    seedHash: hashSeed(init.seed),
    seed: init.seed,
  };
}

/** What every game's events have: a type that names them. */
export interface GameEvent {
  readonly type: string;
}
