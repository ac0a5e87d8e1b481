import * as z from 'zod';
import type { GameListing } from '../../../core/engine/index.js';
import type { ServiceContext } from '../../service/context.js';
import { readStandingOrders, writeStandingOrders } from '../../service/standing-orders.js';
import { BEARER, requirePlayer, type Api } from '../http.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, mountRoute } from '../route.js';
import { GameIdParam, standingOrdersBody } from '../schemas.js';

const StandingOrdersResponse = z.object({ gameId: z.string(), seat: z.number().int(), orders: z.unknown() }).meta({ id: 'StandingOrders' });

const readRoute = defineRoute({
  method: 'get',
  path: '/v1/games/{id}/standing-orders',
  operationId: 'getStandingOrders',
  tags: ['play'],
  summary: 'Your standing orders in this game (private to you)',
  security: BEARER,
  request: { params: GameIdParam },
  responses: { 200: jsonResponse(StandingOrdersResponse, 'Your standing orders'), ...problemResponses(401, 403, 404, 409) },
});

const writeRoute = (gameIds: readonly string[]) =>
  defineRoute({
    method: 'put',
    path: '/v1/games/{id}/standing-orders',
    operationId: 'putStandingOrders',
    tags: ['play'],
    summary: 'Answer your windows in advance, e.g. "always decline following Tax"',
    description:
      'Standing orders answer each of your windows the moment it opens (a window open now included), so an asynchronous round does not wait for you. Replaces your previous orders; null clears them. Idempotent by nature.',
    security: BEARER,
    request: { params: GameIdParam, body: jsonBody(standingOrdersBody(gameIds)) },
    responses: { 200: jsonResponse(StandingOrdersResponse, 'Your standing orders now'), ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422) },
  });

/** The standing-orders routes; the body documents the orders of the games that take them. */
export const standingOrderRoutes = (games: readonly GameListing[]) => ({
  read: readRoute,
  write: writeRoute(games.filter((g) => g.hasStandingOrders).map((g) => g.meta.id)),
});

export function mountStandingOrderRoutes(app: Api, ctx: ServiceContext): void {
  const routes = standingOrderRoutes(ctx.games);
  mountRoute(app, routes.read, async (c) => {
    const player = await requirePlayer(ctx, c);
    return c.json(await readStandingOrders(ctx, player, c.req.valid('param').id), 200);
  });
  mountRoute(app, routes.write, async (c) => {
    const player = await requirePlayer(ctx, c);
    return c.json(await writeStandingOrders(ctx, player, c.req.valid('param').id, c.req.valid('json').orders), 200);
  });
}
