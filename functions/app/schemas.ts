import * as z from 'zod';
import { DeadlinesRequest } from '../service/deadlines.js';
import { TableRulesRequest } from '../service/table-rules.js';
import { MAX_WAIT_SECONDS } from '../service/play.js';
import { PlayerNameInput } from '../service/player-name.js';

/**
 * Request shapes of the REST API as the running service validates them:
 * lean, as every cold start builds them. The document's richer per-game
 * forms and every response shape are in contract/ (documentation and tests).
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

/** A game of the catalog, named in a path. */
export const GameNameParam = z.object({
  game: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'game', in: 'path' }, description: 'A game of GET /v1/games/catalog, e.g. `village-pillage`.' }),
});

/** A conditional read: 304 when the game is still at this ETag. */
export const ConditionalHeaders = z.object({
  'if-none-match': z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'if-none-match', in: 'header' }, description: 'The ETag you hold; 304 Not Modified while the game is still at it.' }),
});

export const MoveHeaders = IdempotencyHeaders.extend({
  'if-match': z
    .string()
    .optional()
    .meta({ param: { name: 'if-match', in: 'header' }, description: 'The game version (ETag) your moves are based on; 409 if the game has moved on.' }),
});

/** The owner a bot account names: a person's player id. */
const BotOwner = z.string().min(1).max(64).describe('The player id of the person who answers for the bot.');

export const CreatePlayerBody = z
  .strictObject({
    name: PlayerNameInput,
    bot: z
      .strictObject({ owner: BotOwner })
      .optional()
      .describe('Register a bot account, badged as such everywhere and owned by this person; leave out for a person.'),
  })
  .meta({ id: 'CreatePlayer' });

export const ConvertToBotBody = z.strictObject({ owner: BotOwner }).meta({ id: 'ConvertToBot' });

/** Most seats any game has; each game's own range is checked by the lobby and documented per game. */
const MAX_SEATS = 5;
/** Most moves one request may carry. */
export const MAX_BATCH = 20;

/**
 * The create-game body as the service checks it. The document shows the
 * stricter form per game (contract/api.ts): `game` one of the catalog, seats
 * in the game's range, the game's own options.
 */
export const CreateGameBody = z.strictObject({
  game: z.string(),
  seats: z.number().int().min(1).max(MAX_SEATS),
  options: z.record(z.string(), z.unknown()).optional(),
  deadlines: DeadlinesRequest,
  table: TableRulesRequest,
  join: z.boolean().default(true),
  rated: z.boolean().optional(),
  visibility: z.enum(['open', 'invite']).optional(),
});

export const SeekBody = z.strictObject({
  game: z.string(),
  seats: z.number().int().min(2).max(MAX_SEATS),
  options: z.record(z.string(), z.unknown()).optional(),
  deadlines: DeadlinesRequest,
  rated: z.boolean().optional(),
  allowBots: z.boolean().optional(),
});

export const JoinBody = z.strictObject({ seat: z.number().int().min(0).optional() }).meta({ id: 'Join' });
export const BotBody = z.strictObject({ level: z.enum(['random', 'greedy']), seat: z.number().int().min(0).optional() }).meta({ id: 'AddBot' });

/**
 * The moves body as the service checks it: the envelope only. The game's
 * engine checks each move against its own schema (422 `malformed-move`
 * naming the precise reason); the document shows those schemas.
 */
export const MovesBody = z.strictObject({
  moves: z
    .array(z.looseObject({ type: z.string() }))
    .min(1)
    .max(MAX_BATCH),
});

/** The standing-orders body as the service checks it; the game checks the orders themselves (422 `invalid-standing-orders`). */
export const StandingOrdersBody = z.strictObject({ orders: z.looseObject({}).nullable() });

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

/** What GET /v1/games/{id} may add to the view: `moves`, the caller's legal moves (one request opens a game). */
export const GameQuery = z.object({
  include: z
    .enum(['moves'])
    .optional()
    .meta({
      param: { name: 'include', in: 'query' },
      example: 'moves',
      description:
        '`moves` adds `legalMoves`: your legal moves now, as GET /v1/games/{id}/moves answers them at the same version (empty, seat null, for a spectator), so a client opening a game needs one request, not two.',
    }),
});

/** The verification's cursor into the log, as the events route's. */
export const VerifyQuery = EventsQuery.pick({ after: true });

/** How many items a page holds, for every listing with a cursor. */
export const PageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(100)
  .default(50)
  .meta({ param: { name: 'limit', in: 'query' } });

export const NotificationsQuery = z.object({
  after: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'after', in: 'query' }, description: 'The `next` of an earlier page; leave out to start from the oldest kept (30 days).' }),
  limit: PageLimit,
});

export const InboxQuery = z.object({
  status: z
    .enum(['open', 'active', 'finished'])
    .optional()
    .meta({ param: { name: 'status', in: 'query' } }),
  awaiting: z
    .literal('me')
    .optional()
    .meta({ param: { name: 'awaiting', in: 'query' }, description: 'Only games awaiting your move.' }),
  limit: PageLimit,
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'cursor', in: 'query' } }),
});
