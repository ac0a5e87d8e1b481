import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../core/games/index.js';
import type { GameHeader } from '../../functions/store/port.js';
import { startApi, storeOf, type Reply, type RunningApi } from '../support/api.js';

/**
 * Every stored game records the engine version it was created with. A game
 * whose log an older engine wrote (here: Villages of Valeria items as version
 * 1 left them, with the whole-state `flow` event version 2 replaced) gets a
 * precise 409 on every game route, never a 500, and still shows in lists.
 * Stored in DynamoDB Local, never a fake.
 */
describe('engine versions (DynamoDB Local)', () => {
  let api: RunningApi;
  let alice: { token: string; playerId: string };
  let bob: { token: string; playerId: string };
  let carol: { token: string; playerId: string };
  const vv = GAMES.find((g) => g.meta.id === 'villages-of-valeria')!;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'engine-version') });
    alice = await api.client.register('Alice');
    bob = await api.client.register('Bob');
    carol = await api.client.register('Carol');
  });
  afterAll(() => api.close());

  async function newGame(game: string): Promise<string> {
    const created = await api.client.post('/v1/games', { token: alice.token, body: { game, seats: 2, deadlines: 'daily' } });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId as string;
    expect((await api.client.post(`/v1/games/${gameId}/join`, { token: bob.token, body: {} })).status).toBe(200);
    return gameId;
  }

  /** A two-seat game exactly as an engine of `version` (undefined: before versions were recorded) stored it. */
  async function storeOldGame(version: number | undefined): Promise<string> {
    const { store } = api.ctx;
    const gameId = `old-vv-${version ?? 'unrecorded'}-${Date.now()}`;
    const at = Date.UTC(2026, 0, 5);
    const header: GameHeader = {
      gameId,
      game: 'villages-of-valeria',
      options: {},
      deadlines: { turnMs: 86_400_000, windowMs: 86_400_000 },
      seats: [
        { kind: 'player', playerId: alice.playerId, name: 'Alice' },
        { kind: 'player', playerId: bob.playerId, name: 'Bob' },
      ],
      createdBy: alice.playerId,
      createdAt: at,
      seed: 'an old seed',
      seedHash: '0'.repeat(64),
      status: 'active',
      startedAt: at,
      revision: 2,
      ...(version === undefined ? {} : { engineVersion: version }),
    };
    await store.createGame(header);
    for (const [seat, player] of [alice, bob].entries()) await store.addMembership(player.playerId, { gameId, game: header.game, seat, joinedAt: at });
    const pending = { kind: 'simultaneous', id: 'p1', step: 'setup', deadline: at + 86_400_000, seats: [0, 1], submitted: [0] };
    const summary = { status: 'active', awaiting: [1], deadline: pending.deadline, pendingId: 'p1' } as const;
    const meta = { actor: alice.playerId, idempotencyKey: null, requestHash: null, at };
    await store.appendCommit({ gameId, seq: 1, command: { type: 'start', at }, events: [], summary, ...meta });
    const flow = { turn: 0, active: 0, led: null, queue: [], activity: null, progressed: false, quietTurns: 0 };
    await store.appendCommit({
      gameId,
      seq: 2,
      command: { type: 'moves', seat: 0, moves: [{ type: 'setup-develop', card: 'b1' }], at },
      // Version 1's vocabulary: the whole-state flow event.
      events: [
        { type: 'setup-chosen', seat: 0, card: 'b1' },
        { type: 'flow', flow, pending },
      ],
      summary,
      ...meta,
    });
    return gameId;
  }

  function expectUnsupported(reply: Reply, version: number, supported = vv.engineVersion): void {
    expect(reply.status).toBe(409);
    expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(reply.body).toMatchObject({ status: 409, code: 'engine-version-unsupported', engineVersion: version, supportedEngineVersion: supported });
  }

  it('records the version of the engine that creates a game, and serves it', async () => {
    const gameId = await newGame('villages-of-valeria');
    expect((await api.ctx.store.getHeader(gameId))?.engineVersion).toBe(vv.engineVersion);
    expect(vv.engineVersion).toBe(2);
    expect((await api.client.get(`/v1/games/${gameId}`, { token: alice.token })).status).toBe(200);
  });

  it.each([1, undefined])('answers 409 engine-version-unsupported on every game route for a log of version %s, and still lists the game', async (version) => {
    const gameId = await storeOldGame(version);
    const { client } = api;
    const routes: [string, () => Promise<Reply>][] = [
      ['view', () => client.get(`/v1/games/${gameId}`, { token: alice.token })],
      ['spectator view', () => client.get(`/v1/games/${gameId}`, { token: carol.token })],
      ['legal moves', () => client.get(`/v1/games/${gameId}/moves`, { token: bob.token })],
      ['move', () => client.post(`/v1/games/${gameId}/moves`, { token: bob.token, body: { moves: [{ type: 'setup-develop', card: 'b2' }] } })],
      ['events', () => client.get(`/v1/games/${gameId}/events`, { token: alice.token })],
      ['verify', () => client.get(`/v1/games/${gameId}/verify`, { token: alice.token })],
      ['join', () => client.post(`/v1/games/${gameId}/join`, { token: bob.token, body: {} })],
      ['bots', () => client.post(`/v1/games/${gameId}/bots`, { token: alice.token, body: { level: 'random' } })],
      ['standing orders', () => client.get(`/v1/games/${gameId}/standing-orders`, { token: bob.token })],
      ['set standing orders', () => client.request('PUT', `/v1/games/${gameId}/standing-orders`, { token: bob.token, body: { orders: {} } })],
    ];
    for (const [name, send] of routes) {
      const reply = await send();
      expect(reply.status, name).toBe(409);
      expectUnsupported(reply, 1);
    }
    for (const player of [alice, bob]) {
      const inbox = await client.get('/v1/games', { token: player.token });
      expect(inbox.status).toBe(200);
      expect(inbox.body.games.map((g: { gameId: string }) => g.gameId)).toContain(gameId);
    }
    // Nothing was written to the refused game.
    expect((await api.ctx.store.readCommits(gameId, 0, 10)).map((c) => c.seq)).toEqual([1, 2]);
  });

  it.each([
    [undefined, 'before versions were recorded: version 2 changed how its commands decide (VK-R5, VK-R6, VK-R8)'],
    [2, 'by version 2: version 3 offers a solo double 6 as one choice activated twice (VK-R9)'],
    [3, 'by version 3: version 4 names the citizen a recruit uncovers (citizen-recruited.next), which its log lacks'],
  ])('refuses a Card Kingdoms game stored with engine version %s, %s', async (stored, _why) => {
    const vck = GAMES.find((g) => g.meta.id === 'valeria-card-kingdoms')!;
    expect(vck.engineVersion).toBe(4);
    const gameId = await newGame('valeria-card-kingdoms');
    const header = (await api.ctx.store.getHeader(gameId))!;
    const { engineVersion, ...unrecorded } = header;
    expect(engineVersion).toBe(4);
    expect((await api.client.get(`/v1/games/${gameId}`, { token: alice.token })).status).toBe(200);
    const old = { ...unrecorded, ...(stored === undefined ? {} : { engineVersion: stored }), revision: header.revision + 1 };
    expect(await api.ctx.store.replaceHeader(old, header.revision)).toBe(true);
    expect((await api.ctx.store.getHeader(gameId))?.engineVersion).toBe(stored);
    for (const reply of [
      await api.client.get(`/v1/games/${gameId}`, { token: alice.token }),
      await api.client.get(`/v1/games/${gameId}/moves`, { token: bob.token }),
      await api.client.post(`/v1/games/${gameId}/moves`, { token: bob.token, body: { moves: [{ type: 'keep-duke', duke: 'Nobody' }] } }),
    ])
      expectUnsupported(reply, stored ?? 1, vck.engineVersion);
    // Nothing was written to the refused game.
    expect((await api.ctx.store.readCommits(gameId, 0, 10)).map((c) => c.seq)).toEqual([1]);
  });
});
