// The model alone: the ratings' barrel would load openskill's update into every function that only keys ratings.
import { conservative } from '../../core/ratings/model.js';

/**
 * What both adapters agree on beyond the port's types, so the in-memory store
 * behaves exactly like DynamoDB: stored values are JSON (what does not survive
 * JSON does not survive storage), cursors are opaque but shared, and
 * idempotency scopes are separated from keys by `#`.
 */

/** A JSON round trip: the copy a value gets when it is stored and read back. */
export function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A membership page ends after this game id; the next page starts after it. */
export function encodeCursor(lastGameId: string): string {
  return Buffer.from(lastGameId, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  const gameId = Buffer.from(cursor, 'base64url').toString('utf8');
  if (gameId.length === 0 || encodeCursor(gameId) !== cursor) throw new RangeError(`malformed cursor: ${cursor}`);
  return gameId;
}

/** The identity of an idempotency record; a `#` in the scope would make `a#b`+`c` and `a`+`b#c` collide. */
export function idempotencyId(scope: string, key: string): string {
  if (scope.includes('#')) throw new RangeError(`idempotency scope must not contain '#': ${scope}`);
  return `${scope}#${key}`;
}

export function assertSeq(seq: number): void {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`sequence numbers start at 1: ${seq}`);
}

export function assertAfterSeq(afterSeq: number): void {
  if (!Number.isSafeInteger(afterSeq) || afterSeq < 0) throw new RangeError(`a commit cursor is a seq, 0 or more: ${afterSeq}`);
}

export function assertLimit(limit: number): void {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer: ${limit}`);
}

export function assertNextRevision(next: { readonly revision: number }, expectedRevision: number): void {
  if (next.revision !== expectedRevision + 1) throw new RangeError(`a header write bumps the revision by one: ${expectedRevision} → ${next.revision}`);
}

/** DynamoDB orders string sort keys by their UTF-8 bytes. */
export function byUtf8(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The primary order of the characters of the ids the service makes (`g_` and base64url): case aside, `_` before `-` before digits before letters. */
const ID_ALPHABET = '_-0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A key whose byte order is the order `localeCompare` gives game ids — the
 * inbox's order among games without a deadline — so that the store can page
 * a player's finished games in it. It spells ICU's root collation for the
 * ids the service makes: first each character's weight, case aside (an id
 * that is a prefix of another comes first), then, between ids equal but for
 * case, lower case before upper at the first difference. Other characters
 * weigh after letters by code point (ids made elsewhere still get one stable
 * order). test/functions/inbox-order.test.ts holds it to `localeCompare`.
 */
export function finishedOrderKey(gameId: string): string {
  const chars = [...gameId];
  const weight = (char: string) => {
    const index = ID_ALPHABET.indexOf(char.toLowerCase());
    return index >= 0 ? index + 1 : ID_ALPHABET.length + 1 + (char.codePointAt(0) ?? 0);
  };
  const primary = chars.map((char) => weight(char).toString(16).padStart(6, '0')).join('');
  const tertiary = chars.map((char) => (char === char.toLowerCase() ? '0' : '1')).join('');
  // `.` sorts before every hex digit: a shorter primary comes first.
  return `${primary}.${tertiary}`;
}

/** An open game's place in its game's list of open games: creation instant (fixed width), then id. Both adapters read it in reverse: newest first. */
export function openGameKey(header: { readonly createdAt: number; readonly gameId: string }): string {
  return `${String(header.createdAt).padStart(15, '0')}#${header.gameId}`;
}

/** Conservative ratings outside this range are clamped in the leaderboard's key (openskill's stay within tens of 0). */
const KEYED_RATING = { min: -999, max: 9_999 } as const;

/**
 * A listed rating's place in its game's leaderboard, as a string whose byte
 * order is the order of the conservative rating (mu − 3·sigma), then of the
 * player id: fixed-width digits of the rating shifted positive, in billionths.
 * Both adapters read the leaderboard in the reverse of this order.
 */
export function leaderboardKey(rating: { readonly mu: number; readonly sigma: number; readonly playerId: string }): string {
  const clamped = Math.min(KEYED_RATING.max, Math.max(KEYED_RATING.min, conservative(rating)));
  const shifted = Math.round((clamped - KEYED_RATING.min + 1) * 1e9);
  return `${String(shifted).padStart(14, '0')}#${rating.playerId}`;
}
