import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyThroughApi } from '../support/api-players.js';
import { manualClock, startApi, storeOf, STORE_KINDS, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';

/**
 * The service's generic behaviour — lobby, secrecy of simultaneous windows,
 * versions, idempotency, lazy expiry, bots, long-poll, inbox, verification —
 * over real HTTP, with a small fixture game so each test stays fast.
 */
describe.each(STORE_KINDS)('service over HTTP on the %s store', (storeKind) => {
  const clock = manualClock();
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf(storeKind, 'api-service', clock.now), games: [sealedBidsListing], clock: clock.now, pollIntervalMs: 20 });
    client = api.client;
  });
  afterAll(() => api.close());

  async function twoPlayerGame(options: Record<string, unknown> = { rounds: 2 }) {
    const alice = await client.register('Alice');
    const bob = await client.register('Bob');
    const created = await client.post('/v1/games', { token: alice.token, body: { game: 'sealed-bids', seats: 2, options, deadlines: 'live' } });
    expect(created.status).toBe(201);
    const gameId: string = created.body.gameId;
    const joined = await client.post(`/v1/games/${gameId}/join`, { token: bob.token, body: {} });
    expect(joined.status).toBe(200);
    return { alice, bob, gameId };
  }

  const move = (gameId: string, token: string, moves: unknown[], headers: Record<string, string> = {}) =>
    client.post(`/v1/games/${gameId}/moves`, { token, body: { moves }, headers });

  describe('lobby', () => {
    it('starts the game when the last seat is taken, with a public seed hash and no seed', async () => {
      const { alice, gameId } = await twoPlayerGame();
      const view = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      expect(view.status).toBe(200);
      expect(view.body.status).toBe('active');
      expect(view.headers.get('etag')).toBe('"1"');
      expect(view.body.state.pending.kind).toBe('simultaneous');
      expect(view.body.seedHash).toMatch(/^[0-9a-f]{64}$/);
      expect(view.text).not.toMatch(/"seed"/);
    });

    it('lists the catalog with option schemas and deadline presets', async () => {
      const catalog = await client.get('/v1/games/catalog');
      expect(catalog.body.games[0]).toMatchObject({ id: 'sealed-bids', minSeats: 2, maxSeats: 5 });
      expect(catalog.body.games[0].options.properties.rounds).toBeDefined();
      expect(catalog.body.deadlinePresets.live).toEqual({ windowSeconds: 60, turnSeconds: 300 });
    });
  });

  describe('simultaneous windows', () => {
    it('keeps a submission secret from the other player and spectators until the window closes', async () => {
      const { alice, bob, gameId } = await twoPlayerGame();
      const spectator = await client.register('Sam');
      const legal = await client.get(`/v1/games/${gameId}/moves`, { token: alice.token });
      const bid = legal.body.moves[0];
      const first = await move(gameId, alice.token, [bid]);
      expect(first.status).toBe(200);
      for (const token of [bob.token, spectator.token]) {
        const view = await client.get(`/v1/games/${gameId}`, { token });
        expect(view.body.state.board.yourBid ?? null).toBeNull();
        expect(view.body.state.pending.submitted).toEqual([0]);
        const events = await client.get(`/v1/games/${gameId}/events?after=0`, { token });
        expect(JSON.stringify(events.body)).not.toContain(`"card":${bid.card}`);
      }
      const own = await client.get(`/v1/games/${gameId}/events?after=1`, { token: alice.token });
      expect(own.body.commits[0].events[0]).toEqual({ type: 'bid-placed', seat: 0, card: bid.card });
      const bobBid = (await client.get(`/v1/games/${gameId}/moves`, { token: bob.token })).body.moves[0];
      await move(gameId, bob.token, [bobBid]);
      const after = await client.get(`/v1/games/${gameId}/events?after=2`, { token: spectator.token });
      expect(after.body.commits[0].events.at(-1)).toMatchObject({ type: 'bids-revealed', bids: [bid.card, bobBid.card] });
    });
  });

  describe('versions and idempotency', () => {
    it('refuses a move pinned to a stale version with 409 and changes nothing', async () => {
      const { alice, bob, gameId } = await twoPlayerGame();
      const aBid = (await client.get(`/v1/games/${gameId}/moves`, { token: alice.token })).body.moves[0];
      await move(gameId, alice.token, [aBid], { 'if-match': '"1"' });
      const bBid = (await client.get(`/v1/games/${gameId}/moves`, { token: bob.token })).body.moves[0];
      const stale = await move(gameId, bob.token, [bBid], { 'if-match': '"1"' });
      expect(stale.status).toBe(409);
      expect(stale.headers.get('content-type')).toContain('application/problem+json');
      expect(stale.body).toMatchObject({ code: 'version-mismatch', currentVersion: 2 });
      const view = await client.get(`/v1/games/${gameId}`, { token: bob.token });
      expect(view.headers.get('etag')).toBe('"2"');
    });

    it('answers a retried move with the first answer and commits nothing new; another body with that key is refused', async () => {
      const { alice, gameId } = await twoPlayerGame();
      const bid = (await client.get(`/v1/games/${gameId}/moves`, { token: alice.token })).body.moves[0];
      const first = await move(gameId, alice.token, [bid], { 'idempotency-key': 'k-1' });
      const again = await move(gameId, alice.token, [bid], { 'idempotency-key': 'k-1' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await client.get(`/v1/games/${gameId}`, { token: alice.token })).headers.get('etag')).toBe('"2"');
      const other = await move(gameId, alice.token, [{ type: 'pass' }], { 'idempotency-key': 'k-1' });
      expect(other.status).toBe(422);
      expect(other.body.code).toBe('idempotency-key-reused');
    });

    it('applies a batch atomically: one illegal move refuses the whole batch', async () => {
      const { alice, gameId } = await twoPlayerGame();
      const bid = (await client.get(`/v1/games/${gameId}/moves`, { token: alice.token })).body.moves[0];
      const refused = await move(gameId, alice.token, [bid, { type: 'bid', card: 999 }]);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'card-not-in-hand', moveIndex: 1 });
      expect((await client.get(`/v1/games/${gameId}`, { token: alice.token })).body.state.pending.submitted).toEqual([]);
    });
  });

  describe('deadlines', () => {
    it('resolves overdue windows lazily on the next read, each at its own deadline', async () => {
      const { alice, gameId } = await twoPlayerGame({ rounds: 1 });
      const view = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      clock.advance(Date.parse(view.body.state.pending.deadline) - clock.now() + 1);
      const later = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      expect(later.body.state.pending).toMatchObject({ kind: 'turn', step: 'lead' });
      const events = await client.get(`/v1/games/${gameId}/events?after=1`, { token: alice.token });
      expect(events.body.commits[0].actor).toEqual({ kind: 'system' });
      // The lead turn's deadline counts from the bid deadline, not from when someone looked.
      expect(Date.parse(later.body.state.pending.deadline)).toBe(Date.parse(view.body.state.pending.deadline) + 300_000);
    });
  });

  describe('bots, long-poll and the end of a game', () => {
    it('plays bots at once, wakes a long-poll on the next commit, and reveals a verifiable seed at the end', async () => {
      const alice = await client.register('Alice');
      const created = await client.post('/v1/games', {
        token: alice.token,
        body: { game: 'sealed-bids', seats: 3, options: { rounds: 2 }, deadlines: 'live' },
      });
      const gameId = created.body.gameId;
      for (const level of ['random', 'greedy'])
        expect((await client.post(`/v1/games/${gameId}/bots`, { token: alice.token, body: { level } })).status).toBe(200);
      expect((await client.get(`/v1/games/${gameId}/verify`, { token: alice.token })).body.code).toBe('game-not-finished');
      let view = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      expect(view.body.state.pending.submitted).toEqual([1, 2]);
      const waiting = client.get(`/v1/games/${gameId}/events?after=${view.body.version}&wait=5`, { token: alice.token });
      while (!view.body.state.finished) {
        const [next] = (await client.get(`/v1/games/${gameId}/moves`, { token: alice.token })).body.moves;
        if (next) await move(gameId, alice.token, [next]);
        view = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      }
      expect((await waiting).body.commits.length).toBeGreaterThan(0);
      expect(view.body.state.seed).toBeDefined();

      // Re-decide every command from the revealed seed: the same events, the same end.
      await verifyThroughApi(client, gameId, alice.token, sealedBids);
    });
  });

  describe('standing orders', () => {
    it('answer an open window at once and every later one, privately', async () => {
      const { alice, bob, gameId } = await twoPlayerGame({ rounds: 2 });
      const hand = (await client.get(`/v1/games/${gameId}`, { token: bob.token })).body.state.board.hand;
      const orders = { bid: hand[0], lead: 'pass' };
      const put = await client.request('PUT', `/v1/games/${gameId}/standing-orders`, { token: bob.token, body: { orders } });
      expect(put.status).toBe(200);
      expect(put.body).toEqual({ gameId, seat: 1, orders });
      // The open bid window was answered for Bob the moment the orders arrived.
      const view = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      expect(view.body.state.pending.submitted).toEqual([1]);
      const log = await client.get(`/v1/games/${gameId}/events?after=1`, { token: alice.token });
      expect(log.body.commits[0].actor).toEqual({ kind: 'preference', seat: 1 });
      expect((await client.get(`/v1/games/${gameId}/standing-orders`, { token: alice.token })).body.orders).toBeNull();
      const refused = await client.request('PUT', `/v1/games/${gameId}/standing-orders`, { token: alice.token, body: { orders: { bid: 'high' } } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('invalid-standing-orders');
      // Alice bids; Bob leads round 2 (seat 1) and his orders pass for him; the next bid window is answered too.
      const aliceBid = (await client.get(`/v1/games/${gameId}/moves`, { token: alice.token })).body.moves[0];
      await move(gameId, alice.token, [aliceBid]);
      const lead = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      expect(lead.body.state.pending).toMatchObject({ kind: 'turn', seat: 0 });
      await move(gameId, alice.token, [{ type: 'pass' }]);
      const round2 = await client.get(`/v1/games/${gameId}`, { token: alice.token });
      expect(round2.body.state.pending.submitted).toEqual([1]);
    });
  });

  describe('inbox', () => {
    it('lists games awaiting my move first, with a count', async () => {
      const { alice, bob, gameId } = await twoPlayerGame();
      const bid = (await client.get(`/v1/games/${gameId}/moves`, { token: alice.token })).body.moves[0];
      await move(gameId, alice.token, [bid]);
      const open = await client.post('/v1/games', { token: bob.token, body: { game: 'sealed-bids', seats: 2, deadlines: 'daily' } });
      const inbox = await client.get('/v1/games', { token: bob.token });
      expect(inbox.body.awaitingYourMove).toBe(1);
      expect(inbox.body.games[0]).toMatchObject({ gameId, yourMove: true });
      expect(inbox.body.games.map((g: { gameId: string }) => g.gameId)).toContain(open.body.gameId);
      const mine = await client.get('/v1/games?awaiting=me', { token: alice.token });
      expect(mine.body.games.map((g: { gameId: string }) => g.gameId)).not.toContain(gameId);
    });
  });
});
