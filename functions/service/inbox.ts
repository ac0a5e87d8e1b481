import { isAway } from '../../core/table/index.js';
import type { GameHeader, GameStatus, MembershipRow, PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { presentAway, publicSeats } from './present.js';

export interface InboxQuery {
  readonly status?: GameStatus;
  /** Only games where the caller's move is awaited. */
  readonly awaitingMe: boolean;
  readonly limit: number;
  readonly cursor: string | null;
}

/** Reads several games at once without flooding the store. */
const PARALLEL_READS = 16;

/** Every game the player sits in, all pages. */
export async function allMemberships(ctx: ServiceContext, playerId: string): Promise<MembershipRow[]> {
  const rows: MembershipRow[] = [];
  let cursor: string | null = null;
  do {
    const page = await ctx.store.listMemberships(playerId, cursor, 100);
    rows.push(...page.items);
    cursor = page.next;
  } while (cursor !== null);
  return rows;
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
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

async function entryFor(ctx: ServiceContext, row: MembershipRow): Promise<InboxEntry | null> {
  const [header, latest] = await Promise.all([ctx.store.getHeader(row.gameId), ctx.store.latestCommit(row.gameId)]);
  if (!header) return null;
  const status: GameStatus = latest?.summary.status ?? (header as GameHeader).status;
  const awaiting = latest?.summary.awaiting ?? [];
  const summary = latest?.summary;
  const deadline = summary?.lateParts?.find((part) => part.seat === row.seat)?.deadline ?? summary?.deadline ?? null;
  const now = ctx.clock();
  return {
    gameId: row.gameId,
    game: row.game,
    status,
    seat: row.seat,
    version: latest?.seq ?? 0,
    yourMove: status === 'active' && awaiting.includes(row.seat),
    deadline: deadline === null ? null : new Date(deadline).toISOString(),
    seats: publicSeats(header),
    vacations: presentAway((summary?.vacations ?? []).filter((away) => isAway(away, now))),
  };
}

/** Your move first, nearest deadline first; then the rest, most recent first. */
function inboxOrder(a: InboxEntry, b: InboxEntry): number {
  if (a.yourMove !== b.yourMove) return a.yourMove ? -1 : 1;
  const da = a.deadline ?? '9999';
  const db = b.deadline ?? '9999';
  return da === db ? a.gameId.localeCompare(b.gameId) : da.localeCompare(db);
}

function decodeCursor(cursor: string | null): number {
  if (cursor === null) return 0;
  const offset = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) throw fail('invalid-cursor', { list: 'games' });
  return offset;
}

/** The caller's games: the inbox of moves awaited from them, and the rest. */
export async function listMyGames(ctx: ServiceContext, player: PlayerRecord, query: InboxQuery) {
  const offset = decodeCursor(query.cursor);
  const rows = await allMemberships(ctx, player.playerId);
  const entries = (await mapLimited(rows, PARALLEL_READS, (row) => entryFor(ctx, row))).filter((e): e is InboxEntry => e !== null);
  const awaitingYourMove = entries.filter((e) => e.yourMove).length;
  const selected = entries.filter((e) => (query.status === undefined || e.status === query.status) && (!query.awaitingMe || e.yourMove)).sort(inboxOrder);
  const page = selected.slice(offset, offset + query.limit);
  const nextOffset = offset + page.length;
  return {
    games: page,
    awaitingYourMove,
    next: nextOffset < selected.length ? Buffer.from(String(nextOffset), 'utf8').toString('base64url') : null,
  };
}
