import * as z from 'zod';
import { DeadlinesRequest } from '../service/deadlines.js';
import { AbsenceView, ClocksView, TableRules } from './clock-schemas.js';
import { TableRulesRequest } from '../service/table-rules.js';
import { MAX_WAIT_SECONDS } from '../service/play.js';
import { PlayerNameInput } from '../service/player-name.js';

/**
 * Request and response shapes of the REST API: the single source of the
 * validation, the TypeScript types and the OpenAPI document.
 */

export const GameIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'g_Q2xJm4pTr0Vb' }),
});

export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,128}$/, 'must be 1 to 128 letters, digits or . _ : -')
    .optional()
    .meta({
      param: { name: 'idempotency-key', in: 'header' },
      description: 'A retry with the same key and body returns the first answer and changes nothing.',
    }),
});

export const MoveHeaders = IdempotencyHeaders.extend({
  'if-match': z
    .string()
    .optional()
    .meta({ param: { name: 'if-match', in: 'header' }, description: 'The game version (ETag) your moves are based on; 409 if the game has moved on.' }),
});

const Seat = z
  .discriminatedUnion('kind', [
    z.object({ seat: z.number().int(), kind: z.literal('player'), playerId: z.string(), name: z.string() }),
    z.object({ seat: z.number().int(), kind: z.literal('bot'), level: z.enum(['random', 'greedy']) }),
    z.object({ seat: z.number().int(), kind: z.literal('empty') }),
  ])
  .meta({ id: 'Seat' });

const Deadlines = z
  .object({
    windowMs: z.number().int(),
    turnMs: z.number().int(),
    bank: z
      .object({ initialMs: z.number().int(), incrementMs: z.number().int(), maxMs: z.number().int() })
      .optional()
      .describe("Each player's Fischer time bank for turns and decisions, when the game uses one."),
  })
  .meta({ id: 'Deadlines' });

export const GameHeaderResponse = z
  .object({
    gameId: z.string(),
    game: z.string(),
    status: z.enum(['open', 'active', 'finished']),
    options: z.unknown(),
    deadlines: Deadlines,
    table: TableRules,
    seats: z.array(Seat),
    createdBy: z.string(),
    createdAt: z.number().int(),
    startedAt: z.number().int().nullable(),
    seedHash: z.string().describe('sha256 of the secret seed, published now; the seed is revealed when the game ends.'),
  })
  .meta({ id: 'GameHeader' });

const PendingSchema = z
  .object({
    kind: z.enum(['turn', 'sequential', 'simultaneous', 'decision']),
    id: z.string(),
    deadline: z.number().int().describe('Epoch milliseconds; after it, the engine applies its default.'),
    step: z.string(),
    seat: z.number().int().optional(),
    queue: z.array(z.number().int()).optional(),
    seats: z.array(z.number().int()).optional(),
    submitted: z.array(z.number().int()).optional(),
  })
  .meta({ id: 'Pending' });

// `.and`, not `.extend`: the document then shows a GameView as a GameHeader
// plus these fields (allOf with a $ref) instead of repeating every field.
export const GameViewResponse = GameHeaderResponse.and(
  z.object({
    version: z.number().int().describe('Number of commits so far; also the ETag.'),
    you: z.number().int().nullable().describe('Your seat, or null when you are a spectator.'),
    state: z
      .object({
        game: z.string(),
        seats: z.number().int(),
        you: z.number().int().nullable(),
        finished: z.boolean(),
        pending: PendingSchema.nullable(),
        awaiting: z.array(z.number().int()).describe('Seats whose move is awaited now.'),
        seedHash: z.string(),
        seed: z.string().optional().describe('Only once the game is over.'),
        score: z.unknown().optional(),
        board: z.unknown().describe("The game's own view for you: your hand, the public table, counts of what is hidden."),
      })
      .nullable()
      .describe('Null until every seat is taken.'),
    absence: AbsenceView.nullable().describe('Consecutive timeouts per seat and the seats the greedy bot plays; null before the first timeout.'),
    clocks: ClocksView.nullable().describe("Each player's time bank as of this response; null for games without a bank."),
  }),
).meta({ id: 'GameView' });

export const CreatePlayerBody = z.strictObject({ name: PlayerNameInput }).meta({ id: 'CreatePlayer' });
export const PlayerResponse = z.object({ playerId: z.string(), name: z.string(), createdAt: z.number().int() }).meta({ id: 'Player' });
// `.and` rather than `.extend`, as for GameView: a Player plus the token.
export const NewPlayerResponse = PlayerResponse.and(
  z.object({ token: z.string().describe('Your bearer API token. It is shown only this once; keep it secret.') }),
).meta({ id: 'NewPlayer' });

export const CreateGameBody = z
  .strictObject({
    game: z.string().describe('A game id from GET /v1/games/catalog.'),
    seats: z.number().int().min(1).max(8),
    options: z.record(z.string(), z.unknown()).optional().describe("The game's options; see its `options` schema in the catalog."),
    deadlines: DeadlinesRequest,
    table: TableRulesRequest,
    join: z.boolean().default(true).describe('Take the first seat yourself.'),
  })
  .meta({ id: 'CreateGame' });

export const JoinBody = z.strictObject({ seat: z.number().int().min(0).optional() }).meta({ id: 'Join' });
export const BotBody = z.strictObject({ level: z.enum(['random', 'greedy']), seat: z.number().int().min(0).optional() }).meta({ id: 'AddBot' });

/** Component names of each game's own schemas in the OpenAPI document. */
export const gameSchemaName = (gameId: string, what: 'Move' | 'StandingOrders') =>
  `${gameId.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase())}${what}`;

/** "One of these games' shapes", as JSON Schema wants it for none, one or several games. */
function oneOfTheGames(gameIds: readonly string[], what: 'Move' | 'StandingOrders') {
  const refs = gameIds.map((id) => ({ $ref: `#/components/schemas/${gameSchemaName(id, what)}` }));
  if (refs.length === 0) return {};
  return refs.length === 1 ? { allOf: refs } : { anyOf: refs };
}

/**
 * A body schema that documents the offered games, built once per list of
 * games: `createApp` runs many times in one process (tests, the spec
 * generator), and each run would otherwise add a twin under the same
 * component `id` (zod's registry keeps one schema per id, and
 * `z.toJSONSchema` refuses two schemas with one id).
 */
function perGameList<T>(build: (gameIds: readonly string[]) => T): (gameIds: readonly string[]) => T {
  const built = new Map<string, T>();
  return (gameIds) => {
    const key = gameIds.join(' ');
    if (!built.has(key)) built.set(key, build(gameIds));
    return built.get(key) as T;
  };
}

/**
 * The moves body. The API checks only the envelope; the game's engine checks
 * each move against its own schema (documented here as the alternatives) and
 * answers 422 `malformed-move` with the precise reason.
 */
export const movesBody = perGameList((gameIds) =>
  z
    .strictObject({
      moves: z
        .array(z.looseObject({ type: z.string() }).meta(oneOfTheGames(gameIds, 'Move')))
        .min(1)
        .max(20)
        .describe('One move, or an ordered batch applied atomically. GET …/moves lists the legal ones, submittable as they are.'),
    })
    .meta({ id: 'Moves' }),
);

export const standingOrdersBody = perGameList((gameIds) =>
  z
    .strictObject({
      orders: z
        .looseObject({})
        .meta(oneOfTheGames(gameIds, 'StandingOrders'))
        .nullable()
        .describe("Your standing orders in the game's own shape, or null to clear them."),
    })
    .meta({ id: 'StandingOrdersUpdate' }),
);

export const LegalMovesResponse = z
  .object({ gameId: z.string(), version: z.number().int(), seat: z.number().int().nullable(), moves: z.array(z.unknown()) })
  .meta({ id: 'LegalMoves' });

const Actor = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('player'), seat: z.number().int(), playerId: z.string() }),
  z.object({ kind: z.literal('bot'), seat: z.number().int() }),
  z.object({ kind: z.literal('preference'), seat: z.number().int() }),
  z.object({ kind: z.literal('system') }).describe('The game itself: its start, or a deadline that passed.'),
]);

export const CommitResponse = z
  .object({ seq: z.number().int(), at: z.string(), actor: Actor, events: z.array(z.unknown()).describe('The events you may see.') })
  .meta({ id: 'Commit' });

export const MoveAnswerResponse = z.object({ gameId: z.string(), version: z.number().int(), commit: CommitResponse }).meta({ id: 'MoveAnswer' });

export const EventsQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .meta({ param: { name: 'after', in: 'query' }, description: 'Return commits after this version.' }),
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .default(0)
    .meta({ param: { name: 'wait', in: 'query' }, description: `Seconds to wait for a new commit when there is none yet (at most ${MAX_WAIT_SECONDS}).` }),
});

export const EventsResponse = z
  .object({ gameId: z.string(), commits: z.array(CommitResponse), next: z.number().int(), more: z.boolean() })
  .meta({ id: 'Events' });

export const InboxQuery = z.object({
  status: z
    .enum(['open', 'active', 'finished'])
    .optional()
    .meta({ param: { name: 'status', in: 'query' } }),
  awaiting: z
    .literal('me')
    .optional()
    .meta({ param: { name: 'awaiting', in: 'query' }, description: 'Only games awaiting your move.' }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(50)
    .meta({ param: { name: 'limit', in: 'query' } }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'cursor', in: 'query' } }),
});

export const InboxResponse = z
  .object({
    games: z.array(
      z.object({
        gameId: z.string(),
        game: z.string(),
        status: z.enum(['open', 'active', 'finished']),
        seat: z.number().int(),
        version: z.number().int(),
        yourMove: z.boolean(),
        deadline: z.string().nullable(),
        seats: z.array(Seat),
      }),
    ),
    awaitingYourMove: z.number().int().describe('How many of your games await your move.'),
    next: z.string().nullable(),
  })
  .meta({ id: 'Inbox' });

export const CatalogResponse = z
  .object({
    games: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        minSeats: z.number().int(),
        maxSeats: z.number().int(),
        summary: z.string(),
        variants: z.array(z.object({ id: z.string(), description: z.string() })),
        options: z.unknown().describe('JSON Schema of the game options.'),
      }),
    ),
    deadlinePresets: z.record(z.string(), Deadlines),
  })
  .meta({ id: 'Catalog' });

export const VerifyResponse = z
  .object({
    gameId: z.string(),
    game: z.string(),
    seed: z.string(),
    seedHash: z.string(),
    setup: z.object({ seats: z.number().int(), options: z.unknown(), deadlines: Deadlines, startedAt: z.number().int().nullable() }),
    commits: z.array(z.object({ seq: z.number().int(), at: z.number().int(), command: z.unknown(), events: z.array(z.unknown()) })),
  })
  .meta({ id: 'Verification' });
