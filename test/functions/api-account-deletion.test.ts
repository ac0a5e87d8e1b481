import { PutItemCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { inflateRawSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPush, type LocalPushRun } from '../../functions/compose.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import type { Item } from '../../functions/store/capacity.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';
import { startReceiver } from '../support/webhook-receiver.js';

/** A name no other text of the table could hold by chance. */
const NAME = 'Annabel Quistorp';

/** An item as text, deflated bodies inflated: what a search for personal data must read. */
function itemText(item: Item): string {
  const deflated = item.z?.B;
  return JSON.stringify(item) + (deflated ? inflateRawSync(deflated).toString('utf8') : '');
}

async function scanAll(store: DynamoStore): Promise<Item[]> {
  const items: Item[] = [];
  let startKey: Item | undefined;
  do {
    const page = await store.client.send(new ScanCommand({ TableName: store.table, ExclusiveStartKey: startKey, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const keyOf = (item: Item) => `${item.pk?.S} ${item.sk?.S}`;

describe.each(STORE_KINDS)('deleting an account (%s store)', (kind) => {
  let api: RunningApi;
  let push: LocalPushRun;
  const receivers: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    api = await startApi({ store: await storeOf(kind, 'account-deletion'), pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true } });
    push = await startLocalPush(api.ctx, { deadlines: false, onError: (error) => console.error(error) });
  });
  afterAll(async () => {
    push.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await api.close();
  });

  it('leaves no personal data: tokens, push records, rows and ratings go; games keep "Deleted player"', async () => {
    const { client, ctx } = api;
    const ann = await client.register(NAME);
    const ben = await client.register('Ben');
    const cy = await client.register('Cy');
    const reader = (await client.post('/v1/players/me/tokens', { token: ann.token, body: { label: 'stats', scopes: ['games:read', 'account:read'] } })).body;
    expect((await client.request('PUT', '/v1/players/me/preferences', { token: ann.token, body: { reminders: [0.5] } })).status).toBe(200);
    expect((await client.post('/v1/players/me/blocks', { token: ann.token, body: { playerId: cy.playerId } })).status).toBe(201);
    const seek = await client.post('/v1/seeks', { token: ann.token, body: { game: 'villages-of-valeria', seats: 2, deadlines: 'daily' } });
    expect(seek.status, seek.text).toBe(201);
    expect((await client.post('/v1/players/me/vacation', { token: ann.token, body: { until: new Date(Date.now() + 86_400_000).toISOString() } })).status).toBe(
      201,
    );
    expect((await client.request('DELETE', '/v1/players/me/vacation', { token: ann.token })).status).toBe(200);
    const receiver = await startReceiver();
    receivers.push(receiver);

    // A finished rated game against Ben, a running one, and one not started.
    const finished = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    await client.post(`/v1/games/${finished}/join`, { token: ben.token, body: {} });
    await playToEnd(client, finished, [
      { seat: 0, token: ann.token },
      { seat: 1, token: ben.token },
    ]);
    const running = (await client.post('/v1/games', { token: ben.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    await client.post(`/v1/games/${running}/join`, { token: ann.token, body: {} });
    const waiting = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 3, deadlines: 'daily' } })).body.gameId;
    // A webhook of hers for all notifications, one for the running game's notices (a copy under the game), each with a delivery.
    const hook = (await client.post('/v1/webhooks', { token: ann.token, body: { url: receiver.url } })).body;
    const gameHook = (await client.post('/v1/webhooks', { token: ann.token, body: { url: receiver.url, gameId: running } })).body;
    expect((await client.post(`/v1/webhooks/${hook.id}/test`, { token: ann.token })).status).toBe(200);
    // A browser's push device with a delivery, and a stream ticket, as their routes would store them.
    const device = {
      id: 'ps_annsphone',
      ownerId: ann.playerId,
      endpoint: 'https://push.example/abc',
      keys: { p256dh: 'k', auth: 'a' },
      label: 'phone',
      createdAt: Date.now(),
    };
    expect(await ctx.push.addPushSubscription(device, 10)).toBe(true);
    await ctx.push.createDelivery({
      id: 'msg_1',
      webhookId: device.id,
      ownerId: ann.playerId,
      type: 'your-turn',
      body: '{}',
      createdAt: Date.now(),
      state: 'pending',
      attempts: [],
      nextAttemptAt: null,
    });
    expect((await client.post('/v1/stream/tickets', { token: ann.token })).status).toBe(201);

    // A later feature's item (a passkey, say) with a lookup elsewhere, named in its `satellites`: the same walk takes both.
    const dynamo = ctx.store instanceof DynamoStore ? ctx.store : null;
    if (dynamo) {
      const lookup = { pk: { S: 'PASSKEY#cred-1' }, sk: { S: 'PASSKEY' } };
      await dynamo.client.send(new PutItemCommand({ TableName: dynamo.table, Item: { ...lookup, playerId: { S: ann.playerId }, name: { S: NAME } } }));
      await dynamo.client.send(
        new PutItemCommand({
          TableName: dynamo.table,
          Item: { pk: { S: `PLAYER#${ann.playerId}` }, sk: { S: 'PASSKEY#cred-1' }, satellites: { L: [{ M: lookup }] } },
        }),
      );
    }
    // Notifications are derived off the request path: wait for the end's and the running game's.
    for (let i = 0; i < 200; i++, await sleep(25)) {
      const kept = (await client.get('/v1/notifications', { token: ann.token })).body.notifications as { type: string; gameId: string }[];
      if (kept.some((n) => n.type === 'game-ended') && kept.some((n) => n.type === 'game-started' && n.gameId === running)) break;
    }
    const before = dynamo ? await scanAll(dynamo) : [];
    const hers = (items: Item[]) => items.filter((item) => itemText(item).includes(ann.playerId) || itemText(item).includes(NAME));
    if (dynamo) {
      const keys = hers(before).map(keyOf);
      // Everything the account touched, listed before it goes.
      for (const expected of [
        'PROFILE',
        'ACCESS#',
        'ACCESS-COUNT',
        'VACATION',
        'GAME#',
        'DONE#',
        'ENDED#',
        'RUNNING',
        'RATING#',
        'TALLY#',
        'BLOCK#',
        'N#',
        'PREFS',
        'WH#',
        'QUOTA#webhooks',
        'WP#',
        'SLOT#ticket',
        'PASSKEY#',
        'SEEK#',
      ])
        expect(
          keys.some((k) => k.startsWith(`PLAYER#${ann.playerId} ${expected}`)),
          expected,
        ).toBe(true);
      for (const elsewhere of ['TOKEN#', 'SEEKS#villages-of-valeria', `HOOKS#${running}`, `WHD#${hook.id}`, `WHD#${device.id}`, 'TICKET#', 'PASSKEY#cred-1'])
        expect(
          keys.some((k) => k.startsWith(elsewhere)),
          elsewhere,
        ).toBe(true);
      console.log(`before: ${keys.length} items hold her id or name:\n  ${keys.sort().join('\n  ')}`);
    }

    // Refused, and nothing changes: a token without account:write, a wrong confirmation.
    const unscoped = await client.request('DELETE', '/v1/players/me', { token: reader.token, body: { confirm: NAME } });
    expect(unscoped.status).toBe(403);
    expect(unscoped.body).toMatchObject({ code: 'insufficient-scope', scope: 'account:write' });
    const mistaken = await client.request('DELETE', '/v1/players/me', { token: ann.token, body: { confirm: 'annabel quistorp' } });
    expect(mistaken.status).toBe(422);
    expect(mistaken.body.code).toBe('deletion-not-confirmed');
    expect((await client.get('/v1/players/me', { token: ann.token })).status).toBe(200);
    if (dynamo) expect((await scanAll(dynamo)).map(keyOf).sort()).toEqual(before.map(keyOf).sort());

    const deleted = await client.request('DELETE', '/v1/players/me', { token: ann.token, body: { confirm: NAME } });
    expect(deleted.status, deleted.text).toBe(204);

    // Every token is refused at once, the cached ones too.
    for (const token of [ann.token, reader.token]) expect((await client.get('/v1/players/me', { token })).body.code).toBe('invalid-token');
    expect((await client.get(`/v1/players/${ann.playerId}`, { token: ben.token })).status).toBe(404);

    // The finished game: her seat is "Deleted player" in its record, Ben's list and Ben's export; no rating of hers is left.
    const record = (await client.get(`/v1/games/${finished}/record`, { token: ben.token })).body;
    expect(record.seats[0]).toMatchObject({ kind: 'player', playerId: ann.playerId, name: 'Deleted player' });
    const benGames = (await client.get('/v1/games?status=finished', { token: ben.token })).body;
    expect(JSON.stringify(benGames)).not.toContain(NAME);
    expect(JSON.stringify(benGames)).toContain('Deleted player');
    const exported = await client.get(`/v1/players/${ben.playerId}/games/export`, { token: ben.token });
    expect(exported.text).toContain('Deleted player');
    expect(exported.text).not.toContain(NAME);
    const board = (await client.get('/v1/leaderboards/village-pillage')).body;
    expect(JSON.stringify(board)).not.toContain(ann.playerId);

    // The running game: the bot plays her seat for good, and Ben is told so; the game not started freed her seat.
    const view = (await client.get(`/v1/games/${running}`, { token: ben.token })).body;
    expect(view.seats[1]).toMatchObject({ name: 'Deleted player' });
    expect(view.absence.seatsUnderBot).toContain(1);
    // Ben's whole feed, oldest first, page after page: the game he finished with her fills more than a page of it.
    const benIsTold = async () => {
      const told: { type: string; replaced?: unknown }[] = [];
      for (let after: string | null = null; ;) {
        const page: { notifications: { type: string; replaced?: unknown }[]; more: boolean; next: string | null } = (
          await client.get(`/v1/notifications?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`, { token: ben.token })
        ).body;
        told.push(...page.notifications);
        if (!page.more) return told;
        after = page.next;
      }
    };
    // The notifier runs beside the requests, one commit after another: under the whole suite's load it can lag
    // by seconds behind the bot's moves, so the notice is waited for (a bound only against a notice that never comes).
    for (const givingUpAt = Date.now() + 30_000; ; await sleep(25)) {
      const told = await benIsTold();
      const notice = told.find((n) => n.type === 'seat-replaced');
      if (notice) {
        expect(notice.replaced).toEqual({ seat: 1, name: 'Deleted player', afterTimeouts: 0, accountDeleted: true });
        break;
      }
      if (Date.now() > givingUpAt) throw new Error(`Ben was not told of the replacement; he was told (${told.length}): ${told.map((n) => n.type).join(', ')}`);
    }
    const open = (await client.get(`/v1/games/${waiting}`, { token: ben.token })).body;
    expect(open.seats[0]).toMatchObject({ kind: 'empty' });

    // Ben's own account is whole.
    expect((await client.get('/v1/players/me/data', { token: ben.token })).status).toBe(200);

    if (dynamo) {
      // Let the notifier finish what the deletion's commits caused before listing what is left.
      await sleep(300);
      const left = hers(await scanAll(dynamo));
      console.log(`after: ${left.length} items hold her id, none her name:\n  ${left.map(keyOf).sort().join('\n  ')}`);
      // Her name is nowhere. Her id, linked to nothing, only in the games' own partitions (commit authors, seats marked deleted,
      // the record of the rated end), in Ben's finished rows (the seat marked deleted), and in a reminder timer of the local
      // agenda due later, which fires into nothing (the seat is deleted) and goes.
      expect(left.filter((item) => itemText(item).includes(NAME)).map(keyOf)).toEqual([]);
      const othersRows = (item: Item) => /^PLAYER#.* (DONE|ENDED)#/.test(keyOf(item)) && itemText(item).includes('Deleted player');
      expect(left.filter((item) => !item.pk?.S?.startsWith('GAME#') && item.pk?.S !== 'PUSHTIMERS' && !othersRows(item)).map(keyOf)).toEqual([]);
      expect(left.some((item) => item.pk?.S === `PLAYER#${ann.playerId}`)).toBe(false);
      expect(before.filter((item) => item.pk?.S === `PLAYER#${ann.playerId}`).length).toBeGreaterThan(15);
    }
    // A second deletion finds no account: the token is gone.
    expect((await client.request('DELETE', '/v1/players/me', { token: ann.token, body: { confirm: NAME } })).status).toBe(401);
    expect(gameHook.id).toBeTruthy();
  });

  it('shows a deleted player in the block lists of those who blocked them as "Deleted player"', async () => {
    const { client } = api;
    const dora = await client.register('Dora Deleted');
    const eli = await client.register('Eli');
    const blocked = await client.post('/v1/players/me/blocks', { token: eli.token, body: { playerId: dora.playerId } });
    expect(blocked.body.name).toBe('Dora Deleted');
    expect((await client.request('DELETE', '/v1/players/me', { token: dora.token, body: { confirm: 'Dora Deleted' } })).status).toBe(204);
    const list = await client.get('/v1/players/me/blocks', { token: eli.token });
    expect(list.body.blocks).toEqual([{ playerId: dora.playerId, name: 'Deleted player', blockedAt: blocked.body.blockedAt }]);
    expect(list.text).not.toContain('Dora');
    // The block row, in Eli's partition where her deletion does not reach, never held her name.
    const { ctx } = api;
    if (ctx.store instanceof DynamoStore) expect((await scanAll(ctx.store)).filter((item) => itemText(item).includes('Dora')).map(keyOf)).toEqual([]);
  });
});
