import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedWindows } from '../../functions/app/fixed-windows.js';
import { rateLimiter } from '../../functions/app/rate-limit.js';
import {
  ADDRESS_BURST,
  ADDRESS_LONG_POLLS,
  ADDRESS_SUSTAINED,
  BURST,
  LONG_POLLS,
  REGISTRATIONS,
  SIGN_INS,
  SUSTAINED,
} from '../../functions/app/rate-limits.js';
import { startApi, type Reply, type RunningApi } from '../support/api.js';

/**
 * Issue 12, item 4 (local half): the published limits, answered by 429
 * `rate-limited` with Retry-After and the IETF RateLimit fields.
 * Issue 22, item 1: keyed on who really calls — every request counts against
 * its client address whatever its headers, a token only once it resolves to a
 * player, registrations per address, and long-polls in a budget of their own
 * per player and per address.
 *
 * Every request here comes from 127.0.0.1; a test header stands for the
 * address each test calls from, so that tests do not share an allowance.
 */
const ADDRESS_HEADER = 'x-test-client-address';
const clientAddress = (c: Context) => c.req.header(ADDRESS_HEADER) ?? getConnInfo(c).remote.address ?? 'unknown';
const from = (address: string) => ({ [ADDRESS_HEADER]: address });

function expectRateLimited(reply: Reply, policy: string, caller: 'player' | 'client address') {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  expect(reply.body).toMatchObject({ code: 'rate-limited', status: 429 });
  expect(reply.body.detail).toContain(`"${policy}"`);
  expect(reply.body.detail).toContain(`for each ${caller}`);
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(reply.headers.get('ratelimit')).toMatch(new RegExp(`"${policy}";r=0;t=\\d+`));
}

/** Sends `count` requests at once (so they fall in one 1-second window) and returns the replies. */
const burst = (count: number, send: (i: number) => Promise<Reply>) => Promise.all(Array.from({ length: count }, (_, i) => send(i)));

const statusesOf = (replies: readonly Reply[]) => new Set(replies.map((r) => r.status));
const randomBearer = () => randomBytes(24).toString('base64url');

describe('published limits, enforced in process', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({}, { rateLimiter: rateLimiter({ clientAddress }) });
  });
  afterAll(() => api.close());

  async function register(name: string, address: string) {
    const reply = await api.client.post('/v1/players', { body: { name }, headers: from(address) });
    expect(reply.status, reply.text).toBe(201);
    return reply.body as { playerId: string; token: string };
  }

  it('announces the policies that counted each answer and what remains of them', async () => {
    const anonymous = await api.client.get('/v1/games/catalog', { headers: from('10.0.0.1') });
    expect(anonymous.status).toBe(200);
    const addressPolicies = `"address-burst";q=${ADDRESS_BURST.limit};w=1, "address-sustained";q=${ADDRESS_SUSTAINED.limit};w=60`;
    expect(anonymous.headers.get('ratelimit-policy')).toBe(addressPolicies);
    expect(anonymous.headers.get('ratelimit')).toMatch(/^"address-burst";r=\d+;t=1, "address-sustained";r=\d+;t=\d+$/);

    const ann = await register('Ann', '10.0.0.1');
    const me = await api.client.get('/v1/players/me', { token: ann.token, headers: from('10.0.0.1') });
    expect(me.headers.get('ratelimit-policy')).toBe(`${addressPolicies}, "burst";q=${BURST.limit};w=1, "sustained";q=${SUSTAINED.limit};w=60`);
  });

  it('refuses a player past its burst, leaves another player at the same address alone and keeps its long-poll open', async () => {
    const ann = await register('Ann', '10.0.0.2');
    const ben = await register('Ben', '10.0.0.2');
    const game = await api.client.post('/v1/games', {
      token: ann.token,
      body: { game: 'village-pillage', seats: 2, deadlines: 'daily' },
      headers: from('10.0.0.2'),
    });
    expect((await api.client.post(`/v1/games/${game.body.gameId}/join`, { token: ben.token, body: {}, headers: from('10.0.0.2') })).status).toBe(200);

    const replies = await burst(BURST.limit + 10, () => api.client.get('/v1/players/me', { token: ann.token, headers: from('10.0.0.2') }));
    const refused = replies.filter((r) => r.status === 429);
    // Sent at once they fall in one window; a stalled machine may spread them over two, so only "some" is certain.
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(replies.filter((r) => r.status !== 429).every((r) => r.status === 200)).toBe(true);
    expectRateLimited(refused[0] as Reply, 'burst', 'player');

    expect((await api.client.get('/v1/players/me', { token: ben.token, headers: from('10.0.0.2') })).status).toBe(200);
    const events = await api.client.get(`/v1/games/${game.body.gameId}/events?after=0&wait=1`, { token: ann.token, headers: from('10.0.0.2') });
    expect(events.status, events.text).toBe(200);
  });

  it('holds a flood of made-up bearer tokens from one address to that address’s allowance', async () => {
    const replies = await burst(ADDRESS_BURST.limit + 10, () => api.client.get('/v1/players/me', { token: randomBearer(), headers: from('10.0.0.3') }));
    expect(statusesOf(replies)).toEqual(new Set([401, 429]));
    expectRateLimited(replies.find((r) => r.status === 429) as Reply, 'address-burst', 'client address');
    // Another address is not held by it.
    expect((await api.client.get('/v1/games/catalog', { headers: from('10.0.0.4') })).status).toBe(200);
  });

  it('counts requests without a token against the client address', async () => {
    const replies = await burst(ADDRESS_BURST.limit + 5, () => api.client.get('/health', { headers: from('10.0.0.5') }));
    expect(replies.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(1);
    expectRateLimited(replies.find((r) => r.status === 429) as Reply, 'address-burst', 'client address');
  });

  it(`lets one address register ${REGISTRATIONS.limit} players in ${REGISTRATIONS.windowSeconds / 60} minutes, whatever bearer it sends`, async () => {
    const replies: Reply[] = [];
    for (let i = 0; i <= REGISTRATIONS.limit; i++) {
      replies.push(await api.client.post('/v1/players', { token: randomBearer(), body: { name: `Bot ${i}` }, headers: from('10.0.0.6') }));
    }
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(REGISTRATIONS.limit).fill(201), 429]);
    expectRateLimited(replies.at(-1) as Reply, 'registration', 'client address');
    expect(Number(replies.at(-1)?.headers.get('retry-after'))).toBeGreaterThan(60);
    // Another address may still sign up; the refused one may still play.
    expect((await api.client.post('/v1/players', { body: { name: 'Elsewhere' }, headers: from('10.0.0.7') })).status).toBe(201);
    expect((await api.client.get('/v1/players/me', { token: replies[0]?.body.token, headers: from('10.0.0.6') })).status).toBe(200);
  });

  it(`lets one address send ${SIGN_INS.limit} sign-in requests in ${SIGN_INS.windowSeconds / 60} minutes, apart from sign-ups`, async () => {
    const replies: Reply[] = [];
    for (let i = 0; i <= SIGN_INS.limit; i++) {
      const path = i % 2 === 0 ? '/v1/sign-in/passkey/options' : '/v1/sign-in/passkey';
      replies.push(await api.client.post(path, { token: randomBearer(), body: i % 2 === 0 ? undefined : { response: {} }, headers: from('10.0.0.8') }));
    }
    // Options are answered; a made-up answer is refused as such; the one past the limit is not looked at.
    expect(replies.slice(0, SIGN_INS.limit).map((r) => r.status)).toEqual(Array.from({ length: SIGN_INS.limit }, (_, i) => (i % 2 === 0 ? 200 : 400)));
    expectRateLimited(replies.at(-1) as Reply, 'sign-in', 'client address');
    expect(Number(replies.at(-1)?.headers.get('retry-after'))).toBeGreaterThan(60);
    // The same address may still sign up, and another sign in.
    expect((await api.client.post('/v1/players', { body: { name: 'Signs up' }, headers: from('10.0.0.8') })).status).toBe(201);
    expect((await api.client.post('/v1/sign-in/passkey/options', { headers: from('10.0.0.9') })).status).toBe(200);
  });

  describe('long-polls, a budget of their own', () => {
    async function gameOf(address: string, names: readonly string[]) {
      const players = [];
      for (const name of names) players.push(await register(name, address));
      const [first] = players;
      const game = await api.client.post('/v1/games', {
        token: first?.token,
        body: { game: 'village-pillage', seats: names.length, deadlines: 'daily' },
        headers: from(address),
      });
      for (const player of players.slice(1))
        await api.client.post(`/v1/games/${game.body.gameId}/join`, { token: player.token, body: {}, headers: from(address) });
      return { gameId: game.body.gameId as string, players };
    }
    const wait = (gameId: string, token: string, address: string) =>
      api.client.get(`/v1/games/${gameId}/events?after=0&wait=1`, { token, headers: from(address) });

    it(`holds a player to ${LONG_POLLS.limit} a minute, and leaves its other reads alone`, async () => {
      const { gameId, players } = await gameOf('10.0.1.1', ['Ann', 'Ben']);
      const ann = players[0]!;
      const replies = await burst(LONG_POLLS.limit + 1, () => wait(gameId, ann.token, '10.0.1.1'));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(LONG_POLLS.limit);
      expectRateLimited(replies.find((r) => r.status === 429) as Reply, 'long-poll', 'player');
      expect((await api.client.get(`/v1/games/${gameId}/events?after=0`, { token: ann.token, headers: from('10.0.1.1') })).status).toBe(200);
      expect((await wait(gameId, players[1]!.token, '10.0.1.1')).status).toBe(200);
    });

    it(`holds an address to ${ADDRESS_LONG_POLLS.limit} a minute, however many players wait from it`, async () => {
      const { gameId, players } = await gameOf('10.0.1.2', ['Ann', 'Ben', 'Cat']);
      const each = Math.ceil((ADDRESS_LONG_POLLS.limit + 2) / players.length);
      expect(each).toBeLessThanOrEqual(LONG_POLLS.limit);
      const replies = await burst(each * players.length, (i) => wait(gameId, players[i % players.length]!.token, '10.0.1.2'));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(ADDRESS_LONG_POLLS.limit);
      expectRateLimited(replies.find((r) => r.status === 429) as Reply, 'address-long-poll', 'client address');
    });
  });
});

describe('the sustained policies', () => {
  let api: RunningApi;
  // The same limiter with small sustained allowances, so the test need not send 1,200 requests.
  const policies = [ADDRESS_BURST, { ...ADDRESS_SUSTAINED, limit: 5 }, BURST, { ...SUSTAINED, limit: 3 }];
  beforeAll(async () => {
    api = await startApi({}, { rateLimiter: rateLimiter({ clientAddress, policies }) });
  });
  afterAll(() => api.close());

  it('refuses once a minute’s allowance is spent, with Retry-After up to the window’s end', async () => {
    const replies: Reply[] = [];
    for (let i = 0; i < 7; i++) replies.push(await api.client.get('/v1/games/catalog', { headers: from('10.0.2.1') }));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = replies[5] as Reply;
    expectRateLimited(refused, 'address-sustained', 'client address');
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('counts a player from any address', async () => {
    const ann = await api.client.register('Ann');
    const replies: Reply[] = [];
    for (const address of ['10.0.2.2', '10.0.2.3', '10.0.2.4', '10.0.2.5']) {
      replies.push(await api.client.get('/v1/players/me', { token: ann.token, headers: from(address) }));
    }
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expectRateLimited(replies[3] as Reply, 'sustained', 'player');
  });
});

describe('fixed windows', () => {
  it('counts hits per key until the window ends, then starts again', () => {
    let now = 1_000;
    const windows = new FixedWindows(1000, () => now);
    expect(windows.hit('a')).toEqual({ hits: 1, resetAt: 2_000 });
    now = 1_500;
    expect(windows.hit('a')).toEqual({ hits: 2, resetAt: 2_000 });
    expect(windows.hit('b')).toEqual({ hits: 1, resetAt: 2_500 });
    now = 2_000;
    expect(windows.hit('a')).toEqual({ hits: 1, resetAt: 3_000 });
    expect(windows.hit('b')).toEqual({ hits: 2, resetAt: 2_500 });
    // Idle for longer than two windows: the key was dropped, and counts from one again.
    now = 10_000;
    expect(windows.hit('b')).toEqual({ hits: 1, resetAt: 11_000 });
  });
});
