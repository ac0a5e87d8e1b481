import { rate } from 'openskill';
import { ratingAt, type PoolRating } from './model.js';

/** A person's place in a rated game and their rating in its pool before it. */
export interface RatedEntry {
  readonly place: number;
  readonly before: PoolRating;
}

/**
 * Everyone's rating after a rated game that ended at `at`, in the entries'
 * order: each prior first grown by its inactivity (model.ts), then one
 * Plackett–Luce update (openskill's default model and its default per-game
 * tau) with every player a team of one and the places as ranks, equal places
 * a tie.
 */
export function rateGame(entries: readonly RatedEntry[], at: number): PoolRating[] {
  const priors = entries.map(({ before }) => ratingAt(before, at));
  const updated = rate(
    priors.map(({ mu, sigma }) => [{ mu, sigma }]),
    { rank: entries.map(({ place }) => place) },
  );
  return entries.map(({ place, before }, i) => {
    const [after] = updated[i] ?? [];
    if (!after) throw new Error('openskill returned fewer teams than it was given');
    return { mu: after.mu, sigma: after.sigma, games: before.games + 1, wins: before.wins + (place === 1 ? 1 : 0), lastGameAt: at };
  });
}
