import { setTimeout } from 'node:timers/promises';
import { isProvisional, NEW_RATING, ratedOutcome, rateGame, type FinalOccupant, type Placing, type PoolRating } from '../../core/ratings/index.js';
import type { PlayerRating, RatedGame } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import type { LiveGame } from './live-game.js';

/** How many times a rating write that met a rating moved meanwhile (another game of the same player ending) is re-read and re-made. */
const RATING_ATTEMPTS = 8;

/** Who sat where when the game ended, as ratings read it: a seat still empty cannot end a game. */
function finalOccupants(live: LiveGame): FinalOccupant[] {
  return live.header.seats.map((occupant) => (occupant.kind === 'player' ? { kind: 'person', playerId: occupant.playerId } : { kind: 'bot' }));
}

/**
 * Rates a finished game, exactly once: the record of its end and every
 * rating it changes are one conditional write keyed on the game id
 * (`recordRatedGame`), so a second run (the end processed twice, or a repair
 * after a crash: pipeline.ts rates before it marks the header finished, and
 * any later load of a game whose header is not finished runs the end again)
 * finds the record and writes nothing. A rating that moved between the read
 * and the write (another game of the same player ended) is read and the
 * update made again. `endedAt` is the final commit's instant: inactivity is
 * measured to it, and replaying the records in order rebuilds every pool.
 */
export async function rateFinishedGame(ctx: ServiceContext, live: LiveGame, endedAt: number): Promise<void> {
  const { header, state } = live;
  if (!state?.finished) throw new Error(`rateFinishedGame before ${header.gameId} ended`);
  const outcome = ratedOutcome({
    rated: header.rated === true,
    seats: finalOccupants(live),
    score: live.engine.score(state),
    replaced: state.absence?.replaced ?? [],
  });
  if (!outcome.rated) return;
  for (let attempt = 0; attempt < RATING_ATTEMPTS; attempt++) {
    if (attempt > 0) await setTimeout(Math.random() * 10 * 2 ** attempt);
    const stored = await ctx.store.getRatings(
      header.game,
      outcome.placings.map((p) => p.playerId),
    );
    const { record, ratings } = ratedGame(live, outcome.placings, stored, endedAt);
    if ((await ctx.store.recordRatedGame(record, ratings)) !== 'stale') return;
  }
  throw fail('contention', { over: 'ratings' });
}

/** The record of a game's end and each rating after it, from the ratings stored before it. */
function ratedGame(
  live: LiveGame,
  placings: readonly Placing[],
  stored: ReadonlyMap<string, PlayerRating>,
  endedAt: number,
): { record: RatedGame; ratings: PlayerRating[] } {
  const { header } = live;
  const befores = placings.map((p): PoolRating => poolRating(stored.get(p.playerId)));
  const afters = rateGame(
    placings.map((p, i) => ({ place: p.place, before: befores[i] as PoolRating })),
    endedAt,
  );
  const ratings = placings.map((p, i): PlayerRating => {
    const after = afters[i] as PoolRating;
    const seat = header.seats[p.seat];
    return {
      ...after,
      playerId: p.playerId,
      game: header.game,
      name: seat?.kind === 'player' ? seat.name : p.playerId,
      listed: !isProvisional(after),
      revision: (stored.get(p.playerId)?.revision ?? 0) + 1,
    };
  });
  const changes = placings.map((p, i) => ({ ...p, before: befores[i] as PoolRating, after: afters[i] as PoolRating }));
  return { record: { gameId: header.gameId, game: header.game, at: endedAt, changes }, ratings };
}

/** The rating part of a stored rating, or the prior for a player new to the pool. */
export function poolRating(stored: PlayerRating | undefined): PoolRating {
  if (!stored) return NEW_RATING;
  const { mu, sigma, games, wins, lastGameAt } = stored;
  return { mu, sigma, games, wins, lastGameAt };
}
