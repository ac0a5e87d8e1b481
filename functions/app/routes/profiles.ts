import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { profileOf } from '../../service/profiles.js';
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
};

export function mountProfileRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(profileRoutes.get, async (c) => c.json(await profileOf(ctx, c.req.valid('param').id), 200));
}
