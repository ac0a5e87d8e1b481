import { hashSeed } from '../../core/engine/index.js';
import type { GameHeader, PlayerRecord, RunningGameClaim, SeatOccupant, TableRules } from '../store/port.js';
import { isBotAccount, seatOccupant } from './bot-accounts.js';
import type { ServiceContext } from './context.js';
import { resolveDeadlines, type DeadlinesRequest } from './deadlines.js';
import { fail } from './errors.js';
import { resolveTableRules, type TableRulesRequest } from './table-rules.js';
import { afterDurableWrite, readHeader, RETRY, settle, untilWon, withFreshGame } from './pipeline.js';
import { replayableListing, seatOf } from './live-game.js';
import { claiming, runningClaim } from './memberships.js';
import { reliabilityOf } from './profiles.js';
import { refuseBlockedPair } from './blocks.js';

export interface CreateGameRequest {
  readonly game: string;
  readonly seats: number;
  readonly options?: unknown;
  readonly deadlines: DeadlinesRequest;
  /** Absent: the defaults (see table-rules.ts). */
  readonly table?: TableRulesRequest;
  /** Whether the creator takes the first seat. */
  readonly join: boolean;
  /** Whether the game's end changes ratings; absent: rated with two seats or more. */
  readonly rated?: boolean;
  /** `open`: listed for anyone to join while seats are free (GET /v1/games/open); absent: invite only. */
  readonly visibility?: 'open' | 'invite';
}

/** The games offered, with what a lobby needs to show and validate. */
export function catalog(ctx: ServiceContext) {
  return ctx.games.map((listing) => ({ ...listing.meta, optionsSchema: listing.optionsSchema }));
}

/** A game's card catalog, for clients to show cards from. */
export async function cardsOf(ctx: ServiceContext, game: string) {
  const listing = ctx.games.find((g) => g.meta.id === game);
  const cards = (await listing?.engine())?.catalog;
  if (!listing || cards === undefined) throw fail('unknown-game', { game, withCards: true });
  return { game: listing.meta.id, cards };
}

export async function createGame(ctx: ServiceContext, creator: PlayerRecord, request: CreateGameRequest): Promise<GameHeader> {
  const listing = ctx.games.find((g) => g.meta.id === request.game);
  if (!listing) throw fail('unknown-game', { game: request.game });
  const { minSeats, maxSeats, title } = listing.meta;
  if (request.seats < minSeats || request.seats > maxSeats) throw fail('invalid-seats', { title, minSeats, maxSeats, seats: request.seats });
  if (request.rated && request.seats < 2) throw fail('solo-games-unrated');
  const options = listing.optionsSchema.safeParse(request.options ?? {});
  if (!options.success)
    throw fail('invalid-options', { title, errors: options.error.issues.map((i) => ({ path: ['options', ...i.path].join('.'), message: i.message })) });
  const seed = ctx.secrets.seed();
  const now = ctx.clock();
  const seats: SeatOccupant[] = Array.from({ length: request.seats }, () => ({ kind: 'empty' }));
  // A bot account's own table is a bots' table: unrated unless asked, so it may sit there.
  const rated = request.rated ?? (request.seats >= 2 && !(request.join && isBotAccount(creator)));
  const table = resolveTableRules(request.table ?? {}, request.deadlines, rated);
  if (request.join) seats[0] = seatedAt(table, creator);
  const full = seats.every((s) => s.kind !== 'empty');
  const header: GameHeader = {
    gameId: ctx.secrets.gameId(),
    game: listing.meta.id,
    options: options.data,
    deadlines: resolveDeadlines(request.deadlines),
    seats,
    createdBy: creator.playerId,
    createdAt: now,
    seed,
    seedHash: hashSeed(seed),
    status: full ? 'active' : 'open',
    startedAt: full ? now : null,
    revision: 1,
    engineVersion: listing.engineVersion,
    table,
    rated,
    visibility: request.visibility ?? 'invite',
    gameWebhooks: false,
  };
  // The game counts against its creator, seated or not: bots play an unseated creator's game on our timers all the same.
  const claim = runningClaim(creator, { gameId: header.gameId, game: header.game, seat: request.join ? 0 : null, joinedAt: now });
  await claiming(() => ctx.store.createGame(header, claim));
  return startIfFull(ctx, header);
}

/**
 * A seat for a player: the one asked for, or the first empty one; the game
 * counts against their running games. Never beside a player either of them
 * blocked (the check reads the seats the write is conditional on, so a
 * blocked player seated meanwhile makes the write retry and refuse). A table that asks for a minimum
 * reliability refuses a player below it (one with no finished game yet is
 * not judged).
 */
export async function joinGame(ctx: ServiceContext, player: PlayerRecord, gameId: string, wanted: number | undefined): Promise<GameHeader> {
  let reliability: Promise<number | null> | null = null;
  const header = await takeSeat(
    ctx,
    gameId,
    wanted,
    async (current) => {
      if (seatOf(current, player.playerId) !== null) throw fail('already-seated');
      await refuseBlockedPair(ctx, player.playerId, current);
      const required = current.table?.minReliability;
      if (required) {
        reliability ??= reliabilityOf(ctx, player.playerId);
        const yours = await reliability;
        if (yours !== null && yours < required) throw fail('reliability-too-low', { required, reliability: yours });
      }
      return seatedAt(current.table, player);
    },
    (current, seat) => runningClaim(player, { gameId, game: current.game, seat, joinedAt: ctx.clock() }),
    // A bot account is a bot to ratings: a table that lets one sit is no longer rated, as with our own bots.
    isBotAccount(player) ? { rated: false } : {},
  );
  ctx.joins.publish(header);
  return startIfFull(ctx, header);
}

/** The seat a player takes at a table: a bot account only where the table allows bots (games stored before the rule allow them). */
function seatedAt(table: TableRules | undefined, player: PlayerRecord): SeatOccupant {
  if (isBotAccount(player) && table?.allowBots === false) throw fail('bots-not-allowed');
  return seatOccupant(player);
}

/** Fills a seat with a bot; only the game's creator may. Games against bots are never rated: a rated table becomes unrated. */
export async function addBot(
  ctx: ServiceContext,
  player: PlayerRecord,
  gameId: string,
  level: 'random' | 'greedy',
  wanted: number | undefined,
): Promise<GameHeader> {
  const header = await takeSeat(
    ctx,
    gameId,
    wanted,
    (current) => {
      if (current.createdBy !== player.playerId) throw fail('not-creator');
      return { kind: 'bot', level };
    },
    undefined,
    { rated: false },
  );
  return startIfFull(ctx, header);
}

/**
 * Seats `occupant` in the seat wanted (or the first empty one), with the
 * running-games claim a player's seat makes; a player's seat is the header's
 * `lastJoin`, written with it, whence `player-joined` derives.
 */
function takeSeat(
  ctx: ServiceContext,
  gameId: string,
  wanted: number | undefined,
  occupant: (header: GameHeader) => SeatOccupant | Promise<SeatOccupant>,
  claim?: (header: GameHeader, seat: number) => RunningGameClaim,
  changes: Partial<Pick<GameHeader, 'rated'>> = {},
): Promise<GameHeader> {
  return untilWon('seats', 6, async () => {
    const current = await readHeader(ctx, gameId);
    replayableListing(ctx.games, current);
    // Who may act is judged first: a bot offered by a non-creator is refused as such, whatever the seats.
    const who = await occupant(current);
    if (current.status === 'finished') throw fail('game-finished', { to: 'take a seat' });
    if (current.status !== 'open') throw fail('game-full');
    const seat = wanted ?? current.seats.findIndex((s) => s.kind === 'empty');
    if (seat < 0 || seat >= current.seats.length) throw fail('no-such-seat', { seats: current.seats.length });
    if (current.seats[seat]?.kind !== 'empty') throw fail('seat-taken', { seat });
    const seats = current.seats.map((s, i) => (i === seat ? who : s));
    const full = seats.every((s) => s.kind !== 'empty');
    const now = ctx.clock();
    const revision = current.revision + 1;
    const next: GameHeader = {
      ...current,
      ...changes,
      seats,
      revision,
      ...(full ? { status: 'active' as const, startedAt: now } : {}),
      ...(who.kind === 'player' ? { lastJoin: { seat, revision, at: now } } : {}),
    };
    return (await claiming(() => ctx.store.replaceHeader(next, current.revision, claim?.(current, seat)))) ? next : RETRY;
  });
}

/** Once every seat is taken the game runs: bots make their opening moves (the seat is taken whatever becomes of them). */
export async function startIfFull(ctx: ServiceContext, header: GameHeader): Promise<GameHeader> {
  if (header.status !== 'active') return header;
  await afterDurableWrite(withFreshGame(ctx, header.gameId, async (live) => ((await settle(ctx, live)) === RETRY ? RETRY : undefined)));
  return header;
}
