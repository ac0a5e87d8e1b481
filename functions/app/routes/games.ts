import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { DEADLINE_PRESETS } from '../../service/deadlines.js';
import { once } from '../../service/idempotency.js';
import { listMyGames } from '../../service/inbox.js';
import { addBot, catalog, createGame, joinGame } from '../../service/lobby.js';
import { readGame, verifyGame } from '../../service/play.js';
import { publicHeader } from '../../service/present.js';
import { BEARER, etag, requestHash, requirePlayer, type Api } from '../http.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, mountRoute, optionalJsonBody } from '../route.js';
import {
  BotBody,
  CatalogResponse,
  CreateGameBody,
  GameHeaderResponse,
  GameIdParam,
  GameViewResponse,
  IdempotencyHeaders,
  InboxQuery,
  InboxResponse,
  JoinBody,
  VerifyResponse,
} from '../schemas.js';

/** The games routes, in document order. */
export const gameRoutes = {
  catalog: defineRoute({
    method: 'get',
    operationId: 'getCatalog',
    security: [],
    path: '/v1/games/catalog',
    tags: ['games'],
    summary: 'The games offered: player counts, variants and option schemas',
    responses: { 200: jsonResponse(CatalogResponse, 'The catalog') },
  }),

  create: defineRoute({
    method: 'post',
    operationId: 'createGame',
    path: '/v1/games',
    tags: ['games'],
    summary: 'Create a game; it starts when every seat is taken',
    security: BEARER,
    request: { headers: IdempotencyHeaders, body: jsonBody(CreateGameBody) },
    responses: { 201: jsonResponse(GameHeaderResponse, 'The new game'), ...problemResponses(400, 401, 413, 415, 422) },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listMyGames',
    path: '/v1/games',
    tags: ['games'],
    summary: 'Your games: those awaiting your move first, nearest deadline first',
    security: BEARER,
    request: { query: InboxQuery },
    responses: { 200: jsonResponse(InboxResponse, 'Your inbox'), ...problemResponses(400, 401) },
  }),

  get: defineRoute({
    method: 'get',
    operationId: 'getGame',
    path: '/v1/games/{id}',
    tags: ['games'],
    summary: 'Your view of a game (a spectator view without a seat); ETag = version',
    security: BEARER,
    request: { params: GameIdParam },
    responses: { 200: jsonResponse(GameViewResponse, 'The game as you may see it'), ...problemResponses(401, 404, 409) },
  }),

  join: defineRoute({
    method: 'post',
    operationId: 'joinGame',
    path: '/v1/games/{id}/join',
    tags: ['games'],
    summary: 'Take a seat (the one asked for, or the first empty one)',
    security: BEARER,
    request: { params: GameIdParam, headers: IdempotencyHeaders, body: optionalJsonBody(JoinBody) },
    responses: { 200: jsonResponse(GameHeaderResponse, 'The game with you seated'), ...problemResponses(400, 401, 404, 409, 413, 415, 422) },
  }),

  bot: defineRoute({
    method: 'post',
    operationId: 'addBot',
    path: '/v1/games/{id}/bots',
    tags: ['games'],
    summary: 'Fill a seat with a bot (creator only)',
    security: BEARER,
    request: { params: GameIdParam, headers: IdempotencyHeaders, body: jsonBody(BotBody) },
    responses: { 200: jsonResponse(GameHeaderResponse, 'The game with the bot seated'), ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422) },
  }),

  verify: defineRoute({
    method: 'get',
    operationId: 'verifyGame',
    path: '/v1/games/{id}/verify',
    tags: ['games'],
    summary: 'After the end: the seed, its hash and the full log, to replay and check',
    security: BEARER,
    request: { params: GameIdParam },
    responses: { 200: jsonResponse(VerifyResponse, 'Everything needed to replay the game'), ...problemResponses(401, 404, 409) },
  }),
};

export function mountGameRoutes(app: Api, ctx: ServiceContext): void {
  mountRoute(app, gameRoutes.catalog, (c) =>
    c.json(
      {
        games: catalog(ctx).map(({ optionsSchema, ...meta }) => ({
          ...meta,
          variants: [...meta.variants],
          options: z.toJSONSchema(optionsSchema, { io: 'input' }),
        })),
        deadlinePresets: DEADLINE_PRESETS,
      },
      200,
    ),
  );

  mountRoute(app, gameRoutes.create, async (c) => {
    const player = await requirePlayer(ctx, c);
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:create-game`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 201,
      body: publicHeader(await createGame(ctx, player, body)),
    }));
    return c.json(answer.body, 201);
  });

  mountRoute(app, gameRoutes.list, async (c) => {
    const player = await requirePlayer(ctx, c);
    const query = c.req.valid('query');
    return c.json(
      await listMyGames(ctx, player, { status: query.status, awaitingMe: query.awaiting === 'me', limit: query.limit, cursor: query.cursor ?? null }),
      200,
    );
  });

  mountRoute(app, gameRoutes.get, async (c) => {
    const player = await requirePlayer(ctx, c);
    const view = await readGame(ctx, player, c.req.valid('param').id);
    c.header('ETag', etag(view.version));
    return c.json(view as z.infer<typeof GameViewResponse>, 200);
  });

  mountRoute(app, gameRoutes.join, async (c) => {
    const player = await requirePlayer(ctx, c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:join:${id}`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 200,
      body: publicHeader(await joinGame(ctx, player, id, body.seat)),
    }));
    return c.json(answer.body, 200);
  });

  mountRoute(app, gameRoutes.bot, async (c) => {
    const player = await requirePlayer(ctx, c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:bot:${id}`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 200,
      body: publicHeader(await addBot(ctx, player, id, body.level, body.seat)),
    }));
    return c.json(answer.body, 200);
  });

  mountRoute(app, gameRoutes.verify, async (c) => {
    await requirePlayer(ctx, c);
    return c.json((await verifyGame(ctx, c.req.valid('param').id)) as z.infer<typeof VerifyResponse>, 200);
  });
}
