import { DeleteItemCommand } from '@aws-sdk/client-dynamodb';
import { ValeriaClient, type GameRecord } from '@valeria-tabletop/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillEnded } from '../../functions/service/ended-backfill.js';
import { keys } from '../../functions/store/dynamo-items.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { startApi, storeOf, type RunningApi } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';

/**
 * Issue 25, records: a finished record carries the rating changes of its
 * end; the export filters rated games; the typed client's `exportGames`
 * follows `Link: rel="next"` to the end; and the one-off backfill files
 * games finished before the export's index under their end (DynamoDB Local).
 */
let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'records-ratings') });
});
afterAll(() => api?.close());

async function collect(records: AsyncIterable<GameRecord>): Promise<GameRecord[]> {
  const all: GameRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}

describe('records, ratings and the export', () => {
  it('records rating changes, filters rated games, follows the Link header, and backfills old ends', async () => {
    const { client } = api;
    const ann = await client.register('Ann');
    const ben = await client.register('Ben');
    const rated: string[] = [];
    for (let i = 0; i < 2; i++) {
      const gameId = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
      await client.post(`/v1/games/${gameId}/join`, { token: ben.token, body: {} });
      await playToEnd(client, gameId, [
        { seat: 0, token: ann.token },
        { seat: 1, token: ben.token },
      ]);
      rated.push(gameId);
    }
    const botted = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    await client.post(`/v1/games/${botted}/bots`, { token: ann.token, body: { level: 'greedy' } });
    await playToEnd(client, botted, [{ seat: 0, token: ann.token }]);

    // The rated record: both ratings, before and after, as the record of the end kept them.
    const record = (await client.get(`/v1/games/${rated[0]}/record`, { token: ben.token })).body;
    expect(record.rated).toBe(true);
    expect(record.ratingChanges).toHaveLength(2);
    const annsChange = record.ratingChanges.find((c: { playerId: string }) => c.playerId === ann.playerId);
    expect(annsChange).toMatchObject({ seat: 0, absent: false, before: { mu: 25, games: 0 }, after: { games: 1 } });
    expect(annsChange.after.rating).toBeCloseTo(annsChange.after.mu - 3 * annsChange.after.sigma, 9);
    expect((await client.get(`/v1/games/${botted}/record`, { token: ann.token })).body).toMatchObject({ rated: false, ratingChanges: [] });
    // Running games carry none.
    const running = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    expect((await client.get(`/v1/games/${running}/record`, { token: ann.token })).body.ratingChanges).toBeUndefined();

    // The typed client reads the export a record at a time, following each Link to the next page.
    const typed = new ValeriaClient({ baseUrl: api.url, token: ann.token });
    const everything = await collect(typed.exportGames('me', { limit: 1 }));
    expect(everything.map((r) => r.gameId)).toEqual([botted, rated[1], rated[0]]);
    expect((await collect(typed.exportGames('me', { rated: true, limit: 1 }))).map((r) => r.gameId)).toEqual([rated[1], rated[0]]);
    expect((await collect(typed.exportGames(ben.playerId, { rated: false }))).map((r) => r.gameId)).toEqual([]);
    expect((await collect(typed.exportGames('me', { rated: false }))).map((r) => r.gameId)).toEqual([botted]);
    const refused = await client.get('/v1/players/me/games/export?rated=maybe', { token: ann.token });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid-request');

    // A game finished before the export's index: its row without an end, and no ENDED# entry. The backfill files it.
    const store = api.ctx.store;
    if (!(store instanceof DynamoStore)) throw new Error('this test runs on DynamoDB Local');
    const row = (await store.listFinishedGames(ann.playerId, null, 10)).find((r) => r.gameId === botted);
    if (!row?.endedAt) throw new Error('the bot game has no finished row with its end');
    const { endedAt, ...legacy } = row;
    await store.client.send(
      new DeleteItemCommand({ TableName: store.table, Key: { pk: { S: keys.playerPartition(ann.playerId) }, sk: { S: keys.endedSk(endedAt, botted) } } }),
    );
    await store.retireMembership(ann.playerId, botted, legacy);
    expect((await collect(typed.exportGames())).map((r) => r.gameId)).toEqual([rated[1], rated[0]]);
    expect(await backfillEnded(api.ctx, store.finishedRowsWithoutEnd())).toBe(1);
    expect((await collect(typed.exportGames())).map((r) => r.gameId)).toEqual([botted, rated[1], rated[0]]);
    // Run again, it finds nothing left to do.
    expect(await backfillEnded(api.ctx, store.finishedRowsWithoutEnd())).toBe(0);
  });
});
