import { describe, expect, it } from 'vitest';
import { acceptedGap, blockKey, formTables } from '../../functions/service/matching.js';
import type { SeekRecord } from '../../functions/store/port.js';

const HOUR = 3_600_000;
const seek = (seekId: string, mu: number, createdAt = 0, playerId = `pl_${seekId}`): SeekRecord => ({
  seekId,
  playerId,
  name: seekId,
  game: 'village-pillage',
  seats: 2,
  deadlines: 'daily',
  options: {},
  rated: true,
  allowBots: false,
  pool: 'p',
  mu,
  createdAt,
  expiresAt: createdAt + 24 * HOUR,
  status: 'waiting',
});
const ids = (tables: SeekRecord[][]) => tables.map((table) => table.map((s) => s.seekId));

describe('the automatch rule', () => {
  it('accepts a gap of 3 at first, widening by 6 an hour', () => {
    expect(acceptedGap(seek('a', 25), 0)).toBe(3);
    expect(acceptedGap(seek('a', 25), 2 * HOUR)).toBe(15);
    expect(acceptedGap(seek('a', 25, HOUR), 0)).toBe(3);
  });

  it('seats the oldest seek with the closest rating first, and leaves a far one waiting until the gaps widen', () => {
    const pool = [seek('old', 25, 0), seek('far', 35, 1), seek('near', 26, 2), seek('close', 24.5, 3)];
    expect(ids(formTables(pool, 2, new Set(), 10))).toEqual([['old', 'close']]);
    // `near` and `far` differ by 9: accepted once the older of them has waited an hour.
    expect(ids(formTables(pool.slice(1, 3), 2, new Set(), HOUR + 1))).toEqual([['far', 'near']]);
    expect(ids(formTables(pool.slice(1, 3), 2, new Set(), HOUR - 1_000))).toEqual([]);
  });

  it('never seats a blocked pair or one player twice, and fills every table it can', () => {
    const pool = [seek('a', 25, 0), seek('b', 25, 1), seek('c', 25, 2), seek('d', 25, 3, 'pl_a')];
    const blocked = new Set([blockKey('pl_a', 'pl_b'), blockKey('pl_b', 'pl_a')]);
    expect(ids(formTables(pool, 2, blocked, 0))).toEqual([['a', 'c']]);
    expect(ids(formTables([...pool, seek('e', 25, 4)], 3, blocked, 0))).toEqual([['a', 'c', 'e']]);
    expect(ids(formTables([...pool, seek('e', 25, 4), seek('f', 25, 5)], 2, blocked, 0))).toEqual([
      ['a', 'c'],
      ['b', 'e'],
      ['d', 'f'],
    ]);
  });
});
