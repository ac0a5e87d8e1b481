import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { profileOf } from '../../service/profiles.js';
import { RECENT_GAMES_PAGE, recentGamesOf } from '../../service/played-games.js';
import { requires } from '../auth.js';
import { AUTHENTICATED } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, type Mount } from '../route.js';

const PlayerIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'p_7Kq2vLx9' }),
});

const RecentGamesQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(RECENT_GAMES_PAGE)
    .default(RECENT_GAMES_PAGE)
    .meta({ param: { name: 'limit', in: 'query' }, description: `Games per page: 1–${RECENT_GAMES_PAGE}, default ${RECENT_GAMES_PAGE}.` }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'cursor', in: 'query' }, description: 'The `next` of an earlier page of the same list.' }),
});

/** The profile routes, in document order. */
export const profileRoutes = {
  get: defineRoute({
    method: 'get',
    operationId: 'getProfile',
    path: '/v1/players/{id}',
    tags: ['ratings'],
    summary: "A player's profile: name, member since, reliability, and per game their rating and record",
    description:
      'Reliability is the share of finished games finished without a timeout (so never handed to the replacement bot), as Board Game Arena shows it; a table may require a minimum (`table.minReliability`). Ratings are as of now: their uncertainty grows with inactivity (README, ratings). `GET /v1/players/me` stays the check of your own token.',
    security: requires('games:read'),
    request: { params: PlayerIdParam },
    responses: { 200: jsonResponse('Profile', 'The player'), ...problemResponses([...AUTHENTICATED, 'invalid-request', 'player-not-found']) },
  }),

  recentGames: defineRoute({
    method: 'get',
    operationId: 'listRecentGames',
    path: '/v1/players/{id}/games',
    tags: ['ratings'],
    summary: "A player's finished games, newest first: who sat where, whether they won, how their rating moved",
    description:
      'A page at a time (`cursor`), read from the index each game’s end writes. Finished games are public, so anyone signed in may read anyone’s (`me` names yourself); games still running are not listed. `GET /v1/players/{id}/games/export` gives the same games as whole records.',
    security: requires('games:read'),
    request: { params: PlayerIdParam, query: RecentGamesQuery },
    responses: {
      200: jsonResponse('RecentGames', 'A page of finished games'),
      ...problemResponses([...AUTHENTICATED, 'invalid-request', 'invalid-cursor', 'player-not-found']),
    },
  }),
};

export function mountProfileRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(profileRoutes.get, async (c) => c.json(await profileOf(ctx, c.req.valid('param').id), 200));
  mount(profileRoutes.recentGames, async (c) => {
    const { id } = c.req.valid('param');
    const { limit, cursor } = c.req.valid('query');
    return c.json(await recentGamesOf(ctx, id === 'me' ? c.var.player.playerId : id, cursor ?? null, limit), 200);
  });
}
