import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOAD_PAGE_SIZE } from '../../functions/service/context.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { manualClock, startApi, type ApiClient, type RunningApi } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/** The real store, counting the games it loads whole. */
class LoadCountingStore extends DynamoStore {
  readonly loaded: string[] = [];

  override async loadGame(gameId: string, afterSeq?: number) {
    this.loaded.push(gameId);
    return super.loadGame(gameId, afterSeq);
  }
}

/**
 * Issue 22, item 3: starting or ending a vacation reaches the player's
 * running games only, through the inbox's index, and loads only those that
 * do not know it yet — so a retry of the same request (its Idempotency-Key)
 * loads none.
 */
describe('a vacation reaches running games only', () => {
  const clock = manualClock();
  let store: LoadCountingStore;
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    const table = await freshTable('vacation-reach');
    store = new LoadCountingStore({ client: table.client, tableName: table.tableName, loadPageSize: LOAD_PAGE_SIZE, clock: clock.now });
    api = await startApi({ store, games: [sealedBidsListing], clock: clock.now });
    client = api.client;
  });
  afterAll(() => api?.close());

  it('loads no finished game, nor a strict table, nor on a retry a game that recorded it', async () => {
    const ann = await client.register('Ann');
    const bob = await client.register('Bob');
    const games = sealedTable(client);
    // Bob's finished games: timeouts end them while the clock jumps.
    const finished: string[] = [];
    for (let i = 0; i < 4; i++) {
      const gameId = (
        await client.post('/v1/games', {
          token: bob.token,
          body: { game: 'sealed-bids', seats: 2, options: { rounds: 1 }, deadlines: { windowSeconds: 1, turnSeconds: 1 } },
        })
      ).body.gameId as string;
      expect((await client.post(`/v1/games/${gameId}/bots`, { token: bob.token, body: { level: 'random' } })).status).toBe(200);
      finished.push(gameId);
    }
    clock.advance(HOUR);
    for (const gameId of finished)
      for (let reads = 0; (await client.get(`/v1/games/${gameId}`, { token: bob.token })).body.status !== 'finished'; reads++) expect(reads).toBeLessThan(20);
    // Two running games that allow vacations, one strict one, one still open.
    const relaxed: string[] = [];
    for (let i = 0; i < 2; i++) {
      const gameId = (await client.post('/v1/games', { token: ann.token, body: { game: 'sealed-bids', seats: 2, options: { rounds: 2 }, deadlines: 'daily' } }))
        .body.gameId as string;
      expect((await client.post(`/v1/games/${gameId}/join`, { token: bob.token, body: {} })).status).toBe(200);
      relaxed.push(gameId);
    }
    const strict = (
      await client.post('/v1/games', { token: ann.token, body: { game: 'sealed-bids', seats: 2, deadlines: 'daily', table: { vacation: false } } })
    ).body.gameId as string;
    expect((await client.post(`/v1/games/${strict}/join`, { token: bob.token, body: {} })).status).toBe(200);
    const open = (await client.post('/v1/games', { token: bob.token, body: { game: 'sealed-bids', seats: 2, deadlines: 'daily' } })).body.gameId as string;
    await games.bid(relaxed[0]!, bob.token);

    store.loaded.length = 0;
    const away = await client.post('/v1/players/me/vacation', { token: bob.token, body: { until: iso(clock.now() + 3 * DAY) } });
    expect(away.status, away.text).toBe(201);
    expect(away.body.games.map((g: { gameId: string }) => g.gameId).sort()).toEqual([...relaxed].sort());
    expect(new Set(store.loaded)).toEqual(new Set(relaxed));

    clock.advance(DAY);
    store.loaded.length = 0;
    const back = await client.request('DELETE', '/v1/players/me/vacation', { token: bob.token, headers: { 'Idempotency-Key': 'back-home' } });
    expect(back.status, back.text).toBe(200);
    expect(back.body.games.map((g: { gameId: string }) => g.gameId).sort()).toEqual([...relaxed].sort());
    expect(new Set(store.loaded)).toEqual(new Set(relaxed));
    for (const gameId of [...finished, strict, open]) expect(store.loaded).not.toContain(gameId);

    // The same request again: every game knows it already, so none is loaded.
    store.loaded.length = 0;
    const again = await client.request('DELETE', '/v1/players/me/vacation', { token: bob.token, headers: { 'Idempotency-Key': 'back-home' } });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ refundedDays: back.body.refundedDays, usedDays: back.body.usedDays, games: [] });
    expect(store.loaded).toEqual([]);
  });
});
