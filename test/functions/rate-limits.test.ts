import { getConnInfo } from '@hono/node-server/conninfo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitMiddleware } from '../../functions/app/rate-limit.js';
import { BURST, SUSTAINED } from '../../functions/app/rate-limits.js';
import { startApi, type Reply, type RunningApi } from '../support/api.js';

/**
 * Issue 12, item 4 (local half): the published limits (20 requests in any
 * second, 600 a minute) per token, or per address without one, answered by
 * 429 `rate-limited` with Retry-After and the IETF RateLimit fields; a
 * long-poll is counted apart, so a client that spent its allowance still
 * hears about its game.
 */
const clientAddress = (c: Parameters<typeof getConnInfo>[0]) => getConnInfo(c).remote.address ?? 'unknown';

function expectRateLimited(reply: Reply, policy: string) {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  expect(reply.body).toMatchObject({ code: 'rate-limited', status: 429 });
  expect(reply.body.detail).toContain(`"${policy}"`);
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(reply.headers.get('ratelimit')).toMatch(new RegExp(`"${policy}";r=0;t=\\d+`));
}

/** Sends `count` requests at once (so they fall in one 1-second window) and returns the replies. */
const burst = (count: number, send: () => Promise<Reply>) => Promise.all(Array.from({ length: count }, send));

describe('published limits, enforced in process', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({}, { rateLimiter: rateLimitMiddleware({ clientAddress }) });
  });
  afterAll(() => api.close());

  it('announces the policies and what remains on every answer', async () => {
    const reply = await api.client.get('/v1/games/catalog');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('ratelimit-policy')).toBe(`"burst";q=${BURST.limit};w=1, "sustained";q=${SUSTAINED.limit};w=60`);
    expect(reply.headers.get('ratelimit')).toMatch(/^"burst";r=\d+;t=1, "sustained";r=\d+;t=\d+$/);
  });

  it('refuses a token past its burst, leaves other tokens alone and keeps its long-poll open', async () => {
    const ann = await api.client.register('Ann');
    const ben = await api.client.register('Ben');
    const game = await api.client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } });
    expect((await api.client.post(`/v1/games/${game.body.gameId}/join`, { token: ben.token, body: {} })).status).toBe(200);

    const replies = await burst(BURST.limit + 10, () => api.client.get('/v1/players/me', { token: ann.token }));
    const refused = replies.filter((r) => r.status === 429);
    // Sent at once they fall in one window; a stalled machine may spread them over two, so only "some" is certain.
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(replies.filter((r) => r.status !== 429).every((r) => r.status === 200)).toBe(true);
    expectRateLimited(refused[0] as Reply, 'burst');

    expect((await api.client.get('/v1/players/me', { token: ben.token })).status).toBe(200);
    const events = await api.client.get(`/v1/games/${game.body.gameId}/events?after=0`, { token: ann.token });
    expect(events.status, events.text).toBe(200);
  });

  it('counts requests without a token against the client address', async () => {
    const replies = await burst(BURST.limit + 5, () => api.client.get('/health'));
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);
    expectRateLimited(replies.find((r) => r.status === 429) as Reply, 'burst');
  });
});

describe('the sustained policy', () => {
  let api: RunningApi;
  // The same middleware with a small sustained allowance, so the test need not send 600 requests.
  const policies = [BURST, { name: 'sustained', limit: 5, windowSeconds: 60 }];
  beforeAll(async () => {
    api = await startApi({}, { rateLimiter: rateLimitMiddleware({ clientAddress, policies }) });
  });
  afterAll(() => api.close());

  it('refuses once a minute’s allowance is spent, with Retry-After up to the window’s end', async () => {
    const replies: Reply[] = [];
    for (let i = 0; i < 7; i++) replies.push(await api.client.get('/v1/games/catalog'));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = replies[5] as Reply;
    expectRateLimited(refused, 'sustained');
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});
