import type { EndPosition, FinishedRow } from '../store/port.js';
import { fail } from './errors.js';
import type { CursorList } from './problems.js';

/**
 * Where a list of a player's finished games, newest end first, stands: after
 * this game, which ended then. Shared by the export and the profile's recent
 * games, which read the same index (`listFinishedByEnd`).
 */
export const endPositionOf = (row: FinishedRow): EndPosition => ({ endedAt: row.endedAt as number, gameId: row.gameId });

export function encodeEndCursor(at: EndPosition): string {
  return Buffer.from(JSON.stringify([at.endedAt, at.gameId]), 'utf8').toString('base64url');
}

/** The position a cursor names, or `invalid-cursor` naming the `list` it was given to. */
export function decodeEndCursor(cursor: string | null, list: CursorList): EndPosition | null {
  if (cursor === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fail('invalid-cursor', { list });
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw fail('invalid-cursor', { list });
  const [endedAt, gameId] = parsed as unknown[];
  if (!Number.isSafeInteger(endedAt) || typeof gameId !== 'string' || gameId.length === 0) throw fail('invalid-cursor', { list });
  return { endedAt: endedAt as number, gameId };
}
