import { createHash } from 'node:crypto';
import { hashSeed } from '../../core/engine/index.js';
import { NEW_RATING } from '../../core/ratings/model.js';
import { RunningGamesLimitError, type GameHeader, type PlayerRecord, type SeekRecord } from '../store/port.js';
import type { AutomatchPayload, Timers } from '../timers/port.js';
import { poolTimer } from './automatch-timer.js';
import { isBotAccount, seatOccupant } from './bot-accounts.js';
import type { ServiceContext } from './context.js';
import { DeadlinesRequest, resolveDeadlines, type DeadlinesRequest as DeadlinesAsked } from './deadlines.js';
import { fail } from './errors.js';
import { startIfFull } from './lobby.js';
import { blockKey, formTables } from './matching.js';
import { runningClaim } from './memberships.js';
import { resolveTableRules } from './table-rules.js';

/**
 * Automatch: a player's seek waits in its pool — same game, seats, time
 * control, options, rated and allowBots — until enough compatible seeks
 * exist; the matcher then writes a new game with all of them seated, in
 * one conditional transaction (each seek still waiting, no block between
 * any two, each within their running games), so two matchers never seat a
 * seek twice. Who sits with whom is matching.ts's rule.
 *
 * What runs the matcher: each new seek runs a pass over its pool in the
 * request that made it, and a pool with seeks left waiting gets a pass every
 * `MATCH_SWEEP_MS` (automatch-timer.ts) from the one timer system (the first armed by the seek's
 * stored item: the in-process seek signal under `npm start`, the DynamoDB
 * stream on AWS), as the accepted gaps widen; on AWS a standing schedule
 * also sends `sweepPools` every sweep, so a pool whose one-time timer was lost
 * is passed over all the same. Expiry needs no timer: an
 * expired seek is gone for every read, and DynamoDB's TTL deletes it later.
 */

/** How long a seek waits at most (README). */
export const SEEK_LIFETIME_MS = 24 * 3_600_000;
/** Pools one player may wait in at once. */
export const SEEKS_PER_PLAYER = 5;
/** Passes over a pool after a lost race, before leaving the rest to its next timer. */
const MATCH_ROUNDS = 4;

export interface SeekRequest {
  readonly game: string;
  readonly seats: number;
  readonly deadlines: DeadlinesAsked;
  readonly options?: unknown;
  /** Absent: rated (people's pools); a bot account's seek is never rated. */
  readonly rated?: boolean;
  /** Whether bot accounts may be seated with you; absent: not in rated pools, yes in unrated ones (as tables). */
  readonly allowBots?: boolean;
}

/** JSON with object keys sorted: the same pool always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** A pool's id: what seeks must all agree on to share a table. */
export function poolIdOf(seek: Pick<SeekRecord, 'game' | 'seats' | 'deadlines' | 'options' | 'rated' | 'allowBots'>): string {
  const { game, seats, deadlines, options, rated, allowBots } = seek;
  return `${game}.${createHash('sha256').update(canonicalJson({ game, seats, deadlines, options, rated, allowBots })).digest('base64url').slice(0, 16)}`;
}

export function presentSeek(seek: SeekRecord) {
  return {
    seekId: seek.seekId,
    game: seek.game,
    seats: seek.seats,
    deadlines: seek.deadlines,
    options: seek.options,
    rated: seek.rated,
    allowBots: seek.allowBots,
    status: seek.status,
    ...(seek.gameId ? { gameId: seek.gameId } : {}),
    createdAt: new Date(seek.createdAt).toISOString(),
    expiresAt: new Date(seek.expiresAt).toISOString(),
  };
}

/** Puts the player in a pool and runs a pass over it at once: answers the seek as it stands after (seated, when the pass seated it). */
export async function createSeek(ctx: ServiceContext, player: PlayerRecord, request: SeekRequest) {
  const listing = ctx.games.find((g) => g.meta.id === request.game);
  if (!listing) throw fail('unknown-game', { game: request.game });
  const { title, maxSeats } = listing.meta;
  // Automatch finds others: a seek is for two players or more.
  const minSeats = Math.max(2, listing.meta.minSeats);
  if (request.seats < minSeats || request.seats > maxSeats) throw fail('invalid-seats', { title, minSeats, maxSeats, seats: request.seats });
  const options = listing.optionsSchema.safeParse(request.options ?? {});
  if (!options.success)
    throw fail('invalid-options', { title, errors: options.error.issues.map((i) => ({ path: ['options', ...i.path].join('.'), message: i.message })) });
  const bot = isBotAccount(player);
  // Bot accounts play in unrated pools that allow them (people's ratings are for games between people), as at tables.
  const rated = request.rated ?? !bot;
  const allowBots = request.allowBots ?? !rated;
  if (bot && (rated || !allowBots)) throw fail('bots-not-allowed');
  const now = ctx.clock();
  const pooled = { game: listing.meta.id, seats: request.seats, deadlines: request.deadlines, options: options.data, rated, allowBots };
  const pool = poolIdOf(pooled);
  const mine = await ctx.store.listPlayerSeeks(player.playerId);
  const waiting = mine.filter((seek) => seek.status === 'waiting');
  const same = waiting.find((seek) => seek.pool === pool);
  if (same) throw fail('seek-exists', { seekId: same.seekId });
  if (waiting.length >= SEEKS_PER_PLAYER) throw fail('too-many-seeks', { limit: SEEKS_PER_PLAYER });
  const rating = (await ctx.store.getRatings(listing.meta.id, [player.playerId])).get(player.playerId);
  const seek: SeekRecord = {
    ...pooled,
    seekId: ctx.secrets.seekId(),
    playerId: player.playerId,
    name: player.name,
    ...(bot ? { botAccount: true as const } : {}),
    pool,
    mu: (rating ?? NEW_RATING).mu,
    createdAt: now,
    expiresAt: now + SEEK_LIFETIME_MS,
    status: 'waiting',
  };
  await ctx.store.putSeek(seek);
  ctx.seeks.publish(seek);
  await matchPool(ctx, seek.game, pool);
  const after = (await ctx.store.listPlayerSeeks(player.playerId)).find((s) => s.seekId === seek.seekId);
  return presentSeek(after ?? seek);
}

/** The player's seeks (waiting, and seated ones until they would have expired), and how many wait in each pool of every game. */
export async function listSeeks(ctx: ServiceContext, player: PlayerRecord) {
  const [mine, pools] = await Promise.all([ctx.store.listPlayerSeeks(player.playerId), waitingCounts(ctx)]);
  return { seeks: mine.map(presentSeek), waiting: pools };
}

/** How many seeks wait per game, seats, time control and rated: what a Play now page shows (no one's name). */
async function waitingCounts(ctx: ServiceContext) {
  const perGame = await Promise.all(ctx.games.map((listing) => ctx.store.listPoolSeeks(listing.meta.id)));
  const counts = new Map<string, { game: string; seats: number; deadlines: unknown; rated: boolean; waiting: number }>();
  for (const seek of perGame.flat()) {
    const key = canonicalJson([seek.game, seek.seats, seek.deadlines, seek.rated]);
    const entry = counts.get(key) ?? { game: seek.game, seats: seek.seats, deadlines: seek.deadlines, rated: seek.rated, waiting: 0 };
    counts.set(key, { ...entry, waiting: entry.waiting + 1 });
  }
  return [...counts.values()];
}

export async function cancelSeek(ctx: ServiceContext, player: PlayerRecord, seekId: string): Promise<void> {
  const seek = await ctx.store.cancelSeek(player.playerId, seekId);
  if (!seek) throw fail('seek-not-found', { seekId });
  if (seek.status === 'seated' && seek.gameId) throw fail('seek-seated', { gameId: seek.gameId });
}

/** What a pass over a pool did: tables seated, and seeks left waiting in it. */
export interface PoolPass {
  readonly seated: number;
  readonly waiting: number;
}

/**
 * One pass of the matcher over a pool: seats every table the rule forms now.
 * A seating that lost a race (a seek taken or cancelled meanwhile, a block
 * written) changes nothing, and the pool is read again.
 */
export async function matchPool(ctx: ServiceContext, game: string, pool: string): Promise<PoolPass> {
  let seated = 0;
  for (let round = 0; round < MATCH_ROUNDS; round++) {
    const waiting = (await ctx.store.listPoolSeeks(game)).filter((seek) => seek.pool === pool);
    const seats = waiting[0]?.seats ?? 0;
    if (waiting.length < seats || waiting.length === 0) return { seated, waiting: waiting.length };
    const tables = formTables(waiting, seats, await blockedPairs(ctx, waiting), ctx.clock());
    let lost = false;
    for (const table of tables) {
      if (await seatTable(ctx, table)) seated++;
      else lost = true;
    }
    if (!lost) return { seated, waiting: waiting.length - tables.length * seats };
  }
  const left = (await ctx.store.listPoolSeeks(game)).filter((seek) => seek.pool === pool);
  return { seated, waiting: left.length };
}

/** Every blocked pair among the seekers, both orders (bots block no one, and bot accounts are players). */
async function blockedPairs(ctx: ServiceContext, seeks: readonly SeekRecord[]): Promise<Set<string>> {
  const players = [...new Set(seeks.map((seek) => seek.playerId))];
  const lists = await Promise.all(players.map((player) => ctx.store.listBlocks(player)));
  const pairs = new Set<string>();
  for (const row of lists.flat()) {
    pairs.add(blockKey(row.playerId, row.blockedId));
    pairs.add(blockKey(row.blockedId, row.playerId));
  }
  return pairs;
}

/**
 * Writes the game of one table with every seek seated, and starts it (its
 * `start` commit tells each player `game-started` through push). The seats
 * go in an order drawn from the game's secret seed, so waiting longest
 * earns no seat. False when the seating lost a race (nothing written).
 */
async function seatTable(ctx: ServiceContext, table: readonly SeekRecord[]): Promise<boolean> {
  const [first] = table;
  if (!first) return false;
  const now = ctx.clock();
  const seed = ctx.secrets.seed();
  const order = [...table].sort((a, b) => byDraw(seed, a) - byDraw(seed, b) || (a.seekId < b.seekId ? -1 : 1));
  const found = await Promise.all(order.map((seek) => ctx.store.getPlayer(seek.playerId)));
  const players = found.flatMap((player) => (player ? [player] : []));
  const gone = order.find((_, seat) => !found[seat]);
  // An account deleted while it waited: its seek goes, and the others wait on.
  if (gone) {
    await ctx.store.cancelSeek(gone.playerId, gone.seekId);
    return false;
  }
  const deadlines = DeadlinesRequest.parse(first.deadlines);
  const listing = ctx.games.find((g) => g.meta.id === first.game);
  // A bot account seated makes a game unrated, as at any table (its seek was unrated already).
  const rated = first.rated && order.every((seek) => !seek.botAccount);
  const header: GameHeader = {
    gameId: ctx.secrets.gameId(),
    game: first.game,
    options: first.options,
    deadlines: resolveDeadlines(deadlines),
    seats: players.map(seatOccupant),
    createdBy: first.playerId,
    createdAt: now,
    seed,
    seedHash: hashSeed(seed),
    status: 'active',
    startedAt: now,
    revision: 1,
    ...(listing ? { engineVersion: listing.engineVersion } : {}),
    table: resolveTableRules({ allowBots: first.allowBots }, deadlines, rated),
    rated,
    visibility: 'invite',
    gameWebhooks: false,
  };
  const claims = players.map((player, seat) => runningClaim(player, { gameId: header.gameId, game: header.game, seat, joinedAt: now }));
  try {
    const outcome = await ctx.store.seatSeeks(header, order, claims);
    if (outcome.status !== 'seated') return false;
  } catch (error) {
    if (!(error instanceof RunningGamesLimitError)) throw error;
    // A player who reached their running games cannot be seated: their seek is withdrawn, and the others wait on.
    const over = order.find((seek) => seek.playerId === error.playerId);
    if (over) await ctx.store.cancelSeek(over.playerId, over.seekId);
    return false;
  }
  await startIfFull(ctx, header);
  return true;
}

/** A seek's place in the draw of seats: from the game's seed, which stays secret until the end and is revealed with it. */
function byDraw(seed: string, seek: SeekRecord): number {
  return createHash('sha256').update(`${seed}\u0000${seek.seekId}`).digest().readUInt32BE(0);
}

/**
 * The safety sweep (the standing schedule on AWS): a pass over every pool of
 * every game with seeks waiting, each re-arming its pool's timer as a pool
 * timer's firing does. Idempotent: seating is conditional, and a pool's timer
 * of the same slot takes the place of one already armed.
 */
export async function sweepPools(ctx: ServiceContext, timers: Timers): Promise<void> {
  for (const listing of ctx.games) {
    const pools = new Set((await ctx.store.listPoolSeeks(listing.meta.id)).map((seek) => seek.pool));
    for (const pool of pools) await passOverPool(ctx, timers, { kind: 'automatch', game: listing.meta.id, pool });
  }
}

/** What a pool's timer does: a pass, and the next pass while seeks still wait there. */
export async function passOverPool(ctx: ServiceContext, timers: Timers, payload: AutomatchPayload): Promise<void> {
  const pass = await matchPool(ctx, payload.game, payload.pool);
  if (pass.waiting > 0) await timers.schedule(poolTimer(payload.game, payload.pool, ctx.clock()));
}
