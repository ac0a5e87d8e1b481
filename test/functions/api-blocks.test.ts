import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, storeOf, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';

/** The block list over HTTP on DynamoDB Local: kept, listed, removed, and enforced when taking a seat. */
describe('block lists over HTTP on DynamoDB Local', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-blocks'), games: [sealedBidsListing] });
  });
  afterAll(async () => {
    await api.close();
  });

  const newGame = async (token: string) => {
    const created = await api.client.post('/v1/games', { token, body: { game: 'sealed-bids', seats: 3, deadlines: 'daily', visibility: 'open' } });
    expect(created.status, created.text).toBe(201);
    return created.body.gameId as string;
  };

  it('a blocked pair is never seated together, whichever blocked the other; others and bots still are', async () => {
    const { client } = api;
    const [ann, ben, cy] = [await client.register('Ann'), await client.register('Ben'), await client.register('Cy')];
    const blocked = await client.post('/v1/players/me/blocks', { token: ann.token, body: { playerId: ben.playerId } });
    expect(blocked.status, blocked.text).toBe(201);
    expect(blocked.body).toMatchObject({ playerId: ben.playerId, name: 'Ben' });
    expect((await client.post('/v1/players/me/blocks', { token: ann.token, body: { playerId: ben.playerId } })).status).toBe(200);
    expect((await client.get('/v1/players/me/blocks', { token: ann.token })).body.blocks).toEqual([blocked.body]);

    // Ben cannot join Ann's table, nor Ann Ben's.
    const annsGame = await newGame(ann.token);
    const refused = await client.post(`/v1/games/${annsGame}/join`, { token: ben.token, body: {} });
    expect([refused.status, refused.body.code]).toEqual([403, 'blocked-at-table']);
    const bensGame = await newGame(ben.token);
    expect((await client.post(`/v1/games/${bensGame}/join`, { token: ann.token, body: {} })).body.code).toBe('blocked-at-table');
    // Nor a table where the other already sits, whoever created it.
    const cysGame = await newGame(cy.token);
    expect((await client.post(`/v1/games/${cysGame}/join`, { token: ann.token, body: {} })).status).toBe(200);
    expect((await client.post(`/v1/games/${cysGame}/join`, { token: ben.token, body: {} })).body.code).toBe('blocked-at-table');
    // Others and bots sit with either.
    expect((await client.post(`/v1/games/${annsGame}/join`, { token: cy.token, body: {} })).status).toBe(200);
    expect((await client.post(`/v1/games/${annsGame}/bots`, { token: ann.token, body: { level: 'random' } })).status).toBe(200);

    expect((await client.request('DELETE', `/v1/players/me/blocks/${ben.playerId}`, { token: ann.token })).status).toBe(204);
    expect((await client.get('/v1/players/me/blocks', { token: ann.token })).body.blocks).toEqual([]);
    expect((await client.post(`/v1/games/${bensGame}/join`, { token: ann.token, body: {} })).status).toBe(200);
  });

  it('hides from the open games the tables where a blocked player sits, either way; others still see them', async () => {
    const { client } = api;
    const [ann, ben, cy] = [await client.register('Ann'), await client.register('Ben'), await client.register('Cy')];
    const annsGame = await newGame(ann.token);
    const open = async (token: string) =>
      ((await client.get('/v1/games/open?game=sealed-bids&limit=100', { token })).body.games as { gameId: string }[]).map((g) => g.gameId);
    expect(await open(ben.token)).toContain(annsGame);
    expect((await client.post('/v1/players/me/blocks', { token: ben.token, body: { playerId: ann.playerId } })).status).toBe(201);
    expect(await open(ben.token)).not.toContain(annsGame);
    expect(await open(cy.token)).toContain(annsGame);
    // Ann blocked by Ben: Ben's table is hidden from her too.
    const bensGame = await newGame(ben.token);
    expect(await open(ann.token)).not.toContain(bensGame);
    expect(await open(cy.token)).toContain(bensGame);
  });

  it('refuses blocking yourself, a player who does not exist, and unblocking one not blocked', async () => {
    const { client } = api;
    const ann = await client.register('Ann');
    const self = await client.post('/v1/players/me/blocks', { token: ann.token, body: { playerId: ann.playerId } });
    expect([self.status, self.body.code]).toEqual([422, 'cannot-block-yourself']);
    const nobody = await client.post('/v1/players/me/blocks', { token: ann.token, body: { playerId: 'p_nobody' } });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'player-not-found']);
    const none = await client.request('DELETE', '/v1/players/me/blocks/p_nobody', { token: ann.token });
    expect([none.status, none.body.code]).toEqual([404, 'block-not-found']);
    expect((await client.post('/v1/players/me/blocks', { token: ann.token, body: {} })).status).toBe(400);
  });
});
