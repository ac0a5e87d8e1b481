import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, storeOf, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';

/** Open games over HTTP on DynamoDB Local: listed while seats are free, for anyone to join. */
describe('open games over HTTP on DynamoDB Local', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-open-games'), games: [sealedBidsListing] });
  });
  afterAll(async () => {
    await api.close();
  });

  it('lists open games newest first until their seats are taken; invite-only games never', async () => {
    const { client } = api;
    const [ann, ben, cy] = [await client.register('Ann'), await client.register('Ben'), await client.register('Cy')];
    const create = async (visibility?: 'open' | 'invite') => {
      const created = await client.post('/v1/games', {
        token: ann.token,
        body: { game: 'sealed-bids', seats: 3, deadlines: 'daily', ...(visibility ? { visibility } : {}) },
      });
      expect(created.status, created.text).toBe(201);
      return created.body as { gameId: string; visibility: string };
    };
    const invited = await create();
    expect(invited.visibility).toBe('invite');
    const older = await create('open');
    const newer = await create('open');
    const list = async (query = '') => {
      const page = await client.get(`/v1/games/open?game=sealed-bids${query}`, { token: cy.token });
      expect(page.status, page.text).toBe(200);
      return page.body as { games: { gameId: string; freeSeats: number }[]; next: string | null };
    };
    const ids = (page: { games: { gameId: string }[] }) => page.games.map((g) => g.gameId);
    expect(ids(await list()).filter((id) => [invited.gameId, older.gameId, newer.gameId].includes(id))).toEqual([newer.gameId, older.gameId]);
    expect((await list()).games.find((g) => g.gameId === newer.gameId)?.freeSeats).toBe(2);

    const first = await list('&limit=1');
    expect(ids(first)).toEqual([newer.gameId]);
    expect(ids(await list(`&limit=1&cursor=${first.next}`))).toEqual([older.gameId]);

    for (const who of [ben, cy]) expect((await client.post(`/v1/games/${newer.gameId}/join`, { token: who.token, body: {} })).status).toBe(200);
    expect(ids(await list())).not.toContain(newer.gameId);
    expect(ids(await list())).toContain(older.gameId);
  });

  it('refuses an unknown game, a missing one and a cursor it did not give', async () => {
    const { client } = api;
    const ann = await client.register('Ann');
    const unknown = await client.get('/v1/games/open?game=chess', { token: ann.token });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'unknown-game']);
    expect((await client.get('/v1/games/open', { token: ann.token })).status).toBe(400);
    const bad = await client.get('/v1/games/open?game=sealed-bids&cursor=bm9wZQ', { token: ann.token });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid-cursor']);
  });
});
