import type { ServiceContext } from '../../service/context.js';
import { readStandingOrders, writeStandingOrders } from '../../service/standing-orders.js';
import { requires } from '../auth.js';
import { AUTHENTICATED, READS_GAME, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { GameIdParam, StandingOrdersBody } from '../schemas.js';

/** The standing-orders routes, in document order. */
export const standingOrderRoutes = {
  read: defineRoute({
    method: 'get',
    path: '/v1/games/{id}/standing-orders',
    operationId: 'getStandingOrders',
    tags: ['play'],
    summary: 'Your standing orders in this game (private to you)',
    description: 'Null orders when you have set none.',
    security: requires('games:read'),
    request: { params: GameIdParam },
    responses: {
      200: jsonResponse('StandingOrders', 'Your standing orders'),
      ...problemResponses([...AUTHENTICATED, ...READS_GAME, 'invalid-request', 'not-seated']),
    },
  }),

  write: defineRoute({
    method: 'put',
    path: '/v1/games/{id}/standing-orders',
    operationId: 'putStandingOrders',
    tags: ['play'],
    summary: 'Answer your windows in advance, e.g. "always decline following Tax"',
    description:
      'Standing orders answer each of your windows the moment it opens (a window open now included), so an asynchronous round does not wait for you. The body is `{"orders": …}` in the game’s own shape; it replaces your previous orders, and `{"orders": null}` clears them. Idempotent by nature.',
    security: requires('games:play'),
    request: { params: GameIdParam, body: jsonBody(StandingOrdersBody) },
    responses: {
      200: jsonResponse('StandingOrders', 'Your standing orders now'),
      ...problemResponses([
        ...AUTHENTICATED,
        ...READS_GAME,
        ...WITH_BODY,
        'not-seated',
        'no-standing-orders',
        'invalid-standing-orders',
        'game-finished',
        'contention',
      ]),
    },
  }),
};

export function mountStandingOrderRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(standingOrderRoutes.read, async (c) => {
    const { player } = c.var;
    return c.json(await readStandingOrders(ctx, player, c.req.valid('param').id), 200);
  });
  mount(standingOrderRoutes.write, async (c) => {
    const { player } = c.var;
    return c.json(await writeStandingOrders(ctx, player, c.req.valid('param').id, c.req.valid('json').orders), 200);
  });
}
