import type { BotLevel, GameEngine, SeatView, Sight } from './game.js';
import { legalMovesFor, viewFor } from './kit.js';
import type { Seat } from './pending.js';
import type { Rng } from './rng.js';
import type { BaseState, GameEvent } from './state.js';

/**
 * What a bot of `seat` is given, and all it is given: the moves the seat may
 * send and, when the bot first reads it, the seat's view. The state stays in
 * private fields no bot can reach: a bot that plays a person's seat knows
 * exactly what that person would.
 */
class SeatSight<S extends BaseState, M, V> implements Sight<V, M> {
  readonly #engine: GameEngine<S, M, GameEvent, unknown, V>;
  readonly #state: S;
  #view: SeatView<V> | undefined;
  readonly legal: readonly M[];

  constructor(
    engine: GameEngine<S, M, GameEvent, unknown, V>,
    state: S,
    readonly seat: Seat,
  ) {
    this.#engine = engine;
    this.#state = state;
    this.legal = legalMovesFor(engine, state, seat);
  }

  get view(): SeatView<V> {
    return (this.#view ??= viewFor(this.#engine, this.#state, this.seat));
  }
}

/** What a bot playing `seat` may see now. */
export function sightOf<S extends BaseState, M, V>(engine: GameEngine<S, M, GameEvent, unknown, V>, state: S, seat: Seat): Sight<V, M> {
  return new SeatSight(engine, state, seat);
}

/**
 * The kit's part of a state rebuilt from a view, for a bot's look-ahead:
 * what the view shows, and placeholders for what no view shows and no
 * look-ahead reads (the table's deadlines, the seed) or that a re-deal
 * replaces (the generator).
 */
export function baseFromView(view: SeatView<unknown>): BaseState {
  const pending = view.pending;
  return {
    game: view.game,
    seats: view.seats,
    deadlines: { turnMs: 0, windowMs: 0 },
    pending,
    pendingOpened: pending ? Number(pending.id.slice(1)) : 0,
    finished: view.finished,
    rng: [0, 0, 0, 0],
    seedHash: view.seedHash,
    seed: view.seed ?? '',
  };
}

/** The move the bot of this level makes for `seat` now, chosen from the seat's sight alone. */
export function botMove<S extends BaseState, M, V>(engine: GameEngine<S, M, GameEvent, unknown, V>, level: BotLevel, state: S, seat: Seat, rng: Rng): M {
  return engine.bots[level](sightOf(engine, state, seat), rng);
}
