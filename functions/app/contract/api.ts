/**
 * The response and request shapes of the API as documented: every view,
 * move, event and score typed per game, unions discriminated by `game`.
 * Documentation and tests only: the running service validates requests with
 * the lean schemas of ../schemas.ts and serves the committed document.
 */
import * as z from 'zod';
import { GAMES } from '../../../core/games/index.js';
import { Preferences } from '../../push/model/preferences.js';
import { Notification, NotificationsPage, StreamTicket } from '../../push/model/schemas.js';
import { DeliveryList, DeliveryView, NewWebhook, WebhookList, WebhookTest, WebhookView } from '../../push/webhooks/schemas.js';
import { PushSubscriptionList, PushSubscriptionView, VapidKeyView } from '../../push/webpush/schemas.js';
import { EmailSettings, SignInLinkRequested } from '../../push/email/schemas.js';
import { DeadlinesRequest } from '../../service/deadlines.js';
import { RECORD_FORMAT, RECORD_VERSION } from '../../service/record.js';
import { TableRulesRequest } from '../../service/table-rules.js';
import type { DocumentedResponse } from '../route.js';
import { MAX_BATCH } from '../schemas.js';
import { Actor, Count, orNull, Instant, Pending, pascal, scoreSheet, SeatNumber } from './common.js';
import { GAME_CONTRACTS, type GameContract } from './games.js';
import { Cards } from './cards.js';
import { AccessTokenList, NewAccessToken } from './access-tokens.js';
import { accountData } from './account-data.js';
import { Passkey, PasskeyCreationOptions, PasskeyList, PasskeyRequestOptions, signedIn } from './passkeys.js';
import { AbsenceView, ClocksView, OnVacation, TableRules, Vacation, VacationChange } from './table.js';
import { Leaderboard, RatingChange } from './ratings.js';
import { Profile } from './profiles.js';
import { Block, BlockList } from './blocks.js';

export const GameId = z.enum(GAMES.map((g) => g.meta.id) as [string, ...string[]]).meta({ id: 'GameId', description: 'A game of GET /v1/games/catalog.' });

const Status = z.enum(['open', 'active', 'finished']).meta({ id: 'GameStatus' });

export const Seat = z
  .discriminatedUnion('kind', [
    z
      .object({
        seat: SeatNumber,
        kind: z.literal('player'),
        playerId: z.string(),
        name: z.string(),
        botAccount: z.literal(true).optional().describe('Present when the player is a bot account (a program): show it as one.'),
      })
      .meta({ id: 'SeatPlayer' }),
    z.object({ seat: SeatNumber, kind: z.literal('bot'), level: z.enum(['random', 'greedy']) }).meta({ id: 'SeatBot' }),
    z.object({ seat: SeatNumber, kind: z.literal('empty') }).meta({ id: 'SeatEmpty' }),
  ])
  .meta({ id: 'Seat' });

export const Deadlines = z
  .object({
    windowSeconds: z.number().int().min(1),
    turnSeconds: z.number().int().min(1),
    bank: z
      .object({ initialSeconds: z.number().int().min(1), incrementSeconds: Count, maxSeconds: z.number().int().min(1) })
      .optional()
      .describe("Each player's Fischer time bank for turns and decisions, when the game has one (then only windows use `windowSeconds`)."),
  })
  .meta({ id: 'Deadlines', description: 'Reaction windows and turns, in seconds, or a time bank per player.' });

/** The fields of a game's header, typed for one game. */
const headerFields = (contract: GameContract) => ({
  gameId: z.string(),
  game: z.literal(contract.id),
  status: Status,
  options: contract.options,
  deadlines: Deadlines,
  table: TableRules,
  seats: z.array(Seat).min(contract.minSeats).max(contract.maxSeats),
  createdBy: z.string(),
  createdAt: Instant,
  startedAt: Instant.nullable(),
  seedHash: z.string().describe('sha256 of the secret seed, published now; the seed is revealed when the game ends.'),
  rated: z
    .boolean()
    .describe(
      'Whether the end changes the players’ ratings (README, ratings): chosen at creation (default: rated with two seats or more); a bot taking a seat makes the game unrated.',
    ),
  visibility: z
    .enum(['open', 'invite'])
    .describe('`open`: listed for anyone to join while seats are free (GET /v1/games/open); `invite`: only those given its link find it.'),
});

/**
 * One schema per game, discriminated by `game`, as components `${Game}${what}`
 * under the union `what`; `of` is one game's, for another schema to name
 * (built once: component ids are unique).
 */
function perGameSchemas(what: string, build: (contract: GameContract) => z.ZodObject) {
  const byGame = new Map(GAME_CONTRACTS.map((contract) => [contract.id, build(contract).meta({ id: `${pascal(contract.id)}${what}` })]));
  const [first, ...rest] = [...byGame.values()];
  return {
    union: z.discriminatedUnion('game', [first as z.ZodObject, ...rest]).meta({ id: what }),
    of: (contract: GameContract) => byGame.get(contract.id) as z.ZodObject,
  };
}

/** One schema per game, discriminated by `game` (perGameSchemas' union). */
const perGame = (what: string, build: (contract: GameContract) => z.ZodObject) => perGameSchemas(what, build).union;

export const GameHeader = perGame('GameHeader', (contract) => z.object(headerFields(contract)));

export const OpenGames = z
  .object({
    games: z
      .array(perGame('OpenGame', (contract) => z.object({ ...headerFields(contract), freeSeats: z.number().int().min(1).describe('Seats still empty.') })))
      .describe('Open games with `visibility: open`, newest first.'),
    next: z.string().nullable().describe('Cursor of the next page (`cursor`); null on the last.'),
  })
  .meta({ id: 'OpenGames' });

export const RecentGames = z
  .object({
    games: z
      .array(
        z
          .object({
            gameId: z.string(),
            game: GameId,
            endedAt: Instant.describe('When its last commit ended it.'),
            seat: SeatNumber.describe('The seat the player had.'),
            seats: z.array(Seat).describe('Who sat where, with the names they had.'),
            won: z
              .boolean()
              .nullable()
              .describe('Whether the player was among the winners (shared victories too); null for a game that ended before results were kept.'),
            rating: z
              .object({
                before: z.number().describe('The conservative rating (mu − 3·sigma) before the game.'),
                after: z.number().describe('And after it.'),
                absent: z
                  .boolean()
                  .describe(
                    'The seat ended under the replacement bot: rated as a last place for the absent player, whatever the bot scored (so `won` may be true while the rating fell).',
                  ),
              })
              .nullable()
              .describe('How the game moved the player’s rating in its pool; null when it was not rated.'),
          })
          .meta({ id: 'RecentGame' }),
      )
      .describe('Finished games, the newest end first.'),
    next: z.string().nullable().describe('Cursor of the next page (`cursor`); null on the last.'),
  })
  .meta({
    id: 'RecentGames',
    examples: [
      {
        games: [
          {
            gameId: 'g_3Fh8sK2q',
            game: 'village-pillage',
            endedAt: '2025-03-02T18:04:11.000Z',
            seat: 0,
            seats: [
              { seat: 0, kind: 'player', playerId: 'p_7Kq2vLx9', name: 'Ann' },
              { seat: 1, kind: 'player', playerId: 'p_Q2m8Rt4w', name: 'Ben' },
            ],
            won: true,
            rating: { before: 12.9, after: 14.2, absent: false },
          },
        ],
        next: null,
      },
    ],
  });

/** A seat's legal moves, per game (a game's view carries them when asked, `include=moves`). */
const LEGAL_MOVES = perGameSchemas('LegalMoves', (contract) =>
  z.object({
    gameId: z.string(),
    game: z.literal(contract.id),
    version: Count,
    seat: SeatNumber.nullable(),
    moves: z.array(contract.move).describe('Each submittable exactly as listed.'),
    followUps: z
      .object({
        moves: z
          .array(contract.move)
          .describe('The moves that may follow some listed move without being listed now themselves (a payment the first move makes affordable, say).'),
        after: z
          .record(z.string().regex(/^\d+$/), z.array(Count))
          .describe(
            'By the index of a move in `moves` (the listing), the moves you may send after it in the same batch, each by its index in the listing followed by `followUps.moves`: below the listing’s length a listed move, from there on `followUps.moves[i − listing length]`. A move without an entry goes alone.',
          ),
      })
      .optional()
      .describe(
        'Only in a game whose turn is several moves at one step, planned together and sent as one batch (Valeria: Card Kingdoms: two actions): what may follow each listed move in that batch (`POST …/moves` with both, in order), as the engine lists it once it has decided that move. A move has none when you no longer act at that step after it (it asks a choice, it ends the turn), or when it reveals something (a card turned up): what may follow it would show that before it is played. Listed here only, not in a move’s `next` nor on the stream.',
      ),
  }),
);
export const LegalMoves = LEGAL_MOVES.union;

/** A game as one seat sees it, per game (MoveAnswer's `next` carries it too). */
const GAME_VIEWS = perGameSchemas('GameView', (contract) =>
  z.object({
    ...headerFields(contract),
    version: Count.describe('Number of commits so far; also the ETag.'),
    you: SeatNumber.nullable().describe('Your seat, or null when you are a spectator.'),
    state: z
      .object({
        game: z.literal(contract.id),
        seats: z.number().int().min(1).max(5),
        you: SeatNumber.nullable(),
        finished: z.boolean(),
        pending: orNull(Pending).describe('Who may act now, and until when; null once the game is over.'),
        awaiting: z.array(SeatNumber).describe('Seats whose move is awaited now.'),
        seedHash: z.string(),
        seed: z.string().optional().describe('Only once the game is over.'),
        score: scoreSheet(contract.scoreDetail).optional().describe('Only once the game is over.'),
        board: contract.board,
      })
      .nullable()
      .describe('Null until every seat is taken.'),
    clocks: orNull(ClocksView).describe("Each player's time bank as of this response; null for games without a bank."),
    absence: orNull(AbsenceView).describe('Consecutive timeouts per seat and the seats the greedy bot plays; null before the first timeout.'),
    vacations: OnVacation.describe('Players on vacation now, and until when: their deadlines here stand still meanwhile.'),
    // Only with `include=moves` (described with the route and its query: a description would copy the named schema).
    legalMoves: LEGAL_MOVES.of(contract).optional(),
  }),
);
export const GameView = GAME_VIEWS.union;

/** One commit as a player sees it, per game (built once: component ids are unique). */
const COMMITS = new Map(
  GAME_CONTRACTS.map((contract) => [
    contract.id,
    z
      .object({ seq: z.number().int().min(1), at: Instant, actor: Actor, events: z.array(contract.visibleEvent).describe('The events you may see.') })
      .meta({ id: `${pascal(contract.id)}Commit` }),
  ]),
);
const commitOf = (contract: GameContract) => COMMITS.get(contract.id) as z.ZodObject;

export const MoveAnswer = perGame('MoveAnswer', (contract) =>
  z.object({
    gameId: z.string(),
    game: z.literal(contract.id),
    version: z.number().int().min(1),
    commit: commitOf(contract),
    next: z
      .object({
        version: Count,
        moves: z.array(contract.move).describe('Each submittable exactly as listed.'),
        // GET /v1/games/{id} at `version` (described with `next`: a description would copy the named schema).
        game: GAME_VIEWS.of(contract),
      })
      .describe(
        'Your legal moves and your view of the game once this request is done (standing orders, bots and instant answers that followed included), as GET …/moves and GET /v1/games/{id} would answer at `version`: a client that goes on playing needs no read. The live stream does not send the commit this request made to you (it goes to everyone else): this answer is its message; if the answer is lost, the next commit message’s `seq` gap says so.',
      ),
    notifications: z
      .array(Notification)
      .describe(
        'What this request’s commit tells you — a turn that comes back to you, the end your move made — as notifications. Like the commit, no channel sends them to you again: not the live stream, your webhooks, browser push or e-mail. Your feed (GET /v1/notifications) lists the end, with the same id, but not a `your-turn` told here: the turn is yours by this very answer, and if the answer is lost, reading the game (its legal moves) tells it again. Those of the commits that followed (bots, standing orders, timeouts) are stored and delivered as usual.',
      ),
  }),
);

export const Events = perGame('Events', (contract) =>
  z.object({
    gameId: z.string(),
    game: z.literal(contract.id),
    commits: z.array(commitOf(contract)),
    next: Count.describe('The cursor for the next call (`after`).'),
    more: z.boolean().describe('Whether commits after `next` exist already: a page ends at its size limit.'),
  }),
);

/** A game's command union, built once per game (the verification and the record share its components). */
const COMMANDS = new Map<string, z.ZodType>();
const commandOf = (contract: GameContract) => {
  const built = COMMANDS.get(contract.id) ?? commandUnion(contract);
  COMMANDS.set(contract.id, built);
  return built;
};

const commandUnion = (contract: GameContract) => {
  const Game = pascal(contract.id);
  return z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('start'), at: Instant }).meta({ id: `${Game}CommandStart` }),
      z.object({ type: z.literal('moves'), seat: SeatNumber, moves: z.array(contract.move), at: Instant }).meta({ id: `${Game}CommandMoves` }),
      z
        .object({ type: z.literal('bot'), seat: SeatNumber, level: z.enum(['random', 'greedy']), move: contract.move, at: Instant })
        .meta({ id: `${Game}CommandBot` }),
      z.object({ type: z.literal('preference'), seat: SeatNumber, move: contract.move, at: Instant }).meta({ id: `${Game}CommandPreference` }),
      z.object({ type: z.literal('timeout'), pendingId: z.string(), at: Instant }).meta({ id: `${Game}CommandTimeout` }),
      z
        .object({ type: z.literal('undo'), seat: SeatNumber, version: z.number().int().min(1).describe('The commit taken back.'), at: Instant })
        .meta({ id: `${Game}CommandUndo` }),
      z.object({ type: z.literal('replace'), seat: SeatNumber, at: Instant }).meta({ id: `${Game}CommandReplace` }),
      z.object({ type: z.literal('reclaim'), seat: SeatNumber, at: Instant }).meta({ id: `${Game}CommandReclaim` }),
      z
        .object({ type: z.literal('vacation'), seat: SeatNumber, leftAt: Instant, backAt: Instant, at: Instant })
        .describe("The seat's player went on vacation, or came back early (backAt is then when they did).")
        .meta({ id: `${Game}CommandVacation` }),
    ])
    .meta({ id: `${Game}Command`, description: 'What the engine was asked, exactly: replay it with the revealed seed.' });
};

/** What a replay starts from: the setup of the verification and of the record. */
const setupOf = (contract: GameContract) =>
  z.object({ seats: z.number().int().min(1).max(5), options: contract.options, deadlines: Deadlines, startedAt: Instant.nullable() });

export const Verification = perGame('Verification', (contract) =>
  z.object({
    gameId: z.string(),
    game: z.literal(contract.id),
    seed: z.string(),
    seedHash: z.string(),
    setup: setupOf(contract),
    commits: z
      .array(z.object({ seq: z.number().int().min(1), at: Instant, command: commandOf(contract), events: z.array(contract.loggedEvent) }))
      .describe('A page of the log: the commits after `after`.'),
    next: Count.describe('The cursor for the next page (`after`).'),
    more: z.boolean().describe('Whether commits after `next` remain: ask again with `after` set to `next` until it is false.'),
  }),
);

export const GameRecord = perGame('GameRecord', (contract) =>
  z.object({
    format: z.literal(RECORD_FORMAT).describe('What this document is: check it, and `formatVersion`, before reading the rest.'),
    formatVersion: z.literal(RECORD_VERSION).describe('Rises when a field changes meaning or goes; a new optional field leaves it as it is.'),
    gameId: z.string(),
    game: z.literal(contract.id),
    status: Status,
    viewer: z
      .object({
        seat: SeatNumber.nullable().describe('The seat whose view this record shows while the game runs; null for a spectator.'),
        full: z.boolean().describe('True once the game is over: every command and every logged event, for anyone.'),
      })
      .describe('Whom this record was written for.'),
    createdBy: z.string().describe('The player who created the game.'),
    createdAt: Instant,
    setup: setupOf(contract),
    table: TableRules,
    rated: z.boolean().describe('Whether the end changed the players’ ratings (README, ratings).'),
    visibility: z.enum(['open', 'invite']).describe('Whether the game was listed among the open games.'),
    seats: z.array(Seat).describe('Who sat where: players with their names when they took the seat, bots with their level.'),
    seedHash: z.string().describe('sha256 of the secret seed, published at creation.'),
    seed: z.string().optional().describe('Only once the game is over: replay the commands with it, and check it against `seedHash`.'),
    endedAt: Instant.nullable().describe('When the last commit ended the game; null while it runs.'),
    result: scoreSheet(contract.scoreDetail).optional().describe('Only once the game is over: the final scores.'),
    ratingChanges: z
      .array(RatingChange)
      .optional()
      .describe(
        'Only once the game is over: each rating the end changed, before and after, from the record of the end (empty when the game was not rated; a player who deleted their account has none).',
      ),
    commits: z
      .array(
        z
          .object({
            seq: z.number().int().min(1),
            at: Instant,
            actor: Actor,
            command: commandOf(contract)
              .optional()
              .describe(
                "What the engine was asked. While the game runs, only your own seat's commands and those that choose nothing hidden (start, timeout, undo, seat changes, vacations); every one once it is over.",
              ),
            events: z
              .union([z.array(contract.loggedEvent), z.array(contract.visibleEvent)])
              .describe('Every event the commit logged once the game is over; while it runs, the events you may see.'),
          })
          .meta({ id: `${pascal(contract.id)}RecordCommit` }),
      )
      .describe('A page of the log: the commits after `after`.'),
    next: Count.describe('The cursor for the next page (`after`).'),
    more: z
      .boolean()
      .describe('Whether commits after `next` remain: ask again with `after` set to `next` until it is false; the other fields repeat on every page.'),
  }),
);

const [firstOrders = z.never(), ...moreOrders] = GAME_CONTRACTS.flatMap((contract) => (contract.standingOrders ? [contract.standingOrders] : []));
/** The standing orders of every game that takes them. */
const AnyStandingOrders = moreOrders.length === 0 ? firstOrders : z.union([firstOrders, ...moreOrders]);

export const StandingOrders = z
  .object({ gameId: z.string(), seat: SeatNumber, orders: orNull(AnyStandingOrders).describe('Null when you have none.') })
  .meta({ id: 'StandingOrders' });

export const Player = z
  .object({
    playerId: z.string(),
    name: z.string(),
    createdAt: Instant,
    kind: z.enum(['person', 'bot']).describe('A bot account is a program, answered for by its `owner`; badged as such wherever it sits.'),
    owner: z.string().nullable().describe('The player id of the person who answers for a bot account; null for a person.'),
  })
  .meta({ id: 'Player' });
export const NewPlayer = Player.extend({ token: z.string().describe('Your bearer API token. It is shown only this once; keep it secret.') }).meta({
  id: 'NewPlayer',
});

export const Inbox = z
  .object({
    games: z.array(
      z.object({
        gameId: z.string(),
        game: GameId,
        status: Status,
        seat: SeatNumber,
        version: Count,
        yourMove: z.boolean(),
        deadline: Instant.nullable().describe('Your own deadline: your part’s, when a vacation gave it a later one than the others’.'),
        seats: z.array(Seat),
        vacations: OnVacation,
      }),
    ),
    awaitingYourMove: Count.describe('How many of your games await your move.'),
    next: z.string().nullable(),
  })
  .meta({ id: 'Inbox' });

/** The JSON Schema of a game's options, as zod writes it for the options of core/games/<game>/state.ts. */
const OptionsJsonSchema = z
  .object({
    $schema: z.string(),
    type: z.literal('object'),
    properties: z.record(
      z.string(),
      z.object({
        type: z.enum(['string', 'integer', 'number', 'boolean']),
        enum: z.array(z.string()).optional(),
        minimum: z.number().optional(),
        maximum: z.number().optional(),
        default: z.union([z.string(), z.number(), z.boolean()]).optional(),
        description: z.string().optional(),
      }),
    ),
    additionalProperties: z.literal(false),
  })
  .meta({ id: 'OptionsJsonSchema' });

export const Catalog = z
  .object({
    games: z.array(
      z.object({
        id: GameId,
        title: z.string(),
        minSeats: z.number().int().min(1).max(5),
        maxSeats: z.number().int().min(1).max(5),
        summary: z.string(),
        variants: z.array(z.object({ id: z.string(), description: z.string() })),
        options: OptionsJsonSchema.describe('JSON Schema of the game options.'),
      }),
    ),
    deadlinePresets: z.record(z.enum(['live', 'daily', 'correspondence']), Deadlines),
  })
  .meta({ id: 'Catalog' });

/** The create-game body as documented: per game, its seat range and its options. */
export const CreateGame = perGame('CreateGame', (contract) =>
  z.strictObject({
    game: z.literal(contract.id),
    seats: z.number().int().min(contract.minSeats).max(contract.maxSeats),
    options: contract.options.optional().describe("The game's options (see the catalog)."),
    deadlines: DeadlinesRequest,
    table: TableRulesRequest,
    join: z.boolean().default(true).describe('Take the first seat yourself.'),
    rated: z
      .boolean()
      .optional()
      .describe(
        'Whether the end changes ratings (default: true with two seats or more; a solo game is never rated). A bot taking a seat makes the game unrated.',
      ),
    visibility: z
      .enum(['open', 'invite'])
      .default('invite')
      .describe('`open` lists the game for anyone to join while seats are free (GET /v1/games/open); `invite` (default) keeps it to those given its link.'),
  }),
);

const SEEK_RATED = 'Whether the game is rated (default: true; a bot account’s seek is never rated).';
const SEEK_BOTS = 'Whether bot accounts may be seated with you (default: not in rated pools, yes in unrated ones).';

/** A seek as documented: per game, its options typed. */
export const CreateSeek = perGame('CreateSeek', (contract) =>
  z.strictObject({
    game: z.literal(contract.id),
    seats: z
      .number()
      .int()
      .min(Math.max(2, contract.minSeats))
      .max(contract.maxSeats)
      .describe('Players at the table, you included (automatch seats two or more).'),
    options: contract.options.optional().describe("The game's options (see the catalog); only seeks asking the same are seated together."),
    deadlines: DeadlinesRequest,
    rated: z.boolean().optional().describe(SEEK_RATED),
    allowBots: z.boolean().optional().describe(SEEK_BOTS),
  }),
);

export const Seek = perGame('Seek', (contract) =>
  z.object({
    seekId: z.string(),
    game: z.literal(contract.id),
    seats: z.number().int().min(2).max(contract.maxSeats),
    options: contract.options,
    deadlines: DeadlinesRequest.describe('The time control as asked.'),
    rated: z.boolean().describe(SEEK_RATED),
    allowBots: z.boolean().describe(SEEK_BOTS),
    status: z.enum(['waiting', 'seated']).describe('`seated`: a game holds you (`gameId`); it started, and `game-started` told you.'),
    gameId: z.string().optional().describe('The game you were seated in (status `seated`).'),
    createdAt: Instant,
    expiresAt: Instant.describe('When the seek stops waiting (24 hours after it was made); a seated one is listed until then.'),
  }),
).meta({
  examples: [
    {
      seekId: 'sk_3fQ9aLm2',
      game: 'village-pillage',
      seats: 2,
      options: {},
      deadlines: 'daily',
      rated: true,
      allowBots: false,
      status: 'waiting',
      createdAt: '2025-03-02T18:04:11.000Z',
      expiresAt: '2025-03-03T18:04:11.000Z',
    },
  ],
});

export const SeekList = z
  .object({
    seeks: z.array(Seek).describe('Your seeks, waiting or seated, oldest first (an expired or cancelled one is gone).'),
    waiting: z
      .array(
        z.object({
          game: GameId,
          seats: z.number().int().min(2).max(5),
          deadlines: DeadlinesRequest.describe('The time control as asked.'),
          rated: z.boolean(),
          waiting: z.number().int().min(1).describe('Seeks waiting with these.'),
        }),
      )
      .describe('How many seeks wait, per game, seats, time control and rated (everyone’s, yours included; never who).'),
  })
  .meta({
    id: 'SeekList',
    examples: [
      {
        seeks: [],
        waiting: [
          { game: 'village-pillage', seats: 2, deadlines: 'daily', rated: true, waiting: 3 },
          { game: 'villages-of-valeria', seats: 4, deadlines: 'live', rated: true, waiting: 1 },
        ],
      },
    ],
  });

/** The moves body as documented: each move one of a game's moves (the game's engine checks it against the game being played). */
export const Moves = z
  .strictObject({
    moves: z
      .array(z.union(GAME_CONTRACTS.map((contract) => contract.move)))
      .min(1)
      .max(MAX_BATCH)
      .describe('One move, or an ordered batch applied atomically. GET …/moves lists the legal ones, submittable as they are.'),
  })
  .meta({ id: 'Moves' });

export const StandingOrdersUpdate = z
  .strictObject({ orders: orNull(AnyStandingOrders).describe("Your standing orders in the game's own shape, or null to clear them.") })
  .meta({ id: 'StandingOrdersUpdate' });

/** Documented bodies, by operation: they replace the lean schemas the running service validates with. */
export const DOCUMENTED_BODIES: Readonly<Record<string, z.ZodType>> = {
  createGame: CreateGame,
  createSeek: CreateSeek,
  submitMoves: Moves,
  putStandingOrders: StandingOrdersUpdate,
};

/** Documented responses, by component id: what route contracts refer to. */
export const DOCUMENTED_RESPONSES: Readonly<Record<DocumentedResponse, z.ZodType>> = {
  GameHeader,
  GameView,
  LegalMoves,
  MoveAnswer,
  Events,
  Verification,
  GameRecord,
  StandingOrders,
  Player,
  NewPlayer,
  NewAccessToken,
  AccessTokenList,
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  Passkey,
  PasskeyList,
  DeviceSignIn: signedIn(Player),
  AccountData: accountData(Player, GameId),
  Inbox,
  Vacation,
  VacationChange,
  Catalog,
  Cards,
  Leaderboard,
  Profile,
  RecentGames,
  OpenGames,
  Block,
  BlockList,
  Seek,
  SeekList,
  // Push (functions/push): their runtime schemas are already the documented ones.
  NotificationsPage,
  Preferences,
  NewWebhook,
  Webhook: WebhookView,
  WebhookList,
  WebhookDelivery: DeliveryView,
  WebhookDeliveryList: DeliveryList,
  WebhookTest,
  VapidKey: VapidKeyView,
  PushSubscription: PushSubscriptionView,
  PushSubscriptionList,
  EmailSettings,
  SignInLinkRequested,
  StreamTicket,
} as const;
