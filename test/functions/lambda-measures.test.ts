import { describe, expect, it } from 'vitest';
import { countsOfAnswer, timerLagSeconds } from '../../functions/lambda/measures.js';
import { METRIC } from '../../functions/lambda/telemetry-names.js';
import type { Commit } from '../../functions/store/port.js';

describe('what an HTTP answer counts', () => {
  const moves = '/v1/games/g_abc/moves';

  it.each([
    ['an accepted move', 'POST', moves, 200, null, [{ metric: METRIC.movesAccepted }]],
    ['a refused move, by its code', 'POST', moves, 409, 'not-your-turn', [{ metric: METRIC.movesRejected, code: 'not-your-turn' }]],
    ['a rate-limited move', 'POST', moves, 429, 'rate-limited', [{ metric: METRIC.movesRejected, code: 'rate-limited' }, { metric: METRIC.rateLimited }]],
    ['a move whose store was unreachable', 'POST', moves, 503, 'store-unavailable', [{ metric: METRIC.serverErrors }, { metric: METRIC.storeUnavailable }]],
    ['a rate-limited read', 'GET', '/v1/games/g_abc', 429, 'rate-limited', [{ metric: METRIC.rateLimited }]],
    ['a bug', 'GET', '/v1/games', 500, 'internal-error', [{ metric: METRIC.serverErrors }]],
    ['listing legal moves', 'GET', moves, 200, null, []],
    ['a refusal without a problem body', 'POST', moves, 413, null, [{ metric: METRIC.movesRejected, code: 'http-413' }]],
  ] as const)('%s', (_name, method, path, status, code, expected) => {
    expect(countsOfAnswer(method, path, status, code)).toEqual(expected);
  });
});

describe('timer lag', () => {
  const commit = (command: unknown, at: number) => ({ command, at }) as Commit;

  it('is the seconds from the deadline to the timeout commit, and only for timeouts', () => {
    expect(timerLagSeconds(commit({ type: 'timeout', pendingId: 'p3', at: 10_000 }, 12_500))).toBe(2.5);
    expect(timerLagSeconds(commit({ type: 'timeout', pendingId: 'p3', at: 10_000 }, 10_000))).toBe(0);
    expect(timerLagSeconds(commit({ type: 'bot', seat: 1, at: 10_000 }, 12_500))).toBeNull();
    expect(timerLagSeconds(commit({ type: 'timeout' }, 12_500))).toBeNull();
  });
});
