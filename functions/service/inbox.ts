import { isAway } from '../../core/table/index.js';
import { finishedOrderKey } from '../store/conventions.js';
import type { FinishedRow, GameStatus, PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { runningGames, type RunningGame } from './memberships.js';
import { presentAway, publicSeats } from './present.js';

export interface InboxQuery {
  readonly status?: GameStatus;
  /** Only games where the caller's move is awaited. */
  readonly awaitingMe: boolean;
  readonly limit: number;
  readonly cursor: string | null;
}

interface InboxEntry {
  readonly gameId: string;
  readonly game: string;
  readonly status: GameStatus;
  readonly seat: number;
  readonly version: number;
  readonly yourMove: boolean;
  /** Your own deadline: your part's, when a vacation gave you a later one. */
  readonly deadline: string | null;
  readonly seats: ReturnType<typeof publicSeats>;
  /** Seats whose players are on vacation now, and until when. */
  readonly vacations: readonly { readonly seat: number; readonly until: string }[];
}

/**
 * Where an entry stands in the inbox: your move first, then nearest
 * deadline first (none last), then game id in `localeCompare` order (as its
 * `finishedOrderKey`). Also the cursor: a page goes on after its last entry.
 */
interface Position {
  readonly rank: 0 | 1;
  readonly deadline: number | null;
  readonly key: string;
}

/** An entry with where it stands. */
interface Placed {
  readonly entry: InboxEntry;
  readonly at: Position;
}

function compare(a: Position, b: Position): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  const [da, db] = [a.deadline ?? Infinity, b.deadline ?? Infinity];
  if (da !== db) return da < db ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());

function runningEntry({ row, header, latest }: RunningGame, seat: number, now: number): Placed {
  const summary = latest?.summary;
  const status: GameStatus = summary?.status ?? header.status;
  const deadline = summary?.lateParts?.find((part) => part.seat === seat)?.deadline ?? summary?.deadline ?? null;
  const yourMove = status === 'active' && (summary?.awaiting ?? []).includes(seat);
  return {
    entry: {
      gameId: row.gameId,
      game: row.game,
      status,
      seat,
      version: latest?.seq ?? 0,
      yourMove,
      deadline: isoOrNull(deadline),
      seats: publicSeats(header),
      vacations: presentAway((summary?.vacations ?? []).filter((away) => isAway(away, now))),
    },
    at: { rank: yourMove ? 0 : 1, deadline, key: finishedOrderKey(row.gameId) },
  };
}

function finishedEntry(row: FinishedRow, now: number): Placed {
  return {
    entry: {
      gameId: row.gameId,
      game: row.game,
      status: 'finished',
      seat: row.seat,
      version: row.version,
      yourMove: false,
      deadline: null,
      seats: publicSeats(row),
      vacations: presentAway((row.vacations ?? []).filter((away) => isAway(away, now))),
    },
    at: { rank: 1, deadline: null, key: finishedOrderKey(row.gameId) },
  };
}

function encodeCursor(at: Position): string {
  return Buffer.from(JSON.stringify([at.rank, at.deadline, at.key]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string | null): Position | null {
  if (cursor === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fail('invalid-cursor', { list: 'games' });
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw fail('invalid-cursor', { list: 'games' });
  const [rank, deadline, key] = parsed as unknown[];
  if ((rank !== 0 && rank !== 1) || !(deadline === null || Number.isSafeInteger(deadline)) || typeof key !== 'string' || key.length === 0)
    throw fail('invalid-cursor', { list: 'games' });
  return { rank, deadline: deadline as number | null, key };
}

/**
 * The caller's games: the inbox of moves awaited from them, and the rest.
 * Reads one page of an index, never every game ever joined: the running
 * games (at most RUNNING_GAMES_PER_PLAYER: one query, one batch of their
 * headers and a query of each started one's newest commit, ordered here)
 * and, after them, a page of the finished games, which the store keeps in
 * the inbox's order.
 */
export async function listMyGames(ctx: ServiceContext, player: PlayerRecord, query: InboxQuery) {
  const after = decodeCursor(query.cursor);
  const now = ctx.clock();
  // A game created without taking a seat counts against its creator, but is not theirs to play.
  const running = (await runningGames(ctx, player.playerId)).flatMap((game) => (game.row.seat === null ? [] : [runningEntry(game, game.row.seat, now)]));
  const awaitingYourMove = running.filter(({ entry }) => entry.yourMove).length;
  const later = ({ at }: Placed) => after === null || compare(at, after) > 0;
  const wanted = running.filter(({ entry }) => (query.status === undefined || entry.status === query.status) && (!query.awaitingMe || entry.yourMove));
  // Finished games come after every game with a deadline: a page asks the index for them from where it stands among them.
  const finishedToo = !query.awaitingMe && (query.status === undefined || query.status === 'finished');
  const fromKey = after !== null && after.rank === 1 && after.deadline === null ? after.key : null;
  const finished = finishedToo ? await ctx.store.listFinishedGames(player.playerId, fromKey, query.limit + 1) : [];
  const ordered = [...wanted.filter(later), ...finished.map((row) => finishedEntry(row, now))].sort((a, b) => compare(a.at, b.at));
  const page = ordered.slice(0, query.limit);
  const last = page.at(-1);
  return {
    games: page.map(({ entry }) => entry),
    awaitingYourMove,
    next: ordered.length > query.limit && last ? encodeCursor(last.at) : null,
  };
}
