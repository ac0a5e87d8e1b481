import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { finishedOrderKey } from '../../functions/store/conventions.js';
import { cryptoSecrets } from '../../functions/service/ids.js';

/**
 * The inbox orders games without a deadline by `localeCompare` of their ids,
 * as it always has; the store pages finished games by `finishedOrderKey`, so
 * the two must agree, byte order against collation, on every id the service
 * makes — and on the near misses (case, `-` and `_`, prefixes).
 */
const byKey = (a: string, b: string) => Buffer.compare(Buffer.from(finishedOrderKey(a)), Buffer.from(finishedOrderKey(b)));

describe('the finished games’ order key', () => {
  it('orders the ids the service makes as localeCompare does', () => {
    const ids = Array.from({ length: 5000 }, () => cryptoSecrets.gameId());
    for (let i = 0; i < 500; i++) {
      const stem = `g_${randomBytes(3).toString('base64url')}`;
      ids.push(stem, stem.toUpperCase(), stem.toLowerCase(), `${stem}_`, `${stem}-`, `${stem}0`, `${stem}a`, `${stem}A`);
    }
    expect([...ids].sort(byKey)).toEqual([...ids].sort((a, b) => a.localeCompare(b)));
  });
});
