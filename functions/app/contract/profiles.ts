/** The documented shape of a player's profile. */
import * as z from 'zod';
import { Count, Instant } from './common.js';
import { RATING_EXAMPLE, RatingView } from './ratings.js';

const Reliability = z
  .number()
  .int()
  .min(0)
  .max(100)
  .nullable()
  .describe('Percent of finished games finished without a timeout (so never handed to the replacement bot), rounded down; null before the first.');

export const Profile = z
  .object({
    playerId: z.string(),
    name: z.string(),
    kind: z.enum(['person', 'bot']).describe('A bot account is a program, answered for by a person: show it as one.'),
    memberSince: Instant,
    reliability: Reliability,
    games: z
      .array(
        z
          .object({
            game: z.string().describe('A game of GET /v1/games/catalog.'),
            rating: RatingView.nullable().describe('The rating in this game’s pool; null before the first rated game.'),
            played: Count.describe('Games of it finished (rated or not).'),
            won: Count.describe('Of them, those won (alone or shared).'),
            reliability: Reliability,
          })
          .meta({ id: 'ProfileGame' }),
      )
      .describe('One entry per game of the catalog.'),
  })
  .meta({
    id: 'Profile',
    examples: [
      {
        playerId: 'p_7Kq2vLx9',
        name: 'Ann',
        kind: 'person',
        memberSince: '2025-01-12T09:30:00.000Z',
        reliability: 95,
        games: [
          {
            game: 'village-pillage',
            rating: RATING_EXAMPLE,
            played: 14,
            won: 9,
            reliability: 92,
          },
          { game: 'villages-of-valeria', rating: null, played: 1, won: 0, reliability: 100 },
        ],
      },
    ],
  });
