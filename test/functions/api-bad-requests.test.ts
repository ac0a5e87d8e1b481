import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../functions/app/body-depth.js';
import { startApi, storeOf, STORE_KINDS, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';

/** A JSON body sent in 1 KB chunks, so the request carries no Content-Length and the size is only known by counting. */
function chunkedJson(value: unknown): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, (offset += 1024)));
    },
  });
}

/**
 * Every malformed, unauthorised, stale or illegal request gets a precise 4xx
 * problem document with a stable code — and changes nothing: after each one,
 * both players' views and logs are exactly what they were.
 */
describe.each(STORE_KINDS)('on the %s store', (storeKind) => {
  let api: RunningApi;
  let client: ApiClient;
  let alice: { token: string; playerId: string };
  let bob: { token: string; playerId: string };
  let carol: { token: string; playerId: string };
  let gameId: string;
  let openGameId: string;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf(storeKind, 'bad-requests'), games: [sealedBidsListing] });
    client = api.client;
    alice = await client.register('Alice');
    bob = await client.register('Bob');
    carol = await client.register('Carol');
    gameId = (await client.post('/v1/games', { token: alice.token, body: { game: 'sealed-bids', seats: 2, deadlines: 'daily' } })).body.gameId;
    await client.post(`/v1/games/${gameId}/join`, { token: bob.token, body: {} });
    // Alice has bid: the game is at version 2, waiting for Bob.
    const bid = (await client.get(`/v1/games/${gameId}/moves`, { token: alice.token })).body.moves[0];
    await client.post(`/v1/games/${gameId}/moves`, { token: alice.token, body: { moves: [bid] }, headers: { 'idempotency-key': 'used-key' } });
    openGameId = (await client.post('/v1/games', { token: carol.token, body: { game: 'sealed-bids', seats: 3, deadlines: 'daily' } })).body.gameId;
  });
  afterAll(() => api.close());

  async function snapshot() {
    const parts = await Promise.all(
      [alice, bob].flatMap((p) => [client.get(`/v1/games/${gameId}`, { token: p.token }), client.get(`/v1/games/${gameId}/events`, { token: p.token })]),
    );
    const open = await client.get(`/v1/games/${openGameId}`, { token: carol.token });
    return JSON.stringify([...parts.map((r) => r.body), open.body]);
  }

  const moves = () => `/v1/games/${gameId}/moves`;
  const bobsBid = async () => (await client.get(moves(), { token: bob.token })).body.moves[0];

  interface BadRequest {
    readonly name: string;
    readonly send: () => Promise<{ status: number; body: any; headers: Headers }>;
    readonly status: number;
    readonly code: string;
  }

  const cases: BadRequest[] = [
    {
      name: 'malformed JSON',
      send: () => client.post(moves(), { token: bob.token, rawBody: '{"moves": [', headers: { 'content-type': 'application/json' } }),
      status: 400,
      code: 'malformed-json',
    },
    { name: 'JSON that is not an object', send: () => client.post(moves(), { token: bob.token, body: [1, 2] }), status: 400, code: 'invalid-request' },
    { name: 'no content type', send: () => client.post(moves(), { token: bob.token, rawBody: '{"moves":[]}' }), status: 415, code: 'unsupported-media-type' },
    {
      name: 'text/plain body',
      send: () => client.post(moves(), { token: bob.token, rawBody: 'bid 3', headers: { 'content-type': 'text/plain' } }),
      status: 415,
      code: 'unsupported-media-type',
    },
    { name: 'moves missing', send: () => client.post(moves(), { token: bob.token, body: {} }), status: 400, code: 'invalid-request' },
    { name: 'moves of the wrong type', send: () => client.post(moves(), { token: bob.token, body: { moves: 'bid' } }), status: 400, code: 'invalid-request' },
    { name: 'empty batch', send: () => client.post(moves(), { token: bob.token, body: { moves: [] } }), status: 400, code: 'invalid-request' },
    {
      name: 'batch too long',
      send: () => client.post(moves(), { token: bob.token, body: { moves: Array.from({ length: 21 }, () => ({ type: 'pass' })) } }),
      status: 400,
      code: 'invalid-request',
    },
    {
      name: 'unknown top-level field',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ type: 'pass' }], extra: 1 } }),
      status: 400,
      code: 'invalid-request',
    },
    {
      name: 'move without a type',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ card: 3 }] } }),
      status: 400,
      code: 'invalid-request',
    },
    {
      name: 'unknown move type',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ type: 'teleport' }] } }),
      status: 422,
      code: 'malformed-move',
    },
    {
      name: 'move field of the wrong type',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ type: 'bid', card: 'three' }] } }),
      status: 422,
      code: 'malformed-move',
    },
    {
      name: 'unknown field inside a move',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ type: 'bid', card: 3, cheat: true }] } }),
      status: 422,
      code: 'malformed-move',
    },
    {
      name: 'card not held',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ type: 'bid', card: 999 }] } }),
      status: 422,
      code: 'card-not-in-hand',
    },
    {
      name: 'wrong kind of move for the step',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ type: 'double' }] } }),
      status: 422,
      code: 'not-leading',
    },
    {
      name: 'a spectator moves',
      send: async () => client.post(moves(), { token: carol.token, body: { moves: [await bobsBid()] } }),
      status: 403,
      code: 'not-seated',
    },
    {
      name: 'moving in a game not started',
      send: () => client.post(`/v1/games/${openGameId}/moves`, { token: carol.token, body: { moves: [{ type: 'pass' }] } }),
      status: 409,
      code: 'game-not-started',
    },
    {
      name: 'stale If-Match',
      send: async () => client.post(moves(), { token: bob.token, body: { moves: [await bobsBid()] }, headers: { 'if-match': '"1"' } }),
      status: 409,
      code: 'version-mismatch',
    },
    {
      name: 'If-Match from the future',
      send: async () => client.post(moves(), { token: bob.token, body: { moves: [await bobsBid()] }, headers: { 'if-match': '"99"' } }),
      status: 409,
      code: 'version-mismatch',
    },
    {
      name: 'garbled If-Match',
      send: async () => client.post(moves(), { token: bob.token, body: { moves: [await bobsBid()] }, headers: { 'if-match': 'yesterday' } }),
      status: 400,
      code: 'invalid-if-match',
    },
    {
      name: 'idempotency key replayed with another body',
      send: () => client.post(moves(), { token: alice.token, body: { moves: [{ type: 'pass' }] }, headers: { 'idempotency-key': 'used-key' } }),
      status: 422,
      code: 'idempotency-key-reused',
    },
    {
      name: 'invalid idempotency key',
      send: async () => client.post(moves(), { token: bob.token, body: { moves: [await bobsBid()] }, headers: { 'idempotency-key': 'has spaces!' } }),
      status: 400,
      code: 'invalid-request',
    },
    {
      // Issue 22, item 6: 32 KB of nested arrays inside a move once overflowed the request hash's stack (a 500).
      name: 'a body nested 16,000 levels deep, within the size limit',
      send: () =>
        client.post(moves(), {
          token: bob.token,
          rawBody: `{"moves":[{"type":"pass","x":${'['.repeat(16_000)}${']'.repeat(16_000)}}]}`,
          headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-body' },
        }),
      status: 400,
      code: 'invalid-body',
    },
    {
      name: 'a body nested one level past the limit',
      send: () =>
        client.post(moves(), {
          token: bob.token,
          rawBody: `{"moves":[{"type":"pass","x":${'{"a":'.repeat(MAX_JSON_DEPTH - 2)}1${'}'.repeat(MAX_JSON_DEPTH - 2)}}]}`,
          headers: { 'content-type': 'application/json' },
        }),
      status: 400,
      code: 'invalid-body',
    },
    {
      name: 'deep nesting that never closes (refused before it is parsed)',
      send: () => client.post('/v1/games', { token: bob.token, rawBody: '['.repeat(20_000), headers: { 'content-type': 'application/json' } }),
      status: 400,
      code: 'invalid-body',
    },
    {
      name: 'oversize body',
      send: () => client.post(moves(), { token: bob.token, body: { moves: [{ type: 'pass', pad: 'x'.repeat(40_000) }] } }),
      status: 413,
      code: 'payload-too-large',
    },
    {
      name: 'oversize chunked body (no Content-Length)',
      send: () =>
        client.post(moves(), {
          token: bob.token,
          streamBody: chunkedJson({ moves: [{ type: 'pass', pad: 'x'.repeat(40_000) }] }),
          headers: { 'content-type': 'application/json' },
        }),
      status: 413,
      code: 'payload-too-large',
    },
    { name: 'missing token', send: async () => client.post(moves(), { body: { moves: [await bobsBid()] } }), status: 401, code: 'missing-token' },
    {
      name: 'malformed Authorization',
      send: async () => client.post(moves(), { body: { moves: [await bobsBid()] }, headers: { authorization: 'Basic Ym9iOmJvYg==' } }),
      status: 401,
      code: 'malformed-token',
    },
    {
      name: 'unknown token',
      send: async () => client.post(moves(), { token: 'vt_notARealTokenAtAll123', body: { moves: [await bobsBid()] } }),
      status: 401,
      code: 'invalid-token',
    },
    {
      name: "another player's token (not their turn)",
      send: async () => client.post(moves(), { token: alice.token, body: { moves: [{ type: 'bid', card: (await bobsBid()).card }] } }),
      status: 422,
      code: 'card-not-in-hand',
    },
    {
      name: 'unknown game',
      send: () => client.post('/v1/games/g_doesNotExist1/moves', { token: bob.token, body: { moves: [{ type: 'pass' }] } }),
      status: 404,
      code: 'game-not-found',
    },
    { name: 'unknown game (read)', send: () => client.get('/v1/games/g_doesNotExist1', { token: bob.token }), status: 404, code: 'game-not-found' },
    { name: 'unknown route', send: () => client.get('/v1/nothing-here', { token: bob.token }), status: 404, code: 'route-not-found' },
    {
      name: 'create: unknown game name',
      send: () => client.post('/v1/games', { token: bob.token, body: { game: 'chess', seats: 2 } }),
      status: 422,
      code: 'unknown-game',
    },
    {
      name: 'create: too few seats for the game',
      send: () => client.post('/v1/games', { token: bob.token, body: { game: 'sealed-bids', seats: 1 } }),
      status: 422,
      code: 'invalid-seats',
    },
    {
      name: 'create: seats of the wrong type',
      send: () => client.post('/v1/games', { token: bob.token, body: { game: 'sealed-bids', seats: 'two' } }),
      status: 400,
      code: 'invalid-request',
    },
    {
      name: 'create: options that do not fit',
      send: () => client.post('/v1/games', { token: bob.token, body: { game: 'sealed-bids', seats: 2, options: { rounds: 999 } } }),
      status: 422,
      code: 'invalid-options',
    },
    {
      name: 'create: deadline too short',
      send: () => client.post('/v1/games', { token: bob.token, body: { game: 'sealed-bids', seats: 2, deadlines: { windowSeconds: 0, turnSeconds: 60 } } }),
      status: 400,
      code: 'invalid-request',
    },
    {
      name: 'create: unknown deadline preset',
      send: () => client.post('/v1/games', { token: bob.token, body: { game: 'sealed-bids', seats: 2, deadlines: 'weekly' } }),
      status: 400,
      code: 'invalid-request',
    },
    { name: 'join: a full game', send: () => client.post(`/v1/games/${gameId}/join`, { token: carol.token, body: {} }), status: 409, code: 'game-full' },
    { name: 'join: twice', send: () => client.post(`/v1/games/${openGameId}/join`, { token: carol.token, body: {} }), status: 409, code: 'already-seated' },
    {
      name: 'join: a seat that does not exist',
      send: () => client.post(`/v1/games/${openGameId}/join`, { token: bob.token, body: { seat: 7 } }),
      status: 422,
      code: 'no-such-seat',
    },
    {
      name: 'join: a taken seat',
      send: () => client.post(`/v1/games/${openGameId}/join`, { token: bob.token, body: { seat: 0 } }),
      status: 409,
      code: 'seat-taken',
    },
    {
      name: 'bots: not the creator',
      send: () => client.post(`/v1/games/${openGameId}/bots`, { token: bob.token, body: { level: 'random' } }),
      status: 403,
      code: 'not-creator',
    },
    {
      name: 'bots: unknown level',
      send: () => client.post(`/v1/games/${openGameId}/bots`, { token: carol.token, body: { level: 'genius' } }),
      status: 400,
      code: 'invalid-request',
    },
    { name: 'register: empty name', send: () => client.post('/v1/players', { body: { name: '   ' } }), status: 400, code: 'invalid-name' },
    {
      name: 'events: negative cursor',
      send: () => client.get(`/v1/games/${gameId}/events?after=-1`, { token: bob.token }),
      status: 400,
      code: 'invalid-request',
    },
    {
      name: 'events: wait too long',
      send: () => client.get(`/v1/games/${gameId}/events?wait=600`, { token: bob.token }),
      status: 400,
      code: 'invalid-request',
    },
    { name: 'inbox: forged cursor', send: () => client.get('/v1/games?cursor=bm90LWEtbnVtYmVy', { token: bob.token }), status: 400, code: 'invalid-cursor' },
    { name: 'verify before the end', send: () => client.get(`/v1/games/${gameId}/verify`, { token: bob.token }), status: 409, code: 'game-not-finished' },
  ];

  describe('bad requests', () => {
    it(`covers at least 30 kinds (${cases.length})`, () => {
      expect(cases.length).toBeGreaterThanOrEqual(30);
    });

    it.each(cases)('$name → $status $code, nothing changes', async ({ send, status, code }) => {
      const before = await snapshot();
      const reply = await send();
      expect(reply.status).toBe(status);
      expect(reply.headers.get('content-type')).toContain('application/problem+json');
      expect(reply.body).toMatchObject({ status, code, type: `/problems/${code}` });
      expect(typeof reply.body.detail).toBe('string');
      expect(await snapshot()).toBe(before);
    });
  });
});
