import type * as z from 'zod';
import type { GameListing } from '../../../core/engine/index.js';
import type { ServiceContext } from '../../service/context.js';
import { readEvents, readLegalMoves, submitMoves } from '../../service/play.js';
import { BEARER, etag, parseIfMatch, requestHash, requirePlayer, type Api } from '../http.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, mountRoute } from '../route.js';
import { EventsQuery, EventsResponse, GameIdParam, LegalMovesResponse, MoveAnswerResponse, MoveHeaders, movesBody } from '../schemas.js';

const legalMovesRoute = defineRoute({
  operationId: 'listLegalMoves',
  method: 'get',
  path: '/v1/games/{id}/moves',
  tags: ['play'],
  summary: 'Your legal moves now, each submittable exactly as listed',
  security: BEARER,
  request: { params: GameIdParam },
  responses: { 200: jsonResponse(LegalMovesResponse, 'Your legal moves (empty when nothing is awaited from you)'), ...problemResponses(401, 404, 409) },
});

const submitRoute = (gameIds: readonly string[]) =>
  defineRoute({
    operationId: 'submitMoves',
    method: 'post',
    path: '/v1/games/{id}/moves',
    tags: ['play'],
    summary: 'Play one move or an ordered batch, atomically',
    description:
      'Overdue deadlines are resolved first. With If-Match, a game that moved on answers 409 `version-mismatch`; without it, a lost race is re-decided on the fresh state. A retry with the same Idempotency-Key and body returns the first answer.',
    security: BEARER,
    request: { params: GameIdParam, headers: MoveHeaders, body: jsonBody(movesBody(gameIds)) },
    responses: { 200: jsonResponse(MoveAnswerResponse, 'The commit your moves produced'), ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422) },
  });

const eventsRoute = defineRoute({
  method: 'get',
  operationId: 'readEvents',
  path: '/v1/games/{id}/events',
  tags: ['play'],
  summary: 'Your redacted event log after a cursor; long-poll with `wait`',
  security: BEARER,
  request: { params: GameIdParam, query: EventsQuery },
  responses: { 200: jsonResponse(EventsResponse, 'Commits after the cursor, as you may see them'), ...problemResponses(400, 401, 404, 409) },
});

/** The play routes, in document order; the moves body documents the moves of the games offered. */
export const playRoutes = (games: readonly GameListing[]) => ({
  legalMoves: legalMovesRoute,
  submit: submitRoute(games.map((g) => g.meta.id)),
  events: eventsRoute,
});

export function mountPlayRoutes(app: Api, ctx: ServiceContext): void {
  const routes = playRoutes(ctx.games);
  mountRoute(app, routes.legalMoves, async (c) => {
    const player = await requirePlayer(ctx, c);
    const answer = await readLegalMoves(ctx, player, c.req.valid('param').id);
    c.header('ETag', etag(answer.version));
    return c.json(answer, 200);
  });

  mountRoute(app, routes.submit, async (c) => {
    const player = await requirePlayer(ctx, c);
    const headers = c.req.valid('header');
    const body = c.req.valid('json');
    const answer = await submitMoves(ctx, player, c.req.valid('param').id, {
      moves: body.moves,
      ifMatch: parseIfMatch(headers['if-match']),
      idempotencyKey: headers['idempotency-key'] ?? null,
      requestHash: requestHash(c, body),
    });
    c.header('ETag', etag(answer.version));
    return c.json(answer as z.infer<typeof MoveAnswerResponse>, 200);
  });

  mountRoute(app, routes.events, async (c) => {
    const player = await requirePlayer(ctx, c);
    const { after, wait } = c.req.valid('query');
    return c.json((await readEvents(ctx, player, c.req.valid('param').id, after, wait)) as z.infer<typeof EventsResponse>, 200);
  });
}
