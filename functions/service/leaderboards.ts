import { conservative, isProvisional, ratingAt } from '../../core/ratings/model.js';
import { isoInstant } from '../../core/table/index.js';
import { decodeCursor } from '../store/conventions.js';
import type { PlayerRating } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { poolRating } from './game-end.js';

/** A leaderboard's first page is its top 100 (README, limits); `limit` asks for fewer. */
export const LEADERBOARD_PAGE = 100;

/** Index pages one leaderboard page reads at most while skipping ratings that inactivity made provisional again. */
const PAGES_PER_ANSWER = 5;

/** A rating as clients read it, as of `now`: its uncertainty grown by inactivity (core/ratings). */
export function presentRating(stored: PlayerRating, now: number) {
  const current = ratingAt(poolRating(stored), now);
  const rating = conservative(current);
  const provisional = isProvisional(current);
  return {
    rating,
    display: `${rating.toFixed(1)}${provisional ? '?' : ''}`,
    provisional,
    mu: current.mu,
    sigma: current.sigma,
    games: current.games,
    wins: current.wins,
    lastGameAt: current.lastGameAt === null ? null : isoInstant(current.lastGameAt),
  };
}

/** Where a leaderboard page starts: the rank before it and the index's cursor. */
interface Position {
  readonly rank: number;
  readonly after: string;
}

/** A leaderboard key as the store makes it (conventions.ts): fixed-width digits, `#`, a player id. */
const LEADERBOARD_KEY = /^\d{14}#.+$/s;

function decodePosition(cursor: string | null): Position | null {
  if (cursor === null) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2) {
      const [rank, after] = parsed as unknown[];
      if (Number.isSafeInteger(rank) && (rank as number) > 0 && typeof after === 'string' && LEADERBOARD_KEY.test(decodeCursor(after)))
        return { rank: rank as number, after };
    }
  } catch {
    // Not JSON, or not a cursor of the store's: refused below.
  }
  throw fail('invalid-cursor', { list: 'leaderboard' });
}

const encodePosition = (at: Position) => Buffer.from(JSON.stringify([at.rank, at.after]), 'utf8').toString('base64url');

/**
 * A game's leaderboard: established ratings, highest conservative rating
 * first, `limit` at a time, read from the leaderboard index (never a scan).
 * The index orders ratings as of each player's latest rated game; one whose
 * uncertainty has grown past the provisional bound since (inactivity) is
 * skipped, so a page may read a few index pages.
 */
export async function leaderboard(ctx: ServiceContext, game: string, cursor: string | null, limit: number) {
  if (!ctx.games.some((listing) => listing.meta.id === game)) throw fail('unknown-game', { game });
  const start = decodePosition(cursor);
  const now = ctx.clock();
  const entries: (ReturnType<typeof presentRating> & { rank: number; playerId: string; name: string })[] = [];
  let rank = start?.rank ?? 0;
  let after = start?.after ?? null;
  for (let pages = 0; pages < PAGES_PER_ANSWER && entries.length < limit; pages++) {
    const page = await ctx.store.listLeaderboard(game, after, limit - entries.length);
    for (const stored of page.items) {
      const shown = presentRating(stored, now);
      if (!shown.provisional) entries.push({ rank: ++rank, playerId: stored.playerId, name: stored.name, ...shown });
    }
    after = page.next;
    if (after === null) break;
  }
  return { game, entries, next: after === null ? null : encodePosition({ rank, after }) };
}
