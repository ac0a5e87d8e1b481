import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { listOpenGames } from '../../service/open-games.js';
import { requires } from '../auth.js';
import { AUTHENTICATED } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, type Mount } from '../route.js';
import { PageLimit } from '../schemas.js';

const OpenGamesQuery = z.object({
  game: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'game', in: 'query' }, description: 'A game of GET /v1/games/catalog, e.g. `village-pillage`.', example: 'village-pillage' }),
  limit: PageLimit,
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'cursor', in: 'query' }, description: 'The `next` of an earlier page of the same list.' }),
});

/** The open-games routes, in document order. */
export const openGameRoutes = {
  list: defineRoute({
    method: 'get',
    operationId: 'listOpenGames',
    path: '/v1/games/open',
    tags: ['games'],
    summary: 'Games with free seats anyone may join, newest first',
    description:
      'Games created with `visibility: "open"` whose seats are not all taken, a page at a time (`cursor`), but those where a player you block, or who blocks you, sits (you could never join them; a page may then come shorter, and `next` goes on). Read from an index, eventually consistent: a game filled a moment ago may still be listed, and joining it answers `game-full`.',
    security: requires('games:read'),
    request: { query: OpenGamesQuery },
    responses: {
      200: jsonResponse('OpenGames', 'A page of open games'),
      ...problemResponses([...AUTHENTICATED, 'invalid-request', 'invalid-cursor', 'unknown-game']),
    },
  }),
};

/** Mounted before the games routes: `/v1/games/open` is not a game id. */
export function mountOpenGameRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(openGameRoutes.list, async (c) => {
    const { game, limit, cursor } = c.req.valid('query');
    return c.json(await listOpenGames(ctx, c.var.player, game, cursor ?? null, limit), 200);
  });
}
