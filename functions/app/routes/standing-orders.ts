import { createRoute } from '@hono/zod-openapi';
import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { readStandingOrders, writeStandingOrders } from '../../service/standing-orders.js';
import { BEARER, requirePlayer, type Api } from '../http.js';
import { problemResponses } from '../problem.js';
import { GameIdParam, standingOrdersBody } from '../schemas.js';

const StandingOrdersResponse = z.object({ gameId: z.string(), seat: z.number().int(), orders: z.unknown() }).meta({ id: 'StandingOrders' });
const json = { 'application/json': { schema: StandingOrdersResponse } };

const readRoute = createRoute({
  method: 'get',
  path: '/v1/games/{id}/standing-orders',
  operationId: 'getStandingOrders',
  tags: ['play'],
  summary: 'Your standing orders in this game (private to you)',
  security: BEARER,
  request: { params: GameIdParam },
  responses: { 200: { description: 'Your standing orders', content: json }, ...problemResponses(401, 403, 404) },
});

const writeRoute = (gameIds: readonly string[]) =>
  createRoute({
    method: 'put',
    path: '/v1/games/{id}/standing-orders',
    operationId: 'putStandingOrders',
    tags: ['play'],
    summary: 'Answer your windows in advance, e.g. "always decline following Tax"',
    description:
      'Standing orders answer each of your windows the moment it opens (a window open now included), so an asynchronous round does not wait for you. Replaces your previous orders; null clears them. Idempotent by nature.',
    security: BEARER,
    request: { params: GameIdParam, body: { required: true, content: { 'application/json': { schema: standingOrdersBody(gameIds) } } } },
    responses: { 200: { description: 'Your standing orders now', content: json }, ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422) },
  });

export function standingOrderRoutes(app: Api, ctx: ServiceContext): void {
  app.openapi(readRoute, async (c) => {
    const player = await requirePlayer(ctx, c);
    return c.json(await readStandingOrders(ctx, player, c.req.valid('param').id), 200);
  });
  const withOrders = ctx.games.filter((g) => g.hasStandingOrders).map((g) => g.meta.id);
  app.openapi(writeRoute(withOrders), async (c) => {
    const player = await requirePlayer(ctx, c);
    return c.json(await writeStandingOrders(ctx, player, c.req.valid('param').id, c.req.valid('json').orders), 200);
  });
}
