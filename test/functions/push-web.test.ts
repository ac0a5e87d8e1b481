import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../functions/push/model/schemas.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { gameTopic } from '../../functions/push/webpush/message.js';
import { vapidKeysFromSeed } from '../../functions/push/webpush/vapid.js';
import { STORE_KINDS, storeOf } from '../support/api.js';
import { answeredNotifications, playToEnd } from '../support/api-players.js';
import { sealedBidsListing } from '../support/sealed-bids.js';
import { openStream, startPushApi, type PushApi } from '../support/push-api.js';
import { startPushService } from '../support/push-service.js';

const vapid = vapidKeysFromSeed(randomBytes(32).toString('base64url'), 'mailto:push-tests@example.com');

/** Browser push end to end: real encryption and VAPID, checked by a push service that holds the browser's keys. */
describe.each(STORE_KINDS)('browser push (%s store, a local push service decrypting each message)', (kind) => {
  let api: PushApi;
  beforeAll(async () => {
    api = await startPushApi({
      store: await storeOf(kind, 'push-web'),
      pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, appUrl: 'https://play.example', retryDelaysMs: [0, 30, 60, 90], vapid: async () => vapid },
    });
  });
  afterAll(async () => api.close());

  it('publishes the VAPID key, keeps at most 10 devices, and refuses endpoints and keys it could not push to', async () => {
    const { client } = api;
    const key = await client.get('/v1/push/vapid-key');
    expect(key.status).toBe(200);
    expect(key.body).toEqual({ publicKey: vapid.publicKey });
    const { token } = await client.register('Many devices');
    const service = await startPushService();
    const body = (path: string) => ({ ...service.subscription, endpoint: `${service.subscription.endpoint}/${path}`, label: `Device ${path}` });
    for (let i = 0; i < 10; i++) expect((await client.post('/v1/push-subscriptions', { token, body: body(String(i)) })).status).toBe(201);
    const full = await client.post('/v1/push-subscriptions', { token, body: body('eleventh') });
    expect([full.status, full.body.code, full.body.limit]).toEqual([409, 'too-many-push-subscriptions', 10]);
    // The same endpoint again updates its subscription, taking no place.
    const again = await client.post('/v1/push-subscriptions', { token, body: { ...body('3'), label: 'Renamed' } });
    expect([again.status, again.body.label]).toEqual([200, 'Renamed']);
    const list = await client.get('/v1/push-subscriptions', { token });
    expect(list.body.subscriptions).toHaveLength(10);
    expect(JSON.stringify(list.body)).not.toContain(service.subscription.keys.auth);
    expect(JSON.stringify(list.body)).not.toContain('/push/');
    expect(list.body.subscriptions[0].endpointOrigin).toBe(new URL(service.subscription.endpoint).origin);
    const gone = await client.request('DELETE', `/v1/push-subscriptions/${list.body.subscriptions[0].id}`, { token });
    expect(gone.status).toBe(204);
    expect((await client.request('DELETE', `/v1/push-subscriptions/${list.body.subscriptions[0].id}`, { token })).body.code).toBe(
      'push-subscription-not-found',
    );
    expect((await client.post('/v1/push-subscriptions', { token, body: body('after') })).status).toBe(201);

    const other = await client.register('Refused');
    const refused = async (change: object) =>
      (await client.post('/v1/push-subscriptions', { token: other.token, body: { ...service.subscription, ...change } })).body.code;
    expect(await refused({ endpoint: 'https://10.0.0.7/push/x' })).toBe('push-endpoint-forbidden');
    expect(await refused({ endpoint: 'http://push.example.com/x' })).toBe('push-endpoint-forbidden');
    expect(await refused({ keys: { ...service.subscription.keys, auth: 'c2hvcnQ' } })).toBe('invalid-push-keys');
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    expect(await refused({ keys: { ...service.subscription.keys, p256dh: offCurve.toString('base64url') } })).toBe('invalid-push-keys');
    expect(await refused({ keys: { p256dh: 'not base64!', auth: 'x' } })).toBe('invalid-request');
    await service.close();
  });

  it('pushes each turn of a whole game to the player whose tab is closed, encrypted to their device and VAPID-signed; nothing to the one watching; a 410 deletes the device', async () => {
    const { client } = api;
    const closedTab = await client.register('Closed tab');
    const watcher = await client.register('Watching');
    const phone = await startPushService();
    const stale = await startPushService(() => 410);
    const watcherPhone = await startPushService();
    const first = await client.post('/v1/push-subscriptions', { token: closedTab.token, body: { ...phone.subscription, label: 'Phone' } });
    expect(first.status, first.text).toBe(201);
    const staleDevice = await client.post('/v1/push-subscriptions', { token: closedTab.token, body: stale.subscription });
    expect(staleDevice.status).toBe(201);
    expect((await client.post('/v1/push-subscriptions', { token: watcher.token, body: watcherPhone.subscription })).status).toBe(201);

    const created = await client.post('/v1/games', { token: closedTab.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } });
    const gameId: string = created.body.gameId;
    const stream = await openStream(client, watcher.token);
    stream.send({ action: 'subscribe', gameId });
    await stream.until((all) => all.some((m) => m.type === 'subscribed'));
    await client.post(`/v1/games/${gameId}/join`, { token: watcher.token, body: {} });
    const answered = answeredNotifications();
    await playToEnd(
      client,
      gameId,
      [
        { seat: 0, token: closedTab.token },
        { seat: 1, token: watcher.token },
      ],
      { onResponse: answered.onResponse },
    );
    await api.push.notifier.idle();
    await api.push.outbox.idle();

    const stored = (await client.get('/v1/notifications?limit=100', { token: closedTab.token })).body.notifications as {
      id: string;
      type: string;
      pending?: { deadline: string };
    }[];
    // Not what their own answers told them (the round their move closed, the end it made): the page that moved shows it.
    const pushable = answered
      .untold(0, stored as Notification[])
      .filter((n) => ['your-turn', 'deadline-soon', 'timed-out', 'game-ended', 'seat-replaced'].includes(n.type));
    expect(pushable.length).toBeGreaterThan(0);
    await phone.until((all) => all.length >= pushable.length);
    expect(phone.received.flatMap((m) => m.problems)).toEqual([]);
    const messages = phone.received.map(
      (m) => JSON.parse(m.plaintext!) as { type: string; notificationId: string; gameId: string; title: string; body: string; path: string },
    );
    expect(messages.map((m) => m.notificationId).sort()).toEqual(pushable.map((n) => n.id).sort());
    const turn = messages.find((m) => m.type === 'your-turn')!;
    expect(turn).toMatchObject({ gameId, title: 'Village Pillage', path: `/g/${gameId}` });
    expect(turn.body).toMatch(/^Your turn in Village Pillage: play by \d{1,2} \w{3}, \d{2}:\d{2} UTC\.$/);
    // The end comes last, unless their own move made it: then its answer said so, and no push does.
    const endedByThem = answered.of(0).some((n) => n.type === 'game-ended');
    expect(messages.at(-1)?.type === 'game-ended').toBe(!endedByThem);
    const deadlines = new Map(stored.map((n) => [n.id, n.pending?.deadline]));
    for (const [i, m] of phone.received.entries()) {
      expect(m.vapidKey).toBe(vapid.publicKey);
      expect(m.claims?.aud).toBe(new URL(phone.subscription.endpoint).origin);
      expect(m.headers.topic).toBe(gameTopic(gameId));
      expect(m.headers.urgency).toBe('normal');
      // Worth keeping until the deadline it tells of, not longer; without one, a day.
      const deadline = deadlines.get(messages[i]!.notificationId);
      const ttl = Number(m.headers.ttl);
      if (deadline) expect(Math.abs(ttl - (Date.parse(deadline) - m.receivedAt) / 1000)).toBeLessThan(60);
      else expect(ttl).toBeLessThanOrEqual(24 * 60 * 60);
      expect(ttl).toBeGreaterThan(0);
    }
    // Only what its addressee may see: the body is built from their own notification, whose fields it names.
    expect(messages.every((m) => Object.keys(m).sort().join() === 'at,body,gameId,notificationId,path,title,type')).toBe(true);

    // The watcher had the table open on the stream the whole game: nothing pushed.
    expect(watcherPhone.received).toEqual([]);

    // The stale device's push service answered 410 to the first message: the subscription is gone, nothing more sent to it.
    expect(stale.received).toHaveLength(1);
    const devices = (await client.get('/v1/push-subscriptions', { token: closedTab.token })).body.subscriptions as { label: string | null }[];
    expect(devices.map((d) => d.label)).toEqual(['Phone']);
    // And no delivery is left recorded under the deleted device.
    expect(await api.ctx.push.listDeliveries(staleDevice.body.id as string, 10)).toEqual([]);

    await stream.close();
    await Promise.all([phone.close(), stale.close(), watcherPhone.close()]);
  });
});

/**
 * What a player who stops answering is pushed, on DynamoDB Local with real
 * timers (deadlines of 4 seconds, a reminder at half): their turn, the
 * reminder (`Urgency: high`: the one push worth waking a phone at once),
 * each timeout, and the bot taking their seat; a device whose push service
 * answers 404 is deleted at its first message.
 */
describe('browser push of reminders, timeouts and a seat handed to the bot (DynamoDB Local, real timers)', () => {
  let api: PushApi;
  beforeAll(async () => {
    api = await startPushApi(
      {
        store: await storeOf('dynamodb', 'push-web-away'),
        games: [sealedBidsListing],
        pushPolicy: {
          ...DEFAULT_PUSH_POLICY,
          allowLoopbackHttp: true,
          appUrl: 'https://play.example',
          retryDelaysMs: [0, 30, 60, 90],
          vapid: async () => vapid,
        },
      },
      { deadlines: true, reminderMinPendingMs: 1000 },
    );
  });
  afterAll(async () => api.close());

  it('pushes your-turn, deadline-soon with Urgency high, timed-out and seat-replaced, each decrypted and VAPID-signed; a 404 deletes that device', async () => {
    const { client } = api;
    const [away, other] = [await client.register('Away'), await client.register('Other')];
    const phone = await startPushService();
    const gone = await startPushService(() => 404);
    for (const device of [phone, gone])
      expect((await client.post('/v1/push-subscriptions', { token: away.token, body: device.subscription })).status).toBe(201);
    expect((await client.request('PUT', '/v1/players/me/preferences', { token: away.token, body: { reminders: [0.5] } })).status).toBe(200);
    const created = await client.post('/v1/games', {
      token: away.token,
      body: { game: 'sealed-bids', seats: 2, options: { rounds: 4 }, deadlines: { turnSeconds: 4, windowSeconds: 4 }, table: { replaceAfterTimeouts: 2 } },
    });
    expect(created.status, created.text).toBe(201);
    const gameId: string = created.body.gameId;
    expect((await client.post(`/v1/games/${gameId}/join`, { token: other.token, body: {} })).status).toBe(200);

    // Nobody answers: the timers time both out, and after two timeouts in a row the bot takes Away's seat.
    type Pushed = { type: string; gameId: string; body: string };
    const pushed = () =>
      phone.received.map((m) => ({ ...(JSON.parse(m.plaintext ?? '{}') as Pushed), headers: m.headers, problems: m.problems, at: m.receivedAt }));
    await phone.until(() => pushed().some((m) => m.type === 'seat-replaced' && m.body.startsWith('A bot plays your seat')));
    const messages = pushed();
    for (const type of ['your-turn', 'deadline-soon', 'timed-out', 'seat-replaced']) expect(messages.map((m) => m.type)).toContain(type);
    for (const m of messages) {
      expect(m.problems).toEqual([]);
      expect(m.gameId).toBe(gameId);
      // The reminder alone is urgent: the deadline is near.
      expect(m.headers.urgency).toBe(m.type === 'deadline-soon' ? 'high' : 'normal');
      expect(m.headers.topic).toBe(gameTopic(gameId));
    }
    const reminder = messages.find((m) => m.type === 'deadline-soon')!;
    expect(reminder.body).toMatch(/^Your time in Sealed Bids \(test fixture\) runs out at \d{1,2} \w{3}, \d{2}:\d{2} UTC\.$/);
    // Worth keeping only until the deadline: half of the 4 seconds is left.
    expect(Number(reminder.headers.ttl)).toBeLessThanOrEqual(2);
    expect(messages.find((m) => m.type === 'timed-out')!.body).toBe('Your time ran out in Sealed Bids (test fixture).');
    expect(messages.find((m) => m.type === 'seat-replaced')!.body).toBe(
      'A bot plays your seat in Sealed Bids (test fixture) after 2 timeouts: take it back at the table.',
    );

    // The device whose push service no longer knew it got one message, then was deleted.
    expect(gone.received).toHaveLength(1);
    const devices = (await client.get('/v1/push-subscriptions', { token: away.token })).body.subscriptions as { endpointOrigin: string }[];
    expect(devices.map((d) => d.endpointOrigin)).toEqual([new URL(phone.subscription.endpoint).origin]);
    await Promise.all([phone.close(), gone.close()]);
  });
});
