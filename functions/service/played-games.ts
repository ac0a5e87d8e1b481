import { conservative } from '../../core/ratings/model.js';
import { isoInstant } from '../../core/table/index.js';
import type { FinishedRow, GameEnd, PlayerId } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { decodeEndCursor, encodeEndCursor, endPositionOf } from './end-cursor.js';
import { fail } from './errors.js';
import { publicSeats } from './present.js';

/** A profile's recent games come this many a page unless asked for fewer. */
export const RECENT_GAMES_PAGE = 20;

/** One finished game as a profile lists it: who sat where, whether the player won, and how their rating moved. */
function recentGame(playerId: PlayerId, row: FinishedRow, end: GameEnd | null) {
  const tally = end?.tallies.find((t) => t.playerId === playerId);
  const change = end?.changes.find((c) => c.playerId === playerId);
  return {
    gameId: row.gameId,
    game: row.game,
    endedAt: isoInstant(row.endedAt as number),
    seat: row.seat,
    seats: publicSeats(row),
    // Ends recorded before tallies were kept say nothing of who won.
    won: tally ? tally.won : null,
    rating: change ? { before: conservative(change.before), after: conservative(change.after), absent: change.absent } : null,
  };
}

/**
 * A player's finished games, newest end first, a page at a time: read from
 * the index each game's end writes (the export's), never a scan, each with
 * the record of its end (who won, the rating it changed). A finished game is
 * public, so anyone signed in may read anyone's.
 */
export async function recentGamesOf(ctx: ServiceContext, playerId: PlayerId, cursor: string | null, limit: number) {
  const after = decodeEndCursor(cursor, 'recent games');
  if (!(await ctx.store.getPlayer(playerId))) throw fail('player-not-found', { playerId });
  const rows = await ctx.store.listFinishedByEnd(playerId, { after, since: null, until: null }, limit + 1);
  const page = rows.slice(0, limit);
  const ends = await Promise.all(page.map((row) => ctx.store.getGameEnd(row.gameId)));
  const last = page.at(-1);
  return {
    games: page.map((row, i) => recentGame(playerId, row, ends[i] ?? null)),
    next: rows.length > limit && last ? encodeEndCursor(endPositionOf(last)) : null,
  };
}
