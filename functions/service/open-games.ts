import { decodeCursor } from '../store/conventions.js';
import type { GameHeader, PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { fail } from './errors.js';
import { publicHeader } from './present.js';

/** An open game's key as the store makes it (conventions.ts): fixed-width digits, `#`, a game id. */
const OPEN_GAME_KEY = /^\d{15}#.+$/s;

/**
 * Games of one kind anyone may join: `visibility: open`, seats still free,
 * newest first, a page at a time, but those holding a player the viewer
 * blocked or who blocked the viewer, read from the open-games index (never a
 * scan; eventually consistent, so a game filled a moment ago may still show,
 * and joining it answers `game-full`).
 */
export async function listOpenGames(ctx: ServiceContext, viewer: PlayerRecord, game: string, cursor: string | null, limit: number) {
  if (!ctx.games.some((listing) => listing.meta.id === game)) throw fail('unknown-game', { game });
  if (cursor !== null && !validCursor(cursor)) throw fail('invalid-cursor', { list: 'open games' });
  const page = await ctx.store.listOpenGames(game, cursor, limit);
  // A table holding someone the viewer blocked, or who blocked the viewer, is one they could never join: it is not shown (a page may come shorter; `next` goes on).
  const seated = (header: GameHeader) => header.seats.flatMap((occupant) => (occupant.kind === 'player' ? [occupant.playerId] : []));
  const blocked = await ctx.store.blockedEitherWay(viewer.playerId, page.items.flatMap(seated));
  return {
    games: page.items
      .filter((header) => !seated(header).some((playerId) => blocked.has(playerId)))
      .map((header) => ({ ...publicHeader(header), freeSeats: header.seats.filter((seat) => seat.kind === 'empty').length })),
    next: page.next,
  };
}

function validCursor(cursor: string): boolean {
  try {
    return OPEN_GAME_KEY.test(decodeCursor(cursor));
  } catch {
    return false;
  }
}
