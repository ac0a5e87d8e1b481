import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { LEADERBOARD_PAGE, leaderboard } from '../../service/leaderboards.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, type Mount } from '../route.js';
import { GameNameParam } from '../schemas.js';

export const LeaderboardQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LEADERBOARD_PAGE)
    .default(LEADERBOARD_PAGE)
    .meta({ param: { name: 'limit', in: 'query' }, description: `Entries per page: 1–${LEADERBOARD_PAGE}, default ${LEADERBOARD_PAGE}.` }),
  cursor: z
    .string()
    .max(400)
    .optional()
    .meta({ param: { name: 'cursor', in: 'query' }, description: 'The `next` of an earlier page of the same leaderboard.' }),
});

/** The leaderboard routes, in document order. */
export const leaderboardRoutes = {
  get: defineRoute({
    method: 'get',
    operationId: 'getLeaderboard',
    security: [],
    path: '/v1/leaderboards/{game}',
    tags: ['ratings'],
    summary: "A game's leaderboard: the top 100 established ratings, then a cursor",
    description:
      'Needs no token. Each game has its own pool of ratings (OpenSkill, Plackett–Luce; README, ratings). Ranked by the conservative rating mu − 3·sigma; provisional ratings (fewer than 5 rated games, or sigma above 7.5, inactivity included) are left out. Read from an index, eventually consistent: a game that just ended shows within a moment.',
    request: { params: GameNameParam, query: LeaderboardQuery },
    responses: {
      200: jsonResponse('Leaderboard', 'A page of the leaderboard'),
      ...problemResponses(['invalid-request', 'invalid-cursor', 'unknown-game']),
    },
  }),
};

export function mountLeaderboardRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(leaderboardRoutes.get, async (c) => {
    const { game } = c.req.valid('param');
    const { limit, cursor } = c.req.valid('query');
    return c.json(await leaderboard(ctx, game, cursor ?? null, limit), 200);
  });
}
