import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { DEADLINE_PRESETS } from '../../service/deadlines.js';
import { once } from '../../service/idempotency.js';
import { listMyGames } from '../../service/inbox.js';
import { addBot, cardsOf, catalog, createGame, joinGame } from '../../service/lobby.js';
import { readGame, verifyGame } from '../../service/play.js';
import { presentDeadlines, publicHeader } from '../../service/present.js';
import { requires } from '../auth.js';
import { etag, matchesIfNoneMatch, requestHash } from '../http.js';
import { problemResponses } from '../problem.js';
import { defineRoute, ETAG_HEADER, jsonBody, jsonResponse, type Mount, NOT_MODIFIED, optionalJsonBody } from '../route.js';
import { ASKS_FOR_A_TABLE, AUTHENTICATED, READS_GAME, WITH_BODY } from '../problem-codes.js';
import {
  BotBody,
  ConditionalHeaders,
  CreateGameBody,
  GameIdParam,
  GameNameParam,
  GameQuery,
  IdempotencyHeaders,
  InboxQuery,
  JoinBody,
  VerifyQuery,
} from '../schemas.js';
import { LOG_PAGE } from '../../service/log-page.js';

/** Worked examples of a game's pace and table rules (README: time controls, absent players, vacation, undo). */
const CREATE_GAME_EXAMPLES = {
  daily: { summary: 'Four players, one move a day: windows 24 h, turns 72 h', value: { game: 'villages-of-valeria', seats: 4, deadlines: 'daily' } },
  correspondence: {
    summary: 'A time bank per player: 3 days, +1 day per move, at most 7 days; windows 24 h',
    value: { game: 'valeria-card-kingdoms', seats: 3, deadlines: 'correspondence' },
  },
  customBank: {
    summary: 'A bank of 100 s, +30 s per move, at most 120 s; windows 50 s; the bot takes a seat after 2 timeouts in a row; no undo; no vacations',
    value: {
      game: 'village-pillage',
      seats: 2,
      deadlines: { bank: { initialSeconds: 100, incrementSeconds: 30, maxSeconds: 120 }, windowSeconds: 50 },
      table: { replaceAfterTimeouts: 2, undo: false, vacation: false },
    },
  },
} as const;

/** The games routes, in document order. */
export const gameRoutes = {
  catalog: defineRoute({
    method: 'get',
    operationId: 'getCatalog',
    security: [],
    path: '/v1/games/catalog',
    tags: ['games'],
    summary: 'The games offered: player counts, variants and option schemas',
    description: 'Needs no token. Each game lists its seat range, its variants and the JSON Schema of its options, plus the named deadline presets.',
    responses: { 200: jsonResponse('Catalog', 'The catalog'), ...problemResponses([]) },
  }),

  cards: defineRoute({
    method: 'get',
    operationId: 'getCards',
    security: [],
    path: '/v1/games/catalog/{game}/cards',
    tags: ['games'],
    summary: 'Every card of a game, to show cards from their ids',
    description:
      'Needs no token. Views, moves and events name cards by id (see each game’s `CardId`); this is the catalog those ids come from: each card’s name, type, cost, power and points, as the rules of record and this service define them. It changes only with a new release of the service.',
    request: { params: GameNameParam },
    responses: { 200: jsonResponse('Cards', "The game's card catalog"), ...problemResponses(['invalid-request', 'unknown-game']) },
  }),

  create: defineRoute({
    method: 'post',
    operationId: 'createGame',
    path: '/v1/games',
    tags: ['games'],
    summary: 'Create a game; it starts when every seat is taken',
    description:
      'Name a game of the catalog, its seats (within the game’s range), its options and its pace. You take seat 0 unless `join` is false. A retry with the same Idempotency-Key and body returns the first answer.',
    security: requires('games:create'),
    request: { headers: IdempotencyHeaders, body: jsonBody(CreateGameBody, CREATE_GAME_EXAMPLES) },
    responses: {
      201: jsonResponse('GameHeader', 'The new game'),
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, 'idempotency-key-reused', ...ASKS_FOR_A_TABLE, 'solo-games-unrated', 'too-many-running-games']),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listMyGames',
    path: '/v1/games',
    tags: ['games'],
    summary: 'Your games: those awaiting your move first, nearest deadline first',
    description: 'Pages with `cursor`; `awaiting=me` keeps only the games awaiting your move, `status` those in one state.',
    security: requires('games:read'),
    request: { query: InboxQuery },
    responses: { 200: jsonResponse('Inbox', 'Your inbox'), ...problemResponses([...AUTHENTICATED, 'invalid-request', 'invalid-cursor']) },
  }),

  get: defineRoute({
    method: 'get',
    operationId: 'getGame',
    path: '/v1/games/{id}',
    tags: ['games'],
    summary: 'Your view of a game (a spectator view without a seat); ETag = version',
    description:
      'Overdue deadlines are resolved first. Hidden cards stay hidden: you see your own hand and secrets, counts of everyone else’s. With `include=moves` (`GET /v1/games/{id}?include=moves`), the view also carries `legalMoves`, your legal moves now exactly as GET /v1/games/{id}/moves answers them, read from the same game at the same version: a client opening a game (told by a webhook that it is its turn, say) needs this one request, not two. A spectator gets an empty listing (seat null), as from the moves route. With `If-None-Match` set to the current ETag, answers 304 without a body.',
    security: requires('games:read'),
    request: { params: GameIdParam, query: GameQuery, headers: ConditionalHeaders },
    responses: {
      200: jsonResponse('GameView', 'The game as you may see it', ETAG_HEADER),
      ...NOT_MODIFIED,
      ...problemResponses([...AUTHENTICATED, ...READS_GAME, 'invalid-request']),
    },
  }),

  join: defineRoute({
    method: 'post',
    operationId: 'joinGame',
    path: '/v1/games/{id}/join',
    tags: ['games'],
    summary: 'Take a seat (the one asked for, or the first empty one)',
    description:
      'The game starts once every seat is taken. The body may be left out. A table with `table.minReliability` refuses a player whose reliability (GET /v1/players/{id}) is below it; a player with no finished game yet may join.',
    security: requires('games:play'),
    request: { params: GameIdParam, headers: IdempotencyHeaders, body: optionalJsonBody(JoinBody) },
    responses: {
      200: jsonResponse('GameHeader', 'The game with you seated'),
      ...problemResponses([
        ...AUTHENTICATED,
        ...READS_GAME,
        ...WITH_BODY,
        'idempotency-key-reused',
        'already-seated',
        'blocked-at-table',
        'reliability-too-low',
        'seat-taken',
        'game-full',
        'game-finished',
        'contention',
        'no-such-seat',
        'too-many-running-games',
        'bots-not-allowed',
      ]),
    },
  }),

  bot: defineRoute({
    method: 'post',
    operationId: 'addBot',
    path: '/v1/games/{id}/bots',
    tags: ['games'],
    summary: 'Fill a seat with a bot (creator only)',
    description: 'A random or greedy bot takes the seat asked for, or the first empty one; the game starts once every seat is taken.',
    security: requires('games:create'),
    request: { params: GameIdParam, headers: IdempotencyHeaders, body: jsonBody(BotBody) },
    responses: {
      200: jsonResponse('GameHeader', 'The game with the bot seated'),
      ...problemResponses([
        ...AUTHENTICATED,
        ...READS_GAME,
        ...WITH_BODY,
        'idempotency-key-reused',
        'not-creator',
        'seat-taken',
        'game-full',
        'game-finished',
        'contention',
        'no-such-seat',
      ]),
    },
  }),

  verify: defineRoute({
    method: 'get',
    operationId: 'verifyGame',
    path: '/v1/games/{id}/verify',
    tags: ['games'],
    summary: 'After the end: the seed, its hash and the full log, to replay and check',
    description: `Check that sha256(seed) is the hash published at creation, then replay every command with the engine to reproduce every event. The log comes a page at a time: commits after \`after\`, at most ${LOG_PAGE.commits} and about ${LOG_PAGE.bytes / 1_000_000} MB of JSON (always at least one); while \`more\` is true, ask again with \`after\` set to \`next\`.`,
    security: requires('games:read'),
    request: { params: GameIdParam, query: VerifyQuery },
    responses: {
      200: jsonResponse('Verification', 'Everything needed to replay the game, and a page of its log'),
      ...problemResponses([...AUTHENTICATED, ...READS_GAME, 'invalid-request', 'game-not-finished', 'cursor-out-of-range']),
    },
  }),
};

export function mountGameRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(gameRoutes.catalog, (c) =>
    c.json(
      {
        games: catalog(ctx).map(({ optionsSchema, ...meta }) => ({
          ...meta,
          variants: [...meta.variants],
          options: z.toJSONSchema(optionsSchema, { io: 'input' }),
        })),
        deadlinePresets: Object.fromEntries(Object.entries(DEADLINE_PRESETS).map(([name, deadlines]) => [name, presentDeadlines(deadlines)])),
      },
      200,
    ),
  );

  mount(gameRoutes.cards, async (c) => {
    // Cards change only with a release: caches may keep them a while.
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(await cardsOf(ctx, c.req.valid('param').game), 200);
  });

  mount(gameRoutes.create, async (c) => {
    const { player } = c.var;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:create-game`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 201,
      body: publicHeader(await createGame(ctx, player, body)),
    }));
    return c.json(answer.body, 201);
  });

  mount(gameRoutes.list, async (c) => {
    const { player } = c.var;
    const query = c.req.valid('query');
    return c.json(
      await listMyGames(ctx, player, { status: query.status, awaitingMe: query.awaiting === 'me', limit: query.limit, cursor: query.cursor ?? null }),
      200,
    );
  });

  mount(gameRoutes.get, async (c) => {
    const { player } = c.var;
    const view = await readGame(ctx, player, c.req.valid('param').id, { withMoves: c.req.valid('query').include === 'moves' });
    c.header('ETag', etag(view.version));
    if (matchesIfNoneMatch(c.req.valid('header')['if-none-match'], view.version)) return c.body(null, 304);
    return c.json(view, 200);
  });

  mount(gameRoutes.join, async (c) => {
    const { player } = c.var;
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:join:${id}`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 200,
      body: publicHeader(await joinGame(ctx, player, id, body.seat)),
    }));
    return c.json(answer.body, 200);
  });

  mount(gameRoutes.bot, async (c) => {
    const { player } = c.var;
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:bot:${id}`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 200,
      body: publicHeader(await addBot(ctx, player, id, body.level, body.seat)),
    }));
    return c.json(answer.body, 200);
  });

  mount(gameRoutes.verify, async (c) => {
    return c.json(await verifyGame(ctx, c.req.valid('param').id, c.req.valid('query').after), 200);
  });
}
