import * as z from 'zod';
import { cancelSeek, createSeek, listSeeks } from '../../service/automatch.js';
import type { ServiceContext } from '../../service/context.js';
import { once } from '../../service/idempotency.js';
import { requires } from '../auth.js';
import { requestHash } from '../http.js';
import { ASKS_FOR_A_TABLE, AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { IdempotencyHeaders, SeekBody } from '../schemas.js';

const SeekParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'sk_3fQ9aLm2' }),
});

const RULE =
  'Seeks of one pool (same game, seats, time control, options, `rated` and `allowBots`) are seated together in a new game as soon as enough of them are compatible: closest ratings first, each seek accepting a rating difference of 3 (in mu) that widens by 6 an hour as it waits; two players who block one another are never seated together. Each new seek runs a pass at once, and every pool with seeks waiting gets one every 5 minutes. Each seated player is told `game-started`; a seek waits 24 hours at most.';

const SEEK_EXAMPLES = {
  duel: { summary: 'A rated Village Pillage Duel, one move a day', value: { game: 'village-pillage', seats: 2, deadlines: 'daily' } },
  live: {
    summary: 'A four-player Villages of Valeria at the table now, unrated, bot accounts welcome',
    value: { game: 'villages-of-valeria', seats: 4, deadlines: 'live', rated: false, allowBots: true },
  },
} as const;

/** The automatch routes, in document order. */
export const seekRoutes = {
  create: defineRoute({
    method: 'post',
    operationId: 'createSeek',
    path: '/v1/seeks',
    tags: ['automatch'],
    summary: 'Play now: wait in a pool until a table of players like you forms',
    description: `${RULE} Answers the seek as it stands after its own pass: \`seated\` with the \`gameId\` when that pass seated you, otherwise \`waiting\` (watch \`GET /v1/seeks\`, your notifications or the stream for \`game-started\`). A retry with the same Idempotency-Key and body returns the first answer.`,
    security: requires('games:play'),
    request: { headers: IdempotencyHeaders, body: jsonBody(SeekBody, SEEK_EXAMPLES) },
    responses: {
      201: jsonResponse('Seek', 'Your seek, waiting or seated'),
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, 'idempotency-key-reused', ...ASKS_FOR_A_TABLE, 'seek-exists', 'too-many-seeks']),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listSeeks',
    path: '/v1/seeks',
    tags: ['automatch'],
    summary: 'Your seeks, and how many are waiting in each pool',
    description: `${RULE} Lists your seeks, waiting or seated (a seated one names its game until it would have expired), and how many seeks wait per game, seats, time control and rated — never whose.`,
    security: requires('games:read'),
    responses: { 200: jsonResponse('SeekList', 'Your seeks and the pools'), ...problemResponses(AUTHENTICATED) },
  }),

  cancel: defineRoute({
    method: 'delete',
    operationId: 'cancelSeek',
    path: '/v1/seeks/{id}',
    tags: ['automatch'],
    summary: 'Stop waiting',
    description: 'Takes a waiting seek out of its pool. A seek seated already answers `409 seek-seated` with its game.',
    security: requires('games:play'),
    request: { params: SeekParam },
    responses: { 204: { description: 'Cancelled' }, ...problemResponses([...AUTHENTICATED, 'invalid-request', 'seek-not-found', 'seek-seated']) },
  }),
};

export function mountSeekRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(seekRoutes.create, async (c) => {
    const { player } = c.var;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:seek`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 201,
      body: await createSeek(ctx, player, body),
    }));
    return c.json(answer.body, 201);
  });
  mount(seekRoutes.list, async (c) => c.json(await listSeeks(ctx, c.var.player), 200));
  mount(seekRoutes.cancel, async (c) => {
    await cancelSeek(ctx, c.var.player, c.req.valid('param').id);
    return c.body(null, 204);
  });
}
