import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPush, type LocalPushRun } from '../../functions/compose.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';
import { startReceiver } from '../support/webhook-receiver.js';

describe.each(STORE_KINDS)('exporting everything kept about a player (%s store)', (kind) => {
  let api: RunningApi;
  let push: LocalPushRun;
  const receivers: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'account-data'), pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true } });
    push = await startLocalPush(api.ctx, { deadlines: false, onError: (error) => console.error(error) });
  });
  afterAll(async () => {
    push.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await api.close();
  });

  it('answers profile, tokens, vacation, preferences, webhooks, notifications and games, never a secret', async () => {
    const { client } = api;
    const ann = await client.register('Ann');
    const ben = await client.register('Ben');
    const reader = await client.post('/v1/players/me/tokens', { token: ann.token, body: { label: 'stats', scopes: ['games:read'] } });
    expect((await client.request('PUT', '/v1/players/me/preferences', { token: ann.token, body: { reminders: [0.5] } })).status).toBe(200);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const hook = await client.post('/v1/webhooks', { token: ann.token, body: { url: receiver.url } });
    expect(hook.status, hook.text).toBe(201);

    const finished = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    await client.post(`/v1/games/${finished}/join`, { token: ben.token, body: {} });
    await playToEnd(client, finished, [
      { seat: 0, token: ann.token },
      { seat: 1, token: ben.token },
    ]);
    const running = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;

    // A read-only token cannot export; a token with account:read can.
    expect((await client.get('/v1/players/me/data', { token: reader.body.token })).body.code).toBe('insufficient-scope');
    // Notifications are derived off the request path: export once the game's end has been told (bounded, so a broken build fails).
    for (let i = 0; i < 200; i++, await sleep(25)) {
      const kept = (await client.get('/v1/notifications', { token: ann.token })).body.notifications as { type: string }[];
      if (kept.some((n) => n.type === 'game-ended')) break;
    }
    const exported = await client.get('/v1/players/me/data', { token: ann.token });
    expect(exported.status, exported.text).toBe(200);
    const data = exported.body;
    expect(data.player).toMatchObject({ playerId: ann.playerId, name: 'Ann', kind: 'person', owner: null });
    expect(data.accessTokens).toEqual([expect.objectContaining({ tokenId: reader.body.tokenId, label: 'stats', scopes: ['games:read'] })]);
    expect(data.preferences).toEqual((await client.get('/v1/players/me/preferences', { token: ann.token })).body);
    expect(data.preferences).toMatchObject({ reminders: [0.5] });
    expect(data.vacation).toMatchObject({ usedDays: 0 });
    expect(data.webhooks).toEqual([expect.objectContaining({ id: hook.body.id, url: receiver.url })]);
    expect(data.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'player-joined', gameId: finished, joined: { seat: 1, name: 'Ben' } }),
        expect.objectContaining({ type: 'game-ended', gameId: finished }),
      ]),
    );
    expect(data.notifications).toEqual((await client.get('/v1/notifications?limit=100', { token: ann.token })).body.notifications);
    expect(data.games.running).toEqual([expect.objectContaining({ gameId: running, game: 'village-pillage', seat: 0 })]);
    expect(data.games.finished).toEqual([expect.objectContaining({ gameId: finished, game: 'village-pillage', seat: 0 })]);
    expect(data.games.next).toBeNull();
    // What landed since the export was written is in it too: push devices, blocks, ratings and tallies.
    expect(data.pushDevices).toEqual([]);
    expect(data.blocks).toEqual([]);
    expect(data.ratings.reliability).toBe(100);
    expect(data.ratings.games).toEqual(expect.arrayContaining([expect.objectContaining({ game: 'village-pillage', played: 1 })]));
    // No secret of any kind: not the tokens, their hashes, nor the webhook's signing secret.
    for (const secret of [ann.token, reader.body.token, hook.body.secret]) expect(exported.text).not.toContain(secret);
    expect(exported.text).not.toMatch(/[0-9a-f]{64}/);

    const foreign = await client.get('/v1/players/me/data?after=not-a-cursor', { token: ann.token });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('invalid-cursor');
  });
});
