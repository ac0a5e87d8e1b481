/**
 * A player's rating in one game's pool, and what time does to it. Weng-Lin
 * (OpenSkill) ratings are a belief about skill: a mean `mu` and an
 * uncertainty `sigma`, starting at openskill's defaults (25 and 25/3).
 */
export interface PoolRating {
  readonly mu: number;
  readonly sigma: number;
  /** Rated games played in this pool. */
  readonly games: number;
  /** Of them, those finished in first place (alone or shared). */
  readonly wins: number;
  /** The end of the player's latest rated game here, epoch ms; null before the first. */
  readonly lastGameAt: number | null;
}

/**
 * Everyone's start in every pool: openskill's prior (mu 25, sigma 25/3), which its `rate` assumes too. Written
 * out, not asked of the package, so what only ranks ratings (store keys, views) never loads it; a test holds the two equal.
 */
export const NEW_RATING: PoolRating = { mu: 25, sigma: 25 / 3, games: 0, wins: 0, lastGameAt: null };

/**
 * Inactivity: the variance grows by DRIFT² a day since the latest rated
 * game, never past the prior's sigma. With 0.25, a year away adds 22.8 to
 * sigma²: an established player at sigma 6 comes back at 7.7 — provisional
 * again — while one at 4.5 (thirty-odd games) comes back at 6.6.
 */
export const DRIFT_PER_SQRT_DAY = 0.25;

const DAY_MS = 86_400_000;

/** The rating as of `at`: its uncertainty grown by the time since its latest game. */
export function ratingAt(rating: PoolRating, at: number): PoolRating {
  if (rating.lastGameAt === null || at <= rating.lastGameAt) return rating;
  const days = (at - rating.lastGameAt) / DAY_MS;
  const sigma = Math.min(NEW_RATING.sigma, Math.sqrt(rating.sigma ** 2 + DRIFT_PER_SQRT_DAY ** 2 * days));
  return { ...rating, sigma: Math.max(rating.sigma, sigma) };
}

/** A rating stays provisional (shown with "?", off the leaderboards) until both hold. */
export const ESTABLISHED = {
  /** Rated games in the pool. */
  minGames: 5,
  /** Two-player games bring sigma to about 7.1 after five, four-player games after six or seven. */
  maxSigma: 7.5,
} as const;

export function isProvisional(rating: Pick<PoolRating, 'games' | 'sigma'>): boolean {
  return rating.games < ESTABLISHED.minGames || rating.sigma > ESTABLISHED.maxSigma;
}

/** The conservative estimate shown and ranked: mu − 3·sigma (openskill's `ordinal`), 99.7% sure to be below the true skill. */
export function conservative(rating: Pick<PoolRating, 'mu' | 'sigma'>): number {
  return rating.mu - 3 * rating.sigma;
}
