import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAMBDA_TOKEN_CACHE_MS, WitnessingTokenCache } from '../../functions/lambda/witnessing-token-cache.js';
import { createAccessToken, revokeAccessToken } from '../../functions/service/access-tokens.js';
import { createServiceContext, type ServiceContext } from '../../functions/service/context.js';
import { authenticate, LAST_USE_PRECISION_MS, registerPlayer } from '../../functions/service/players.js';
import { MemoryStore } from '../../functions/store/memory.js';
import { sha256Hex } from '../../functions/service/ids.js';
import { manualClock, startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';

const HOUR = 60 * 60 * 1000;

describe.each(STORE_KINDS)('personal access tokens (%s store)', (kind) => {
  const clock = manualClock();
  let api: RunningApi;
  let ann: { playerId: string; token: string };
  let ben: { playerId: string; token: string };
  let gameId: string;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'access-tokens', clock.now), clock: clock.now });
    ann = await api.client.register('Ann');
    ben = await api.client.register('Ben');
    gameId = (await api.client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    const joined = await api.client.post(`/v1/games/${gameId}/join`, { token: ben.token, body: {} });
    expect(joined.status, joined.text).toBe(200);
  });
  afterAll(() => api.close());

  it('makes a read-only token that reads but cannot play (403 naming the scope), and revokes it in one call, even while cached', async () => {
    const made = await api.client.post('/v1/players/me/tokens', {
      token: ann.token,
      body: { label: '  stats site  ', scopes: ['games:read'], expiresAt: '2027-11-25T12:00:00Z' },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      label: 'stats site',
      scopes: ['games:read'],
      createdAt: '2026-11-25T12:00:00.000Z',
      expiresAt: '2027-11-25T12:00:00.000Z',
      lastUsedAt: null,
    });
    const reader = made.body.token as string;
    expect(reader).toMatch(/^vt_/);

    const view = await api.client.get(`/v1/games/${gameId}`, { token: reader });
    expect(view.status, view.text).toBe(200);
    const listed = await api.client.get(`/v1/games/${gameId}/moves`, { token: reader });
    expect(listed.status).toBe(200);
    const played = await api.client.post(`/v1/games/${gameId}/moves`, { token: reader, body: { moves: [listed.body.moves[0]] } });
    expect(played.status).toBe(403);
    expect(played.body).toMatchObject({ code: 'insufficient-scope', scope: 'games:play', missing: ['games:play'] });
    expect(played.body.detail).toContain('games:play');
    // Nothing was played.
    expect((await api.client.get(`/v1/games/${gameId}`, { token: ann.token })).body.version).toBe(view.body.version);
    expect((await api.client.get('/v1/notifications', { token: reader })).body.code).toBe('insufficient-scope');
    expect((await api.client.get('/v1/players/me', { token: reader })).body.playerId).toBe(ann.playerId);

    // The token was just used, so this process's cache holds it: the revocation must reach the cache too.
    expect(api.ctx.tokens.get(sha256Hex(reader), clock.now())).not.toBeNull();
    const revoked = await api.client.request('DELETE', `/v1/players/me/tokens/${made.body.tokenId}`, { token: ann.token });
    expect(revoked.status, revoked.text).toBe(204);
    const after = await api.client.get(`/v1/games/${gameId}`, { token: reader });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('invalid-token');
    const again = await api.client.request('DELETE', `/v1/players/me/tokens/${made.body.tokenId}`, { token: ann.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('access-token-not-found');
  });

  it('lists label, scopes, created, last use (to the hour) and expiry, never the token or its hash', async () => {
    const made = await api.client.post('/v1/players/me/tokens', { token: ben.token, body: { label: 'my bot', scopes: ['games:read', 'games:play'] } });
    expect(made.status, made.text).toBe(201);
    expect(made.body.expiresAt).toBeNull();
    const bot = made.body.token as string;
    const firstUse = clock.now();
    expect((await api.client.get(`/v1/games/${gameId}/moves`, { token: bot })).status).toBe(200);
    clock.advance(HOUR / 2);
    expect((await api.client.get(`/v1/games/${gameId}`, { token: bot })).status).toBe(200);

    const list = await api.client.get('/v1/players/me/tokens', { token: ben.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual({
      tokens: [
        {
          tokenId: made.body.tokenId,
          label: 'my bot',
          scopes: ['games:read', 'games:play'],
          createdAt: new Date(firstUse).toISOString(),
          expiresAt: null,
          lastUsedAt: new Date(firstUse).toISOString(),
          // Made by hand, not by signing a device in.
          device: null,
        },
      ],
      max: 20,
    });
    expect(list.text).not.toContain(bot);
    expect(list.text).not.toContain(sha256Hex(bot));

    clock.advance(LAST_USE_PRECISION_MS);
    await api.client.get(`/v1/games/${gameId}`, { token: bot });
    const relisted = await api.client.get('/v1/players/me/tokens', { token: ben.token });
    expect(relisted.body.tokens[0].lastUsedAt).toBe(new Date(clock.now()).toISOString());
    // Others' tokens are not listed, and cannot be revoked by them.
    expect((await api.client.get('/v1/players/me/tokens', { token: ann.token })).body.tokens).toEqual([]);
    expect((await api.client.request('DELETE', `/v1/players/me/tokens/${made.body.tokenId}`, { token: ann.token })).status).toBe(404);
    expect((await api.client.get(`/v1/games/${gameId}`, { token: bot })).status).toBe(200);
  });

  it('refuses an expired token with 401 token-expired, and an expiry in the past', async () => {
    const soon = new Date(clock.now() + HOUR).toISOString();
    const made = await api.client.post('/v1/players/me/tokens', { token: ann.token, body: { label: 'an hour', scopes: ['games:read'], expiresAt: soon } });
    expect(made.status, made.text).toBe(201);
    expect((await api.client.get('/v1/games', { token: made.body.token })).status).toBe(200);
    clock.advance(HOUR);
    const expired = await api.client.get('/v1/games', { token: made.body.token });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'token-expired', expiredAt: soon });
    const past = await api.client.post('/v1/players/me/tokens', { token: ann.token, body: { label: 'late', scopes: ['games:read'], expiresAt: soon } });
    expect(past.status).toBe(422);
    expect(past.body.code).toBe('token-expiry-in-past');
  });

  it('grants only what the asking token holds, and no more than the limit', async () => {
    const accountOnly = await api.client.post('/v1/players/me/tokens', { token: ann.token, body: { label: 'manager', scopes: ['account:write'] } });
    expect(accountOnly.status, accountOnly.text).toBe(201);
    const wider = await api.client.post('/v1/players/me/tokens', {
      token: accountOnly.body.token,
      body: { label: 'wider', scopes: ['account:write', 'games:play'] },
    });
    expect(wider.status).toBe(403);
    expect(wider.body).toMatchObject({ code: 'insufficient-scope', scope: 'games:play', missing: ['games:play'] });
    const narrow = await api.client.post('/v1/players/me/tokens', { token: accountOnly.body.token, body: { label: 'same', scopes: ['account:write'] } });
    expect(narrow.status).toBe(201);

    const cap = await api.client.register('Cap');
    for (let i = 0; i < 20; i++)
      expect((await api.client.post('/v1/players/me/tokens', { token: cap.token, body: { label: `t${i}`, scopes: ['games:read'] } })).status).toBe(201);
    const over = await api.client.post('/v1/players/me/tokens', { token: cap.token, body: { label: 'one more', scopes: ['games:read'] } });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'too-many-access-tokens', max: 20 });
    const bad = await api.client.post('/v1/players/me/tokens', { token: cap.token, body: { label: 'x', scopes: ['games:everything'] } });
    expect(bad.status).toBe(400);
  });
});

describe('the Lambda’s token cache', () => {
  it('names the player of the request in progress only', () => {
    const cache = new WitnessingTokenCache();
    const holder = { player: { playerId: 'pl_1', name: 'Ann', tokenHash: 'a', createdAt: 0 }, access: null };
    cache.put('a', holder, 0);
    expect(cache.playerId).toBe('pl_1');
    cache.forget();
    expect(cache.playerId).toBeUndefined();
    expect(cache.get('a', 1)).toEqual(holder);
    expect(cache.playerId).toBe('pl_1');
  });

  it('refuses a revoked token at once on the instance that revoked it, and within LAMBDA_TOKEN_CACHE_MS on every other', async () => {
    const clock = manualClock();
    const store = new MemoryStore();
    // Two Lambda instances of the HTTP function: one store, a token cache each.
    const [one, other] = [0, 1].map(() => createServiceContext({ store, clock: clock.now, tokens: new WitnessingTokenCache() })) as [
      ServiceContext,
      ServiceContext,
    ];
    const ann = await registerPlayer(one, 'Ann');
    const owner = await authenticate(one, `Bearer ${ann.token}`);
    const made = await createAccessToken(one, owner, { label: 'bot', scopes: ['games:read'], expiresAt: null });
    const bearer = `Bearer ${made.token}`;
    // Both instances have served the token (and cached it).
    await authenticate(one, bearer);
    await authenticate(other, bearer);
    clock.advance(1_000);
    await revokeAccessToken(one, ann.playerId, made.record.tokenId);
    await expect(authenticate(one, bearer)).rejects.toMatchObject({ code: 'invalid-token' });
    // The other instance learns of it when its entry expires, LAMBDA_TOKEN_CACHE_MS after its read of the store:
    // a hit just before does not extend the entry's life.
    clock.advance(LAMBDA_TOKEN_CACHE_MS - 1_000 - 1);
    expect((await authenticate(other, bearer)).player.playerId).toBe(ann.playerId);
    clock.advance(1);
    await expect(authenticate(other, bearer)).rejects.toMatchObject({ code: 'invalid-token' });
  });
});
