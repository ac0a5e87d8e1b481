import type * as z from 'zod';
import type { Draft, Folding } from './draft.js';
import type { Bot, GameEngine, ScoreSheet, StandingOrders } from './game.js';
import type { GameListing } from './listing.js';
import type { Seat } from './pending.js';
import type { Rng } from './rng.js';
import type { BaseState, GameEvent, GameInit } from './state.js';
import { awaitedStep, decideByStep, legalByStep, type Move, type StepMap } from './steps.js';

/** What the registry lists of a game before its engine is loaded (its listing.ts), typed by its options. */
export type ListedGame<O> = Omit<GameListing, 'engine' | 'optionsSchema'> & { readonly optionsSchema: z.ZodType<O> };

/**
 * A game, declared once: everything the kit needs to derive the engine the
 * service plays (`GameEngine`). The step table holds what each step accepts,
 * lists, decides and defaults to; the kit turns it into legal moves,
 * decisions (refusing a move the awaited step does not accept as
 * `wrong-step`) and timeouts, and adds the random bot. Its view module says
 * what each viewer sees and which once-hidden things that shows; its re-deal
 * deals again what a viewer cannot see.
 */
export interface GameDefinition<S extends BaseState, M extends Move, E extends GameEvent, O, Step extends string, V> {
  readonly listing: ListedGame<O>;
  readonly moveSchema: z.ZodType<M>;
  setup(init: GameInit<O>): S;
  readonly steps: StepMap<Step, S, M, E>;
  /**
   * How far one timeout runs, when it is more than the awaited step's own
   * default once: `settleStep` plays that default (and may be called again
   * while the game says the timeout goes on).
   */
  overdue?(draft: Draft<S, E>, settleStep: () => void): void;
  readonly fold: Folding<S, E>;
  /** What this viewer may see (null = spectator). Must not include `seed` or `rng`. */
  view(state: S, viewer: Seat | null): V;
  /** What of the once-hidden things a view shows, read from the view itself (see `GameEngine.shown`). */
  shown(view: V): readonly string[];
  /** Everything this viewer cannot see, dealt again (see `GameEngine.redeal`). */
  redeal(state: S, viewer: Seat | null, rng: Rng): S;
  /** The event as this viewer may see it, or null to hide it entirely. */
  redactEvent(event: E, viewer: Seat | null): unknown;
  score(state: S): ScoreSheet;
  /** The greedy bot, which sees what its seat sees (the kit adds a random one). */
  readonly greedyBot: Bot<V, M>;
  readonly standingOrders?: StandingOrders<S, M, unknown>;
  /** Whether this event reveals something hidden: a commit holding one cannot be undone. */
  reveals(event: E): boolean;
  /** A turn of several moves at one step, sent as one batch (see `GameEngine.batchesTurn`). */
  readonly batchesTurn?: boolean;
  /** The game's card catalog, as data (see `GameEngine.catalog`). */
  readonly catalog?: unknown;
}

/** The engine of a game declared once (see `GameDefinition`). */
export function defineGame<S extends BaseState, M extends Move, E extends GameEvent, O, Step extends string, V>(
  game: GameDefinition<S, M, E, O, Step, V>,
): GameEngine<S, M, E, O, V> {
  const { listing, steps, overdue } = game;
  if (listing.hasStandingOrders !== (game.standingOrders !== undefined))
    throw new Error(`${listing.meta.id}: its listing and its engine disagree on standing orders`);
  const legalMoves = (state: S, seat: Seat) => legalByStep(steps, state, seat);
  const play = (draft: Draft<S, E>) => (seat: Seat, move: M) => {
    const refusal = decideByStep(steps, draft, seat, move);
    if (refusal) throw new Error(`${listing.meta.id}: the default ${move.type} move was refused (${refusal.code}): ${refusal.message}`);
  };
  const settleStep = (draft: Draft<S, E>) => awaitedStep(steps, draft.state)?.timeout(draft, play(draft));
  return {
    meta: listing.meta,
    engineVersion: listing.engineVersion,
    optionsSchema: listing.optionsSchema,
    moveSchema: game.moveSchema,
    setup: game.setup,
    legalMoves,
    decideMove: (draft, seat, move) => decideByStep(steps, draft, seat, move),
    decideTimeout: (draft) => (overdue ? overdue(draft, () => settleStep(draft)) : settleStep(draft)),
    clone: game.fold.clone,
    evolve: game.fold.evolve,
    view: game.view,
    shown: (state, viewer) => game.shown(game.view(state, viewer)),
    redeal: game.redeal,
    redactEvent: game.redactEvent,
    score: game.score,
    bots: { random: (sight, rng) => rng.pick(sight.legal), greedy: game.greedyBot },
    ...(game.standingOrders ? { standingOrders: game.standingOrders } : {}),
    reveals: game.reveals,
    ...(game.batchesTurn ? { batchesTurn: true } : {}),
    ...(game.catalog === undefined ? {} : { catalog: game.catalog }),
  };
}
