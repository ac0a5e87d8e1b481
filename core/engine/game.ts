import type * as z from 'zod';
import type { Pending, Seat } from './pending.js';
import type { Draft, Folding } from './draft.js';
import type { Rejection } from './rejection.js';
import type { Rng } from './rng.js';
import type { BaseState, GameEvent, GameInit } from './state.js';

/** A command is either a player's move or the engine's own default on a deadline. */
export type Command =
  | { readonly type: 'move'; readonly seat: Seat; readonly move: unknown; readonly at: number }
  | { readonly type: 'timeout'; readonly at: number; /** guards against stale timers */ readonly pendingId?: string };

/** End-of-game (or running) score sheet. */
export interface ScoreSheet {
  /** Final score per seat, in seat order. */
  readonly scores: number[];
  /** Seats sharing first place after every tie-break (empty while running). */
  readonly winners: Seat[];
  /** Per-seat breakdown, game-specific. */
  readonly details?: unknown[];
  /** Game-specific verdict, e.g. the VoV solo rank. */
  readonly verdict?: string;
  /** Turns (or rounds, where everyone plays at once) played so far. */
  readonly turns: number;
}

export type BotLevel = 'random' | 'greedy';

/** What a viewer sees of a game (`viewFor`): the kit's public fields, and the game's view of its board. */
export interface SeatView<V = unknown> {
  readonly game: string;
  readonly seats: number;
  /** The viewer (null: a spectator). */
  readonly you: Seat | null;
  readonly finished: boolean;
  readonly pending: Pending | null;
  readonly awaiting: Seat[];
  readonly seedHash: string;
  /** Once the game is over. */
  readonly seed?: string;
  readonly score?: ScoreSheet;
  readonly board: V;
}

/**
 * What a bot is given to choose a move: its seat's view and the moves that
 * seat may send (which the seat knows), never the state. Whatever a bot
 * cannot see it must guess: bots that look ahead rebuild a state from the
 * view and deal what it hides at random (`GameEngine.redeal`).
 */
export interface Sight<V, M> {
  readonly seat: Seat;
  /** The seat's view, computed when first read (a random bot never reads it). */
  readonly view: SeatView<V>;
  readonly legal: readonly M[];
}

/** A bot chooses one of its seat's moves from what the seat sees; it has its own generator, seeded by public data. */
export type Bot<V, M> = (sight: Sight<V, M>, rng: Rng) => M;

/**
 * A game's bots, by level. Methods, so an engine whose view has its own type
 * still passes where any view is expected (the kit hands each bot the view
 * its own engine made).
 */
export interface Bots<V, M> {
  random(sight: Sight<V, M>, rng: Rng): M;
  greedy(sight: Sight<V, M>, rng: Rng): M;
}

/** Descriptive facts a lobby shows. */
export interface GameMeta {
  readonly id: string;
  readonly title: string;
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly summary: string;
  readonly variants: readonly { readonly id: string; readonly description: string }[];
}

/**
 * The engine contract. Everything is pure and deterministic: the same state
 * and command give the same events on any machine.
 *
 * The kit keeps one draft per command (`clone` once, `evolve` folding each
 * event in place as it is emitted); `decide*` change the draft only by
 * emitting events through it, and its state becomes the command's result.
 */
export interface GameEngine<S extends BaseState, M, E extends GameEvent, O, V = unknown> extends Folding<S, E> {
  readonly meta: GameMeta;
  /**
   * Bumped whenever the game's event vocabulary changes. Every stored game
   * records the version it was created with; this build replays only logs
   * of its own version.
   */
  readonly engineVersion: number;
  readonly optionsSchema: z.ZodType<O>;
  readonly moveSchema: z.ZodType<M>;
  setup(init: GameInit<O>): S;
  legalMoves(state: S, seat: Seat): M[];
  /** Emits the move's events into the draft, or refuses it (then the draft is thrown away). */
  decideMove(draft: Draft<S, E>, seat: Seat, move: M): Rejection | null;
  /** The default resolution of `draft.state.pending` once it is overdue; always succeeds. */
  decideTimeout(draft: Draft<S, E>): void;
  /** What this viewer may see (null = spectator). Must not include `seed` or `rng`. */
  view(state: S, viewer: Seat | null): V;
  /**
   * What of the once-hidden things (cards dealt face down, hand cards) this
   * viewer's view shows, wherever they lie now: each thing's identity once,
   * as a multiset. A commit after which a viewer's multiset holds something it
   * did not before showed them something new: it cannot be undone
   * (core/table/undo.ts).
   */
  shown(state: S, viewer: Seat | null): readonly string[];
  /**
   * The state with everything this viewer cannot see dealt again from this
   * generator (face-down decks and stacks, other players' hands, others'
   * secret submissions, the game's generator): a state the viewer cannot tell
   * from `state`, their view being the same. Property tests vary hidden parts
   * with it; bots fill in what their view hides with it.
   */
  redeal(state: S, viewer: Seat | null, rng: Rng): S;
  /** The event as this viewer may see it, or null to hide it entirely. */
  redactEvent(event: E, viewer: Seat | null): unknown;
  score(state: S): ScoreSheet;
  /** Bots choose from their seat's view alone (bots.ts: `botMove` gives them nothing else). */
  readonly bots: Bots<V, M>;
  readonly standingOrders?: StandingOrders<S, M, unknown>;
  /** Whether this event reveals something hidden (a draw, a hidden card turned up): a commit holding one cannot be undone (core/table/undo.ts), whatever the views say. */
  reveals?(event: E): boolean;
  /**
   * Whether a turn takes several moves of one seat at the same step (Card
   * Kingdoms' two actions), which a client plans together and sends as one
   * batch: the moves route then lists what may follow each move in that
   * batch (`followUps`, functions/service/follow-ups.ts).
   */
  readonly batchesTurn?: boolean;
  /** The game's card catalog, as data: served to clients, which show cards from it (`GET /v1/games/catalog/{game}/cards`). */
  readonly catalog?: unknown;
}

/**
 * Standing orders: answers a player sets in advance ("always decline following
 * Tax") so their windows close at once instead of waiting for them — the main
 * cure for slow asynchronous rounds. Optional per game.
 */
export interface StandingOrders<S, M, P> {
  readonly schema: z.ZodType<P>;
  /** The move these preferences make for `seat` now, or null to let the player answer. */
  answer(state: S, seat: Seat, preferences: P): M | null;
}

/** The registry's element type: the service handles every game through this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- existential over each game's own types
export type AnyGameEngine = GameEngine<any, any, any, any, any>;
