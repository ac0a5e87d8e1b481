import { setTimeout } from 'node:timers/promises';
// The model and places only: openskill (update.js) loads with the first rated end, not into every cold start.
import { isProvisional, NEW_RATING, type PoolRating } from '../../core/ratings/model.js';
import { ratedOutcome, type FinalOccupant, type Placing } from '../../core/ratings/places.js';
import { seatsThatTimedOut } from '../../core/table/index.js';
import type { GameEnd, PlayerRating, SeatTally } from '../store/port.js';
import type { ServiceContext } from './context.js';
import type { LiveGame } from './live-game.js';
import { LOG_PAGE } from './log-page.js';

/**
 * How many times an end whose write met a rating moved meanwhile (another
 * game of the same player ending) is re-read and re-made, with full jitter
 * under a ceiling of 400 ms: a burst of ends of the same players (a server
 * back from downtime resolving fifty of their games at once) spreads out
 * instead of colliding again in lockstep, over about six seconds at worst.
 */
const END_ATTEMPTS = 20;
const END_BACKOFF_CEILING_MS = 400;

/** Who sat where when the game ended, as ratings read it: a bot account is a bot, never rated in people's pools; a seat still empty cannot end a game. */
function finalOccupants(live: LiveGame): FinalOccupant[] {
  return live.header.seats.map((occupant) =>
    occupant.kind === 'player' && !occupant.botAccount ? { kind: 'person', playerId: occupant.playerId } : { kind: 'bot' },
  );
}

/**
 * Records a finished game's end, exactly once: each person's tally (for
 * reliability: finished, and finished without a timeout) and, when the game
 * is rated, every rating it changes, written with the record in one
 * conditional write keyed on the game id (`recordGameEnd`). A second run (the
 * end processed twice, or a repair after a crash: pipeline.ts records the end
 * before it marks the header finished, and any later load of a game whose
 * header is not finished runs the end again) finds the record and writes
 * nothing. A rating that moved between the read and the write (another game
 * of the same player ended) is read and the update made again; after the last
 * attempt the end is left `contended`, for the next load to make. `endedAt` is
 * the final commit's instant: inactivity is measured to it, and replaying the
 * records in order rebuilds every pool.
 */
export async function recordGameEnd(ctx: ServiceContext, live: LiveGame, endedAt: number): Promise<'recorded' | 'contended'> {
  const { header, state } = live;
  if (!state?.finished) throw new Error(`recordGameEnd before ${header.gameId} ended`);
  const occupants = finalOccupants(live);
  if (!occupants.some((o) => o.kind === 'person')) return 'recorded';
  const score = live.engine.score(state);
  const tallies = await talliesOf(ctx, live, score.winners);
  const outcome = ratedOutcome({ rated: header.rated === true, seats: occupants, score, replaced: state.absence?.replaced ?? [] });
  const placings = outcome.rated ? outcome.placings.filter(kept(live)) : [];
  for (let attempt = 0; attempt < END_ATTEMPTS; attempt++) {
    if (attempt > 0) await setTimeout(Math.random() * Math.min(END_BACKOFF_CEILING_MS, 10 * 2 ** attempt));
    const stored =
      placings.length === 0
        ? new Map<string, PlayerRating>()
        : await ctx.store.getRatings(
            header.game,
            placings.map((p) => p.playerId),
          );
    const { changes, ratings } = await rated(live, placings, stored, endedAt);
    const record: GameEnd = { gameId: header.gameId, game: header.game, at: endedAt, tallies, changes };
    if ((await ctx.store.recordGameEnd(record, ratings)) !== 'stale') return 'recorded';
  }
  return 'contended';
}

/**
 * The placings whose ratings are written: a player who deleted their account
 * mid-game still counts as an absent last place for the others (as someone
 * who resigned), but has no rating to change.
 */
function kept(live: LiveGame) {
  return (placing: Placing) => {
    const occupant = live.header.seats[placing.seat];
    return !(occupant?.kind === 'player' && occupant.deleted);
  };
}

/**
 * Each person's seat, whether it won, and whether it finished without a
 * timeout: read from the whole log once, unless the state holds no absence —
 * every timeout that defaults a player's part leaves an `absence` event, so a
 * game without one never timed anyone out (most games: no read at all).
 */
async function talliesOf(ctx: ServiceContext, live: LiveGame, winners: readonly number[]): Promise<SeatTally[]> {
  const timedOut = new Set<number>();
  for (let after = 0; live.state?.absence && after < live.version;) {
    const commits = await ctx.store.readCommits(live.header.gameId, after, LOG_PAGE.commits);
    if (commits.length === 0) break;
    for (const seat of seatsThatTimedOut(commits.flatMap((c) => c.events))) timedOut.add(seat);
    after = commits.at(-1)?.seq ?? live.version;
  }
  // A deleted account keeps no tally: nothing is written under its id again.
  return live.header.seats.flatMap((occupant, seat) =>
    occupant.kind === 'player' && !occupant.deleted ? [{ playerId: occupant.playerId, seat, clean: !timedOut.has(seat), won: winners.includes(seat) }] : [],
  );
}

/** Each rating after a rated game, and the changes the record keeps, from the ratings stored before it. */
async function rated(live: LiveGame, placings: readonly Placing[], stored: ReadonlyMap<string, PlayerRating>, endedAt: number) {
  const { header } = live;
  const { rateGame } = await import('../../core/ratings/update.js');
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
  return { changes, ratings };
}

/** The rating part of a stored rating, or the prior for a player new to the pool. */
export function poolRating(stored: PlayerRating | undefined): PoolRating {
  if (!stored) return NEW_RATING;
  const { mu, sigma, games, wins, lastGameAt } = stored;
  return { mu, sigma, games, wins, lastGameAt };
}
