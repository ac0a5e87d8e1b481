import type { SeekRecord } from '../store/port.js';

/**
 * The automatch rule, pure: which waiting seeks of one pool sit down
 * together now. README "Automatch" states it with the same numbers.
 *
 * Closeness is measured on each player's rating estimate in the game's pool
 * (`mu`: 25 for a newcomer) as it was when they sought. A seek accepts a
 * difference of `ACCEPTED_GAP.initial` at first, widening by
 * `ACCEPTED_GAP.perHour` for every hour it has waited (continuously); two
 * seeks may share a table when their difference is within the wider of their
 * two gaps — whoever has waited longer widens the table for both —, and a
 * table is a group in which every pair may, with no pair on one another's
 * block list (either way) and no player twice.
 *
 * Tables are formed greedily, longest wait first: the oldest seek still
 * unseated anchors a table and takes, closest rating first (then longest
 * wait), each seek acceptable to everyone chosen so far, until the table is
 * full; an anchor that cannot fill one stays waiting and the next oldest
 * anchors. So a pool seats as many tables as it can now, never makes a
 * player wait behind a table that cannot form, and prefers close ratings.
 */
export const ACCEPTED_GAP = { initial: 3, perHour: 6 } as const;

const HOUR_MS = 3_600_000;

/** The rating difference a seek accepts at `now`. */
export function acceptedGap(seek: Pick<SeekRecord, 'createdAt'>, now: number): number {
  return ACCEPTED_GAP.initial + (ACCEPTED_GAP.perHour * Math.max(0, now - seek.createdAt)) / HOUR_MS;
}

/** A blocked pair, whichever blocked the other: both orders are in the set (`blockKey`). */
export const blockKey = (a: string, b: string): string => `${a}\u0000${b}`;

/** Whether two seeks may share a table at `now`. */
function mayShare(a: SeekRecord, b: SeekRecord, blocked: ReadonlySet<string>, now: number): boolean {
  if (a.playerId === b.playerId || blocked.has(blockKey(a.playerId, b.playerId))) return false;
  return Math.abs(a.mu - b.mu) <= Math.max(acceptedGap(a, now), acceptedGap(b, now));
}

/**
 * The tables to seat now from one pool's waiting seeks (all of one pool:
 * same game, seats and the rest), each a list of `seats` seeks, anchor first.
 */
export function formTables(pool: readonly SeekRecord[], seats: number, blocked: ReadonlySet<string>, now: number): SeekRecord[][] {
  const waiting = [...pool].sort((a, b) => a.createdAt - b.createdAt || (a.seekId < b.seekId ? -1 : 1));
  const seated = new Set<string>();
  const tables: SeekRecord[][] = [];
  for (const anchor of waiting) {
    if (seated.has(anchor.seekId)) continue;
    const table = [anchor];
    const candidates = waiting
      .filter((seek) => seek !== anchor && !seated.has(seek.seekId))
      .sort((a, b) => Math.abs(a.mu - anchor.mu) - Math.abs(b.mu - anchor.mu) || a.createdAt - b.createdAt);
    for (const candidate of candidates) {
      if (table.length === seats) break;
      if (table.every((chosen) => mayShare(chosen, candidate, blocked, now))) table.push(candidate);
    }
    if (table.length < seats) continue;
    for (const seek of table) seated.add(seek.seekId);
    tables.push(table);
  }
  return tables;
}
