import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPush, type LocalPushRun } from '../../functions/compose.js';
import { BOT_RUNNING_GAMES } from '../../functions/service/bot-accounts.js';
import { startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';

describe.each(STORE_KINDS)('bot accounts (%s store)', (kind) => {
  let api: RunningApi;
  let push: LocalPushRun;
  let ann: { playerId: string; token: string };
  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'bot-accounts') });
    push = await startLocalPush(api.ctx, { deadlines: false, onError: (error) => console.error(error) });
    ann = await api.client.register('Ann');
  });
  afterAll(async () => {
    push.stop();
    await api.close();
  });

  /** An unrated table unless `rated` says otherwise: bot accounts sit at unrated tables by default. */
  const newGame = async (token: string, table: Record<string, unknown> = {}, rated = false) => {
    const created = await api.client.post('/v1/games', { token, body: { game: 'village-pillage', seats: 3, deadlines: 'daily', table, rated } });
    expect(created.status, created.text).toBe(201);
    return created.body.gameId as string;
  };

  it('registers a bot account owned by a person, badged in its profile, its seats, views and the joined notification', async () => {
    const registered = await api.client.post('/v1/players', { body: { name: 'Robo', bot: { owner: ann.playerId } } });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body).toMatchObject({ name: 'Robo', kind: 'bot', owner: ann.playerId });
    const robo = registered.body;
    expect((await api.client.get('/v1/players/me', { token: robo.token })).body).toMatchObject({ kind: 'bot', owner: ann.playerId });
    expect((await api.client.get('/v1/players/me', { token: ann.token })).body).toMatchObject({ kind: 'person', owner: null });

    const gameId = await newGame(ann.token);
    const joined = await api.client.post(`/v1/games/${gameId}/join`, { token: robo.token, body: {} });
    expect(joined.status, joined.text).toBe(200);
    const seats = (await api.client.get(`/v1/games/${gameId}`, { token: ann.token })).body.seats;
    expect(seats[0]).toEqual({ seat: 0, kind: 'player', playerId: ann.playerId, name: 'Ann' });
    expect(seats[1]).toEqual({ seat: 1, kind: 'player', playerId: robo.playerId, name: 'Robo', botAccount: true });
    const inbox = await api.client.get('/v1/games', { token: robo.token });
    expect(inbox.body.games[0].seats[1].botAccount).toBe(true);
    // The joined notification is derived off the request path: wait for it (bounded, so a broken build fails).
    let joinedNotice: unknown;
    for (let i = 0; i < 200 && joinedNotice === undefined; i++, await sleep(25)) {
      const notices = (await api.client.get('/v1/notifications', { token: ann.token })).body.notifications;
      joinedNotice = notices.find((n: { type: string; gameId: string }) => n.type === 'player-joined' && n.gameId === gameId)?.joined;
    }
    expect(joinedNotice).toEqual({ seat: 1, name: 'Robo', botAccount: true });
  });

  it('refuses an owner that is missing, a bot, or the bot itself', async () => {
    const missing = await api.client.post('/v1/players', { body: { name: 'Stray', bot: { owner: 'pl_nobody' } } });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: 'invalid-bot-owner', owner: 'pl_nobody' });
    const bot = (await api.client.post('/v1/players', { body: { name: 'Bot A', bot: { owner: ann.playerId } } })).body;
    const chained = await api.client.post('/v1/players', { body: { name: 'Bot B', bot: { owner: bot.playerId } } });
    expect(chained.body.code).toBe('invalid-bot-owner');
    const self = await api.client.register('Self');
    const own = await api.client.post('/v1/players/me/bot', { token: self.token, body: { owner: self.playerId } });
    expect(own.status).toBe(422);
    expect(own.body.code).toBe('invalid-bot-owner');
  });

  it('sits only at tables that allow bots', async () => {
    const robo = (await api.client.post('/v1/players', { body: { name: 'Shut out', bot: { owner: ann.playerId } } })).body;
    const closed = await newGame(ann.token, { allowBots: false });
    expect((await api.client.get(`/v1/games/${closed}`, { token: ann.token })).body.table.allowBots).toBe(false);
    const refused = await api.client.post(`/v1/games/${closed}/join`, { token: robo.token, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('bots-not-allowed');
    expect((await api.client.get(`/v1/games/${closed}`, { token: ann.token })).body.seats[1].kind).toBe('empty');
    // A person still may; an unrated table allows bots by default, a rated one does not unless it says so (and then is no longer rated).
    expect((await api.client.post(`/v1/games/${closed}/join`, { token: (await api.client.register('Ben')).token, body: {} })).status).toBe(200);
    expect((await api.client.get(`/v1/games/${await newGame(ann.token)}`, { token: ann.token })).body.table.allowBots).toBe(true);
    const rated = await newGame(ann.token, {}, true);
    expect((await api.client.get(`/v1/games/${rated}`, { token: ann.token })).body.table.allowBots).toBe(false);
    expect((await api.client.post(`/v1/games/${rated}/join`, { token: robo.token, body: {} })).body.code).toBe('bots-not-allowed');
    const opened = await newGame(ann.token, { allowBots: true }, true);
    expect((await api.client.post(`/v1/games/${opened}/join`, { token: robo.token, body: {} })).status).toBe(200);
    expect((await api.client.get(`/v1/games/${opened}`, { token: ann.token })).body).toMatchObject({ rated: false, table: { allowBots: true } });
  });

  it('converts an account that has played no game, for good, tokens included; never one that has', async () => {
    const fresh = await api.client.register('Convert me');
    const reader = (await api.client.post('/v1/players/me/tokens', { token: fresh.token, body: { label: 'r', scopes: ['games:read'] } })).body.token;
    expect((await api.client.get('/v1/players/me', { token: reader })).body.kind).toBe('person');
    const converted = await api.client.post('/v1/players/me/bot', { token: fresh.token, body: { owner: ann.playerId } });
    expect(converted.status, converted.text).toBe(200);
    expect(converted.body).toMatchObject({ playerId: fresh.playerId, kind: 'bot', owner: ann.playerId });
    // Every token of the account speaks for the bot at once, cached or not.
    expect((await api.client.get('/v1/players/me', { token: reader })).body.kind).toBe('bot');
    expect((await api.client.get('/v1/players/me', { token: fresh.token })).body.kind).toBe('bot');
    const again = await api.client.post('/v1/players/me/bot', { token: fresh.token, body: { owner: ann.playerId } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already-bot');

    const player = await api.client.register('Has played');
    await newGame(player.token);
    const refused = await api.client.post('/v1/players/me/bot', { token: player.token, body: { owner: ann.playerId } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('games-played');
    expect((await api.client.get('/v1/players/me', { token: player.token })).body.kind).toBe('person');
  });

  it(`caps a bot account at ${BOT_RUNNING_GAMES} running games`, async () => {
    const robo = (await api.client.post('/v1/players', { body: { name: 'Busy', bot: { owner: ann.playerId } } })).body;
    for (let i = 0; i < BOT_RUNNING_GAMES; i++) await newGame(robo.token);
    // Its own tables are unrated by default, so it may sit at them.
    const over = await api.client.post('/v1/games', { token: robo.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily', join: true } });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'too-many-running-games', limit: BOT_RUNNING_GAMES });
  });
});
