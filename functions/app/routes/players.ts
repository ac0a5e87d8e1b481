import { isoInstant } from '../../../core/table/index.js';
import type { ServiceContext } from '../../service/context.js';
import { registerPlayer } from '../../service/players.js';
import { ANY_TOKEN } from '../auth.js';
import { ANY_TOKEN_CHECKED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { CreatePlayerBody } from '../schemas.js';

/** The player routes, in document order. */
export const playerRoutes = {
  register: defineRoute({
    method: 'post',
    operationId: 'registerPlayer',
    security: [],
    path: '/v1/players',
    tags: ['players'],
    summary: 'Register a player and receive an API token (shown once)',
    description:
      'Not idempotent by design: the token is never stored (only its hash), so there is no first answer to replay. A retried registration simply creates another player.',
    request: { body: jsonBody(CreatePlayerBody) },
    responses: {
      201: jsonResponse('NewPlayer', 'The new player and their bearer token'),
      ...problemResponses([...WITH_BODY, 'invalid-name', 'store-unavailable']),
    },
  }),

  me: defineRoute({
    method: 'get',
    operationId: 'getMe',
    path: '/v1/players/me',
    tags: ['players'],
    summary: 'The player this token belongs to',
    description: 'Checks a token: the player it belongs to.',
    security: ANY_TOKEN,
    responses: { 200: jsonResponse('Player', 'You'), ...problemResponses(ANY_TOKEN_CHECKED) },
  }),
};

export function mountPlayerRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(playerRoutes.register, async (c) => {
    const body = c.req.valid('json');
    const player = await registerPlayer(ctx, body.name);
    return c.json({ ...player, createdAt: isoInstant(player.createdAt) }, 201);
  });

  mount(playerRoutes.me, async (c) => {
    const { player } = c.var;
    return c.json({ playerId: player.playerId, name: player.name, createdAt: isoInstant(player.createdAt) }, 200);
  });
}
