import type * as z from 'zod';
import type { Seat } from './pending.js';
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

/** A bot chooses one move for a seat that may act; it has its own generator. */
export type Bot<S, M> = (state: S, seat: Seat, rng: Rng) => M;
export type BotLevel = 'random' | 'greedy';

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
export interface GameEngine<S extends BaseState, M, E extends GameEvent, O> extends Folding<S, E> {
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
  view(state: S, viewer: Seat | null): unknown;
  /** The event as this viewer may see it, or null to hide it entirely. */
  redactEvent(event: E, viewer: Seat | null): unknown;
  score(state: S): ScoreSheet;
  readonly bots: Readonly<Record<BotLevel, Bot<S, M>>>;
  readonly standingOrders?: StandingOrders<S, M, unknown>;
  /** Whether this event reveals something hidden (a draw, a hidden card turned up): a commit holding one cannot be undone (core/table/undo.ts). */
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
export type AnyGameEngine = GameEngine<any, any, any, any>;
