import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogLine } from '../../functions/app/app.js';
import { localDynamoClient } from '../../functions/store/dynamo-client.js';
import { LOAD_PAGE_SIZE } from '../../functions/service/context.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { StoreUnavailableError, type Commit, type GameHeader, type RunningGameClaim } from '../../functions/store/port.js';
import { GAMES } from '../../core/games/index.js';
import { sealedBidsListing } from '../support/sealed-bids.js';
import { startApi, type Reply, type RunningApi } from '../support/api.js';
import { OwnDynamoDbLocal } from '../support/own-dynamodb.js';

/**
 * Issue 12, item 1: the store killed (SIGKILL) or frozen (SIGSTOP) under a
 * running API. Every request that needs it answers 503 `store-unavailable`
 * with Retry-After (never 500, never a hang); liveness stays 200 while
 * readiness says 503; a move whose write went unanswered says its outcome is
 * unknown, and its retry with the same Idempotency-Key lands it exactly once.
 */

/** A DynamoStore that can stop the store at chosen moments: as a commit is sent, or as a game is marked finished. */
class FreezableStore extends DynamoStore {
  freezeBeforeAppend: (() => void) | null = null;
  beforeFinish: (() => Promise<void>) | null = null;
  /** The next commit's write times out without landing, as a store that stalls for one request does. */
  stallNextAppend = false;

  override async appendCommit(commit: Commit) {
    const freeze = this.freezeBeforeAppend;
    this.freezeBeforeAppend = null;
    freeze?.();
    if (this.stallNextAppend) {
      this.stallNextAppend = false;
      throw new StoreUnavailableError('appendCommit', 'unknown');
    }
    return super.appendCommit(commit);
  }

  override async replaceHeader(next: GameHeader, expectedRevision: number, claim?: RunningGameClaim) {
    const stop = next.status === 'finished' ? this.beforeFinish : null;
    if (stop) {
      this.beforeFinish = null;
      await stop();
    }
    return super.replaceHeader(next, expectedRevision, claim);
  }
}

let dynamo: OwnDynamoDbLocal;
let store: FreezableStore;
let api: RunningApi;
const log: LogLine[] = [];

beforeAll(async () => {
  dynamo = await OwnDynamoDbLocal.start();
  store = new FreezableStore({ client: localDynamoClient(dynamo), tableName: 'faults', loadPageSize: LOAD_PAGE_SIZE });
  await store.ensureTable();
  api = await startApi({ store, games: [...GAMES, sealedBidsListing] }, { log: (line) => log.push(line) });
});
afterAll(async () => {
  await api?.close();
  await dynamo?.dispose();
});

function expectStoreUnavailable(reply: Reply, outcome: 'not-applied' | 'unknown') {
  expect(reply.status, reply.text).toBe(503);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(reply.body).toMatchObject({ code: 'store-unavailable', outcome });
}

async function readyAgain(): Promise<void> {
  // The first request after a restart may still meet a connection of the dead server.
  for (let i = 0; i < 20; i++) {
    const reply = await api.client.get('/health/ready');
    if (reply.status === 200) return;
    expectStoreUnavailable(reply, 'not-applied');
  }
  throw new Error('the API did not become ready after the store came back');
}

async function allCommits(gameId: string): Promise<readonly Commit[]> {
  return store.readCommits(gameId, 0, 1000);
}

describe('store faults', () => {
  let ann: { token: string };
  let ben: { token: string };
  let gameId: string;
  const move = async (player: { token: string }, key: string) => {
    const legal = await api.client.get(`/v1/games/${gameId}/moves`, { token: player.token });
    expect(legal.status, legal.text).toBe(200);
    return { body: { moves: [legal.body.moves[0]] }, headers: { 'idempotency-key': key } };
  };

  beforeAll(async () => {
    ann = await api.client.register('Ann');
    ben = await api.client.register('Ben');
    const created = await api.client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } });
    expect(created.status, created.text).toBe(201);
    gameId = created.body.gameId;
    expect((await api.client.post(`/v1/games/${gameId}/join`, { token: ben.token, body: {} })).status).toBe(200);
  });

  it('killed: 503 not-applied everywhere, liveness stays up, and the same requests succeed once it is back', async () => {
    const annMove = await move(ann, 'ann-1');
    const before = await allCommits(gameId);
    await dynamo.kill();

    expect((await api.client.get('/health')).status).toBe(200);
    expectStoreUnavailable(await api.client.get('/health/ready'), 'not-applied');
    expectStoreUnavailable(await api.client.get(`/v1/games/${gameId}`, { token: ann.token }), 'not-applied');
    expectStoreUnavailable(await api.client.post('/v1/players', { body: { name: 'Cid' } }), 'not-applied');
    expectStoreUnavailable(await api.client.post(`/v1/games/${gameId}/moves`, { token: ann.token, ...annMove }), 'not-applied');

    await dynamo.restart();
    await readyAgain();
    expect(await allCommits(gameId)).toEqual(before);
    const sent = await api.client.post(`/v1/games/${gameId}/moves`, { token: ann.token, ...annMove });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.version).toBe(before.length + 1);
  });

  it('frozen: reads answer 503 instead of hanging; a move frozen in flight is unknown, and its retry lands it once', async () => {
    dynamo.freeze();
    try {
      expectStoreUnavailable(await api.client.get('/health/ready'), 'not-applied');
      expectStoreUnavailable(await api.client.get(`/v1/games/${gameId}/moves`, { token: ben.token }), 'not-applied');
    } finally {
      dynamo.resume();
    }
    await readyAgain();

    const benMove = await move(ben, 'ben-1');
    const before = await allCommits(gameId);
    // Freeze exactly when the commit leaves: the write may land later, when the store resumes.
    store.freezeBeforeAppend = () => dynamo.freeze();
    try {
      expectStoreUnavailable(await api.client.post(`/v1/games/${gameId}/moves`, { token: ben.token, ...benMove }), 'unknown');
    } finally {
      dynamo.resume();
    }
    await readyAgain();
    const retried = await api.client.post(`/v1/games/${gameId}/moves`, { token: ben.token, ...benMove });
    expect(retried.status, retried.text).toBe(200);
    const after = await allCommits(gameId);
    // Exactly one commit carries the key, whichever attempt wrote it, and nothing else was added but what it set off.
    expect(after.filter((c) => c.idempotencyKey === 'ben-1')).toHaveLength(1);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).filter((c) => c.actor !== 'system')).toHaveLength(1);
    expect(retried.body.version).toBe(after.find((c) => c.idempotencyKey === 'ben-1')?.seq);
  });

  it('killed between the final commit and the header: the retry answers, and the game is listed finished after all', async () => {
    const created = await api.client.post('/v1/games', {
      token: ann.token,
      body: { game: 'sealed-bids', seats: 2, options: { rounds: 1 }, deadlines: 'daily' },
    });
    const game: string = created.body.gameId;
    expect((await api.client.post(`/v1/games/${game}/join`, { token: ben.token, body: {} })).status).toBe(200);
    const players = [ann, ben];
    for (let step = 0; ; step++) {
      const view = await api.client.get(`/v1/games/${game}`, { token: ann.token });
      if (view.body.state.finished) break;
      const player = players[view.body.state.awaiting[0]] as { token: string };
      const legal = await api.client.get(`/v1/games/${game}/moves`, { token: player.token });
      const request = { token: player.token, body: { moves: [legal.body.moves[0]] }, headers: { 'idempotency-key': `final-${step}` } };
      store.beforeFinish = () => dynamo.kill();
      const sent = await api.client.post(`/v1/games/${game}/moves`, request);
      if (sent.status === 200) continue;
      // The final commit is durable; marking the header finished met a dead store.
      expectStoreUnavailable(sent, 'unknown');
      await dynamo.restart();
      await readyAgain();
      expect((await store.getHeader(game))?.status).toBe('active');
      const retried = await api.client.post(`/v1/games/${game}/moves`, request);
      expect(retried.status, retried.text).toBe(200);
    }
    expect(store.beforeFinish).toBeNull();
    const verify = await api.client.get(`/v1/games/${game}/verify`, { token: ann.token });
    expect(verify.status, verify.text).toBe(200);
    expect((await store.getHeader(game))?.status).toBe('finished');
  });

  it("a seat taken before the store stalls on the bots' opening moves is answered as taken, and its retry gets the same answer", async () => {
    const created = await api.client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } });
    const game: string = created.body.gameId;
    const request = { token: ann.token, body: { level: 'greedy' }, headers: { 'idempotency-key': 'bot-1' } };
    // The bot's seat fills the table; the bot's plan, a commit of its own, then meets the stall.
    store.stallNextAppend = true;
    const seated = await api.client.post(`/v1/games/${game}/bots`, request);
    expect(seated.status, seated.text).toBe(200);
    expect(store.stallNextAppend).toBe(false);
    expect(seated.body.seats.map((s: { kind: string }) => s.kind)).toEqual(['player', 'bot']);
    expect(await allCommits(game)).toEqual([]);
    // Sent again after a lost answer, it is the same answer, not 409 game-full; the next read lets the bot plan.
    const again = await api.client.post(`/v1/games/${game}/bots`, request);
    expect([again.status, again.body]).toEqual([200, seated.body]);
    expect((await api.client.get(`/v1/games/${game}`, { token: ann.token })).status).toBe(200);
    expect((await allCommits(game)).map((c) => c.actor)).toContain('system');
  });

  it('never answered 500', () => {
    expect(log.filter((line) => line.status >= 500 && line.status !== 503)).toEqual([]);
  });
});
