import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNNING_GAMES_PER_PLAYER } from '../../functions/service/memberships.js';
import { manualClock, startApi, storeOf, STORE_KINDS, type ApiClient, type Reply, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';

const HOUR = 3600 * 1000;

/**
 * Issue 22, item 4: a player counts at most RUNNING_GAMES_PER_PLAYER running
 * games — those they sit in and those they created without a seat — and the
 * quota holds under parallel requests (a claim is one transaction with the
 * header write), answering 409 `too-many-running-games` with the limit. A
 * game's end releases it.
 */
describe.each(STORE_KINDS)('running games per player on the %s store', (storeKind) => {
  const clock = manualClock();
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf(storeKind, 'running-games', clock.now), games: [sealedBidsListing], clock: clock.now });
    client = api.client;
  });
  afterAll(() => api?.close());

  const create = (token: string, body: Record<string, unknown> = {}) =>
    client.post('/v1/games', { token, body: { game: 'sealed-bids', seats: 2, options: { rounds: 1 }, ...body } });
  const expectQuota = (reply: Reply) => {
    expect(reply.status, reply.text).toBe(409);
    expect(reply.body).toMatchObject({ code: 'too-many-running-games', limit: RUNNING_GAMES_PER_PLAYER });
  };

  it(`never lets parallel creates pass ${RUNNING_GAMES_PER_PLAYER}, seated or not, and refuses a seat at the limit`, async () => {
    const greedy = await client.register('Greedy');
    const replies = await Promise.all(Array.from({ length: RUNNING_GAMES_PER_PLAYER + 12 }, (_, i) => create(greedy.token, { join: i % 2 === 0 })));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(RUNNING_GAMES_PER_PLAYER);
    for (const refused of replies.filter((r) => r.status !== 201)) expectQuota(refused);
    // Only the games it sits in are its inbox; the others count all the same.
    const inbox = await client.get('/v1/games?limit=100', { token: greedy.token });
    expect(inbox.body.games.length).toBe(replies.filter((r) => r.status === 201 && r.body.seats[0].kind === 'player').length);

    const host = await client.register('Host');
    const elsewhere = (await create(host.token)).body.gameId;
    expectQuota(await client.post(`/v1/games/${elsewhere}/join`, { token: greedy.token, body: {} }));
    // Nothing of the refused seat was written: another player still takes it.
    const other = await client.register('Other');
    expect((await client.post(`/v1/games/${elsewhere}/join`, { token: other.token, body: {} })).status).toBe(200);
  });

  it('releases a running game when it ends, and counts a creator who takes their own seat once', async () => {
    const player = await client.register('Player');
    // One game on 1-second clocks against a bot, the others daily and open.
    const quick = (await create(player.token, { deadlines: { windowSeconds: 1, turnSeconds: 1 } })).body.gameId;
    expect((await client.post(`/v1/games/${quick}/bots`, { token: player.token, body: { level: 'greedy' } })).status).toBe(200);
    const unseated = (await create(player.token, { join: false })).body.gameId;
    for (let i = 0; i < RUNNING_GAMES_PER_PLAYER - 2; i++) expect((await create(player.token)).status).toBe(201);
    expectQuota(await create(player.token));
    // The creator takes a seat in the game it made without one: still one running game.
    expect((await client.post(`/v1/games/${unseated}/join`, { token: player.token, body: {} })).status).toBe(200);
    expectQuota(await create(player.token));

    // Nobody plays the quick game: timeouts and the bot end it, and its end releases it.
    clock.advance(HOUR);
    for (let reads = 0; (await client.get(`/v1/games/${quick}`, { token: player.token })).body.status !== 'finished'; reads++) expect(reads).toBeLessThan(20);
    expect((await create(player.token)).status).toBe(201);
    expectQuota(await create(player.token));
  });
});
