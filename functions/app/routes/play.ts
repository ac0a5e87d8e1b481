import type { ServiceContext } from '../../service/context.js';
import { readEvents, readLegalMoves, submitMoves, type Answered } from '../../service/play.js';
import { toldTheAuthor } from '../../push/notify/own-commit.js';
import { requires } from '../auth.js';
import { etag, matchesIfNoneMatch, parseIfMatch, requestHash } from '../http.js';
import { KIT_MOVE_PROBLEMS } from '../../service/problems.js';
import { LOG_PAGE } from '../../service/log-page.js';
import { AUTHENTICATED, READS_GAME, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, ETAG_HEADER, jsonBody, jsonResponse, type Mount, NOT_MODIFIED } from '../route.js';
import { ConditionalHeaders, EventsQuery, GameIdParam, MoveHeaders, MovesBody } from '../schemas.js';

/** The play routes, in document order. */
export const playRoutes = {
  legalMoves: defineRoute({
    operationId: 'listLegalMoves',
    method: 'get',
    path: '/v1/games/{id}/moves',
    tags: ['play'],
    summary: 'Your legal moves now, each submittable exactly as listed',
    description:
      'Overdue deadlines are resolved first. Empty when nothing is awaited from you. With `If-None-Match` set to the current ETag, answers 304 without a body.',
    security: requires('games:read'),
    request: { params: GameIdParam, headers: ConditionalHeaders },
    responses: {
      200: jsonResponse('LegalMoves', 'Your legal moves (empty when nothing is awaited from you)', ETAG_HEADER),
      ...NOT_MODIFIED,
      ...problemResponses([...AUTHENTICATED, ...READS_GAME, 'invalid-request']),
    },
  }),

  submit: defineRoute({
    operationId: 'submitMoves',
    method: 'post',
    path: '/v1/games/{id}/moves',
    tags: ['play'],
    summary: 'Play one move or an ordered batch, atomically',
    description:
      'Overdue deadlines are resolved first. With If-Match, a game that moved on answers 409 `version-mismatch`; without it, a lost race is re-decided on the fresh state. A retry with the same Idempotency-Key and body returns the first answer. A refused move answers its game’s code; `moveIndex` says which move of a batch.',
    security: requires('games:play'),
    request: { params: GameIdParam, headers: MoveHeaders, body: jsonBody(MovesBody) },
    responses: {
      200: jsonResponse('MoveAnswer', 'The commit your moves produced', ETAG_HEADER),
      ...problemResponses(
        [
          ...AUTHENTICATED,
          ...READS_GAME,
          ...WITH_BODY,
          'invalid-if-match',
          'not-seated',
          'game-not-started',
          'version-mismatch',
          'idempotency-key-reused',
          'contention',
        ],
        Object.entries(KIT_MOVE_PROBLEMS).map(([code, { status }]) => ({ code, status })),
      ),
    },
  }),

  events: defineRoute({
    method: 'get',
    operationId: 'readEvents',
    path: '/v1/games/{id}/events',
    tags: ['play'],
    summary: 'Your redacted event log after a cursor; long-poll with `wait`',
    description: `Commits after version \`after\`, each with the events you may see: at most ${LOG_PAGE.commits} and about ${LOG_PAGE.bytes / 1_000_000} MB of JSON (always at least one); \`more\` says whether others follow (ask again with \`after\` set to \`next\`). With \`wait\`, holds the request until a commit arrives or the wait ends. An \`after\` beyond the game’s version answers 400 \`cursor-out-of-range\`.`,
    security: requires('games:read'),
    request: { params: GameIdParam, query: EventsQuery },
    responses: {
      200: jsonResponse('Events', 'Commits after the cursor, as you may see them'),
      ...problemResponses([...AUTHENTICATED, ...READS_GAME, 'invalid-request', 'cursor-out-of-range']),
    },
  }),
};

/** A move's, an undo's or a reclaim's answer (MoveAnswer): the service's, with the notifications its commit tells the caller. */
export async function moveAnswerBody(ctx: ServiceContext, { answer, made }: Answered) {
  return { ...answer, notifications: await toldTheAuthor(ctx, made) };
}

export function mountPlayRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(playRoutes.legalMoves, async (c) => {
    const { player } = c.var;
    const answer = await readLegalMoves(ctx, player, c.req.valid('param').id);
    c.header('ETag', etag(answer.version));
    if (matchesIfNoneMatch(c.req.valid('header')['if-none-match'], answer.version)) return c.body(null, 304);
    return c.json(answer, 200);
  });

  mount(playRoutes.submit, async (c) => {
    const { player } = c.var;
    const headers = c.req.valid('header');
    const body = c.req.valid('json');
    const answer = await moveAnswerBody(
      ctx,
      await submitMoves(ctx, player, c.req.valid('param').id, {
        moves: body.moves,
        ifMatch: parseIfMatch(headers['if-match']),
        idempotencyKey: headers['idempotency-key'] ?? null,
        requestHash: requestHash(c, body),
      }),
    );
    c.header('ETag', etag(answer.version));
    return c.json(answer, 200);
  });

  mount(playRoutes.events, async (c) => {
    const { player } = c.var;
    const { after, wait } = c.req.valid('query');
    return c.json(await readEvents(ctx, player, c.req.valid('param').id, after, wait), 200);
  });
}
