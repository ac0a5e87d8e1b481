import type * as z from 'zod';
import type { AnyGameEngine, GameMeta } from './game.js';

/**
 * A game as the registry lists it: what the lobby and the catalog need, and
 * its engine, loaded when a game of it is first played — so a cold start pays
 * only for the games it serves, however many the service offers.
 */
export interface GameListing {
  readonly meta: GameMeta;
  readonly optionsSchema: z.ZodType;
  readonly hasStandingOrders: boolean;
  /** The engine's version (`GameEngine.engineVersion`), known before the engine is loaded. */
  readonly engineVersion: number;
  engine(): Promise<AnyGameEngine>;
}

/** A listing whose engine module is imported on first use, once. */
export function lazyListing(about: Omit<GameListing, 'engine'>, load: () => Promise<AnyGameEngine>): GameListing {
  let loading: Promise<AnyGameEngine> | undefined;
  return { ...about, engine: () => (loading ??= load()) };
}

/** A listing of an engine already in memory (test fixtures, tools). */
export function listingOf(engine: AnyGameEngine): GameListing {
  return {
    meta: engine.meta,
    optionsSchema: engine.optionsSchema,
    hasStandingOrders: engine.standingOrders !== undefined,
    engineVersion: engine.engineVersion,
    engine: async () => engine,
  };
}
