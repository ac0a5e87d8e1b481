/** The documented shapes of ratings and leaderboards (README, ratings). */
import * as z from 'zod';
import { Count, Instant } from './common.js';

const GameName = z.string().describe('A game of GET /v1/games/catalog: each has its own pool of ratings.');

/** A worked example of an established rating, as the leaderboard and profiles show one. */
export const RATING_EXAMPLE = {
  rating: 14.2,
  display: '14.2',
  provisional: false,
  mu: 31.7,
  sigma: 5.83,
  games: 12,
  wins: 8,
  lastGameAt: '2025-03-02T18:04:11.000Z',
} as const;

export const RatingView = z
  .object({
    rating: z.number().describe('The conservative rating shown and ranked: mu − 3·sigma, as of now (uncertainty grown by inactivity).'),
    display: z.string().describe('The rating to one decimal, followed by "?" while provisional.'),
    provisional: z.boolean().describe('Fewer than 5 rated games here, or sigma above 7.5: shown with "?", off the leaderboard.'),
    mu: z.number().describe('The mean of the skill belief (starts at 25).'),
    sigma: z.number().describe('Its uncertainty as of now (starts at 25/3; grows with inactivity).'),
    games: Count.describe('Rated games played in this pool.'),
    wins: Count.describe('Of them, those finished first (alone or shared).'),
    lastGameAt: Instant.nullable().describe('The end of the latest rated game here; null before the first.'),
  })
  .meta({ id: 'Rating' });

export const LeaderboardEntry = z
  .object({
    rank: z.number().int().min(1).describe('1 for the highest rating; entries with equal ratings get consecutive ranks.'),
    playerId: z.string(),
    name: z.string().describe('The player’s name as of their latest rated game.'),
    ...RatingView.shape,
  })
  .meta({ id: 'LeaderboardEntry' });

export const Leaderboard = z
  .object({
    game: GameName,
    entries: z.array(LeaderboardEntry).describe('Established ratings only, highest first.'),
    next: z.string().nullable().describe('Cursor of the next page (`cursor`); null on the last.'),
  })
  .meta({
    id: 'Leaderboard',
    examples: [
      {
        game: 'village-pillage',
        entries: [{ rank: 1, playerId: 'p_7Kq2vLx9', name: 'Ann', ...RATING_EXAMPLE }],
        next: null,
      },
    ],
  });

/** A rating at one instant of a rated end, as the record of that end kept it. */
const RatingAtEnd = z.object({
  rating: z.number().describe('mu − 3·sigma.'),
  mu: z.number(),
  sigma: z.number(),
  games: Count.describe('Rated games played in this pool, this one included after it.'),
});

export const RatingChange = z
  .object({
    playerId: z.string(),
    seat: z.number().int().min(0),
    place: z
      .number()
      .int()
      .min(1)
      .describe('The finishing place rated: 1 for the winners; an absent player (ended under the replacement bot) shares the last.'),
    absent: z.boolean().describe('The seat ended under the replacement bot.'),
    before: RatingAtEnd.describe("The rating the end started from (its uncertainty grown by the time since the player's previous rated game)."),
    after: RatingAtEnd,
  })
  .meta({
    id: 'RatingChange',
    examples: [
      {
        playerId: 'p_7Kq2vLx9',
        seat: 0,
        place: 1,
        absent: false,
        before: { rating: 0, mu: 25, sigma: 8.333333333333334, games: 0 },
        after: { rating: 3.44, mu: 27.64, sigma: 8.07, games: 1 },
      },
    ],
  });
