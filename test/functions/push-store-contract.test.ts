import { describe, expect, it } from 'vitest';
import { DynamoPushStore } from '../../functions/push/store/dynamo.js';
import { MemoryPushStore } from '../../functions/push/store/memory.js';
import type { DeliveryRecord, EmailRecord, PushStore, PushSubscriptionRecord } from '../../functions/push/store/port.js';
import type { Notification } from '../../functions/push/model/schemas.js';
import { freshTable } from '../support/dynamo.js';
import { webhookRecord } from '../support/push-records.js';

/** One contract, both adapters: the push store behaves the same on DynamoDB Local and in memory. */
const NOW = Date.UTC(2026, 10, 26, 12);
const ADAPTERS: [string, (clock: () => number) => Promise<PushStore>][] = [
  ['memory', async (clock) => new MemoryPushStore(clock)],
  [
    'dynamodb',
    async (clock) => {
      const table = await freshTable('push-contract');
      return new DynamoPushStore(table.client, table.tableName, clock);
    },
  ],
];

const note = (i: number, at = NOW + i): Notification => ({
  id: `n_${String(i).padStart(4, '0')}`,
  at: new Date(at).toISOString(),
  type: 'game-started',
  gameId: 'g_1',
  game: 'village-pillage',
  title: 'Village Pillage',
  seat: 0,
  version: 1,
});

/** A player's address as the store keeps it, unconfirmed, digest on. */
const addressOf = (playerId: string, address: string): EmailRecord => ({
  playerId,
  address,
  confirmedAt: null,
  confirmation: null,
  timeZone: 'UTC',
  digestHour: 8,
  digest: true,
  disabled: null,
  createdAt: NOW,
});

describe.each(ADAPTERS)('push store contract (%s)', (_name, make) => {
  it('lists notifications in time order by cursor, idempotently, and forgets them after 30 days', async () => {
    let now = NOW;
    const store = await make(() => now);
    await store.putNotifications('pl_a', [note(3), note(1), note(2)]);
    await store.putNotifications('pl_a', [note(2)]);
    await store.putNotifications('pl_b', [note(9)]);
    const first = await store.listNotifications('pl_a', null, 2);
    expect(first.items.map((n) => n.id)).toEqual(['n_0001', 'n_0002']);
    expect(first.more).toBe(true);
    const rest = await store.listNotifications('pl_a', first.next, 2);
    expect(rest.items.map((n) => n.id)).toEqual(['n_0003']);
    expect(rest.more).toBe(false);
    const none = await store.listNotifications('pl_a', rest.next, 2);
    expect(none).toEqual({ items: [], next: rest.next, more: false });
    now = NOW + 30 * 24 * 3600 * 1000 + 2;
    expect((await store.listNotifications('pl_a', null, 10)).items.map((n) => n.id)).toEqual(['n_0003']);
  });

  it('keeps preferences, timers and tickets (once, until expiry)', async () => {
    let now = NOW;
    const store = await make(() => now);
    expect(await store.getPreferences('pl_a', 'strong')).toBeNull();
    await store.putPreferences('pl_a', { reminders: [0.5] });
    expect(await store.getPreferences('pl_a', 'strong')).toEqual({ reminders: [0.5] });
    // DynamoDB Local reads consistently either way; this checks the eventual read finds the same item.
    expect(await store.getPreferences('pl_a', 'eventual')).toEqual({ reminders: [0.5] });
    // The matrix's chosen cells are kept beside the reminders (a record without them stays readable, above).
    const chosen = { reminders: [0.5], notify: { 'player-joined': { webhook: false }, 'your-turn': { stream: false, webhook: true } } };
    await store.putPreferences('pl_b', chosen);
    expect(await store.getPreferences('pl_b', 'strong')).toEqual(chosen);

    const timer = {
      id: 'rem_1',
      dueAt: NOW,
      payload: { kind: 'reminder' as const, gameId: 'g', pendingId: 'p1', seat: 0, playerId: 'pl_a', fraction: 0.8, dueAt: NOW },
    };
    await store.putTimer(timer);
    await store.putTimer(timer);
    expect(await store.listTimers()).toEqual([timer]);
    await store.deleteTimer('rem_1');
    expect(await store.listTimers()).toEqual([]);

    expect(await store.putTicket('h1', 'pl_a', NOW + 60_000, 10)).toBe(true);
    expect(await store.putTicket('h2', 'pl_a', NOW + 60_000, 10)).toBe(true);
    expect(await store.takeTicket('h1')).toBe('pl_a');
    expect(await store.takeTicket('h1')).toBeNull();
    now = NOW + 60_000;
    expect(await store.takeTicket('h2')).toBeNull();
  });

  it('holds at most `limit` outstanding tickets a player, even asked at once; a ticket taken or lapsed frees its place', async () => {
    let now = NOW;
    const store = await make(() => now);
    const issued = await Promise.all(Array.from({ length: 6 }, (_, i) => store.putTicket(`t${i}`, 'pl_a', NOW + 60_000, 3)));
    expect(issued.filter(Boolean)).toHaveLength(3);
    expect(await store.putTicket('other', 'pl_b', NOW + 60_000, 3)).toBe(true);
    const held = issued.flatMap((ok, i) => (ok ? [`t${i}`] : []));
    expect(await store.takeTicket(held[0]!)).toBe('pl_a');
    expect(await store.putTicket('t-after-take', 'pl_a', NOW + 60_000, 3)).toBe(true);
    expect(await store.putTicket('t-full', 'pl_a', NOW + 60_000, 3)).toBe(false);
    now = NOW + 60_000;
    expect(await store.putTicket('t-after-lapse', 'pl_a', NOW + 120_000, 3)).toBe(true);
  });

  it('opens at most `limit` connections a player and `limit` games a connection, even asked at once', async () => {
    const store = await make(() => NOW);
    const opened = await Promise.all(Array.from({ length: 5 }, (_, i) => store.putConnection({ connectionId: `k${i}`, playerId: 'pl_a' }, 2)));
    expect(opened.filter(Boolean)).toHaveLength(2);
    expect(await store.playerConnections('pl_a', 'strong')).toHaveLength(2);
    const open = opened.flatMap((ok, i) => (ok ? [`k${i}`] : []));
    await store.deleteConnection(open[0]!);
    expect(await store.putConnection({ connectionId: 'k-again', playerId: 'pl_a' }, 2)).toBe(true);

    const connection = { connectionId: open[1]!, playerId: 'pl_a', games: [] as string[] };
    const added = await Promise.all(['g_1', 'g_2', 'g_3', 'g_4'].map((gameId) => store.addSubscription(connection, gameId, 2)));
    expect(added.filter((a) => a === 'added')).toHaveLength(2);
    expect(added.filter((a) => a === 'full')).toHaveLength(2);
    const games = (await store.getConnection(connection.connectionId))?.games ?? [];
    expect(games).toHaveLength(2);
    // A game it follows already is no new one.
    expect(await store.addSubscription({ ...connection, games }, games[0]!, 2)).toBe('added');
    expect(await store.addSubscription(connection, 'g_1', 2)).not.toBe('closed');
    expect(await store.addSubscription({ connectionId: 'gone', playerId: 'pl_a', games: [] }, 'g_1', 2)).toBe('closed');
  });

  it('gives a game `limit` turn announcements a minute, one place per commit however often it asks', async () => {
    const store = await make(() => NOW);
    const minute = NOW - (NOW % 60_000);
    const taken = await Promise.all([1, 2, 3, 4, 5].map((seq) => store.takeAllowance('g_1', minute, seq, 3)));
    expect(taken.filter(Boolean)).toHaveLength(3);
    const winner = [1, 2, 3, 4, 5].find((_, i) => taken[i])!;
    expect(await store.takeAllowance('g_1', minute, winner, 3)).toBe(true);
    expect(await store.takeAllowance('g_2', minute, 9, 3)).toBe(true);
    expect(await store.takeAllowance('g_1', minute + 60_000, 6, 3)).toBe(true);
  });

  it('lets one message claim a subject of a target, however many ask at once; its claimant may ask again', async () => {
    const store = await make(() => NOW);
    const claims = await Promise.all(['msg_1', 'msg_2', 'msg_3'].map((claimant) => store.claimSubject('wh_1', 'turn#g_1#p4#0', claimant, NOW)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = ['msg_1', 'msg_2', 'msg_3'].find((_, i) => claims[i])!;
    expect(await store.claimSubject('wh_1', 'turn#g_1#p4#0', holder, NOW)).toBe(true);
    expect(await store.claimSubject('wh_1', 'turn#g_1#p4#0', 'msg_4', NOW)).toBe(false);
    // Another subject, or the same one at another target, is free.
    expect(await store.claimSubject('wh_1', 'turn#g_1#p5#0', 'msg_4', NOW)).toBe(true);
    expect(await store.claimSubject('wh_2', 'turn#g_1#p4#0', 'msg_5', NOW)).toBe(true);
  });

  it('keeps the local outbox until each message is handled', async () => {
    const store = await make(() => NOW);
    const message = (deliveryId: string) => ({ channel: 'webhook' as const, ownerId: 'pl_a', targetId: 'wh_1', deliveryId, createdAt: NOW });
    await store.putQueued(message('m1'));
    await store.putQueued(message('m2'));
    await store.putQueued(message('m1'));
    expect([...(await store.listQueued())].sort((a, b) => a.deliveryId.localeCompare(b.deliveryId))).toEqual([message('m1'), message('m2')]);
    await store.deleteQueued(message('m1'));
    expect(await store.listQueued()).toEqual([message('m2')]);
  });

  it('keeps a connection with exactly the index entries of its subscriptions, and removes every one when it closes', async () => {
    const store = await make(() => NOW);
    const subscribers = async (gameId: string) =>
      [...(await store.gameSubscribers(gameId, 'eventual'))].sort((a, b) => a.connectionId.localeCompare(b.connectionId));
    expect(await store.putConnection({ connectionId: 'c1', playerId: 'pl_a' }, 10)).toBe(true);
    expect(await store.putConnection({ connectionId: 'c2', playerId: 'pl_b' }, 10)).toBe(true);
    let c1 = { connectionId: 'c1', playerId: 'pl_a', games: [] as string[] };
    const c2 = { connectionId: 'c2', playerId: 'pl_b', games: [] as string[] };
    expect(await store.getConnection('c1')).toEqual(c1);
    expect(await store.playerConnections('pl_a', 'eventual')).toEqual(['c1']);

    expect(await store.addSubscription(c1, 'g_2', 20)).toBe('added');
    expect(await store.addSubscription({ ...c1, games: ['g_2'] }, 'g_1', 20)).toBe('added');
    expect(await store.addSubscription(c2, 'g_1', 20)).toBe('added');
    c1 = { ...c1, games: ['g_1', 'g_2'] };
    expect(await store.getConnection('c1')).toEqual(c1);
    expect(await subscribers('g_1')).toEqual([
      { connectionId: 'c1', playerId: 'pl_a' },
      { connectionId: 'c2', playerId: 'pl_b' },
    ]);
    expect(await subscribers('g_2')).toEqual([{ connectionId: 'c1', playerId: 'pl_a' }]);

    await store.removeSubscription(c1, 'g_2');
    c1 = { ...c1, games: ['g_1'] };
    expect(await store.getConnection('c1')).toEqual(c1);
    expect(await subscribers('g_2')).toEqual([]);
    expect(await subscribers('g_1')).toHaveLength(2);
    expect(await store.playerConnections('pl_a', 'strong')).toEqual(['c1']);

    await store.deleteConnection('c1');
    await store.deleteConnection('c1');
    expect(await store.getConnection('c1')).toBeNull();
    expect(await store.playerConnections('pl_a', 'strong')).toEqual([]);
    expect(await subscribers('g_1')).toEqual([{ connectionId: 'c2', playerId: 'pl_b' }]);
    // A subscription that arrives after its connection closed leaves no record or entry behind.
    expect(await store.addSubscription(c1, 'g_3', 20)).toBe('closed');
    expect(await store.getConnection('c1')).toBeNull();
    expect(await subscribers('g_3')).toEqual([]);
    expect(await store.getConnection('c2')).toEqual({ ...c2, games: ['g_1'] });
  });

  it('keeps webhooks by owner and by game, and deliveries newest first, created once', async () => {
    const store = await make(() => NOW);
    const hook = (id: string, gameId: string | null) => webhookRecord(id, 'pl_a', gameId, NOW);
    expect(await store.addWebhook(hook('wh_1', null), 10)).toBe(true);
    expect(await store.addWebhook(hook('wh_2', 'g_1'), 10)).toBe(true);
    expect((await store.listWebhooks('pl_a', 'strong')).map((h) => h.id)).toEqual(['wh_1', 'wh_2']);
    expect((await store.listWebhooks('pl_a', 'eventual')).map((h) => h.id)).toEqual(['wh_1', 'wh_2']);
    expect((await store.gameWebhooks('g_1', 'eventual')).map((h) => h.id)).toEqual(['wh_2']);
    expect(await store.getWebhook('pl_b', 'wh_1')).toBeNull();
    await store.putWebhook({ ...hook('wh_2', 'g_1'), disabled: { at: NOW, reason: 'r' } });
    expect((await store.gameWebhooks('g_1', 'strong'))[0]?.disabled).toEqual({ at: NOW, reason: 'r' });
    await store.deleteWebhook(hook('wh_2', 'g_1'));
    expect(await store.gameWebhooks('g_1', 'strong')).toEqual([]);
    expect((await store.listWebhooks('pl_a', 'strong')).map((h) => h.id)).toEqual(['wh_1']);

    const delivery = (id: string, createdAt: number): DeliveryRecord => ({
      id,
      webhookId: 'wh_1',
      ownerId: 'pl_a',
      type: 'ping',
      body: '{}',
      createdAt,
      state: 'pending',
      attempts: [],
      nextAttemptAt: createdAt,
    });
    expect(await store.createDelivery(delivery('m1', NOW))).toBe(true);
    expect(await store.createDelivery(delivery('m1', NOW))).toBe(false);
    expect(await store.createDelivery(delivery('m2', NOW + 1))).toBe(true);
    await store.putDelivery({ ...delivery('m1', NOW), state: 'delivered', attempts: [{ at: NOW, status: 200, error: null }] });
    expect((await store.getDelivery('wh_1', NOW, 'm1', 'strong'))?.state).toBe('delivered');
    expect((await store.getDelivery('wh_1', NOW + 1, 'm2', 'eventual'))?.state).toBe('pending');
    expect(await store.getDelivery('wh_1', NOW, 'm3', 'eventual')).toBeNull();
    expect((await store.listDeliveries('wh_1', 10)).map((d) => d.id)).toEqual(['m2', 'm1']);
  });

  it('keeps at most `limit` webhooks a player, even created at once, and counts deleted ones off (and ones made before the count)', async () => {
    const store = await make(() => NOW);
    const hook = (id: string, ownerId = 'pl_q') => webhookRecord(id, ownerId, null, NOW);
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => store.addWebhook(hook(`wh_q${i}`), 3)));
    expect(created.filter(Boolean)).toHaveLength(3);
    expect(await store.listWebhooks('pl_q', 'strong')).toHaveLength(3);
    const [first] = await store.listWebhooks('pl_q', 'strong');
    await store.deleteWebhook(first!);
    await store.deleteWebhook(first!);
    expect(await store.addWebhook(hook('wh_q-after'), 3)).toBe(true);
    expect(await store.addWebhook(hook('wh_q-full'), 3)).toBe(false);
    // Subscriptions stored before the count existed (rewritten as they always were) are counted when the count starts.
    await store.putWebhook(hook('wh_old1', 'pl_old'));
    await store.putWebhook(hook('wh_old2', 'pl_old'));
    expect(await store.addWebhook(hook('wh_new1', 'pl_old'), 3)).toBe(true);
    expect(await store.addWebhook(hook('wh_new2', 'pl_old'), 3)).toBe(false);
  });

  it('keeps at most `limit` push subscriptions a player, even created at once, apart from webhooks, and counts deleted ones off once', async () => {
    const store = await make(() => NOW);
    const device = (id: string, ownerId = 'pl_p'): PushSubscriptionRecord => ({
      id,
      ownerId,
      endpoint: `https://push.example/${id}`,
      keys: { p256dh: 'BNcR', auth: 'tBHI' },
      label: null,
      createdAt: NOW,
    });
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => store.addPushSubscription(device(`ps_${i}`), 3)));
    expect(created.filter(Boolean)).toHaveLength(3);
    const mine = await store.listPushSubscriptions('pl_p', 'strong');
    expect(mine).toHaveLength(3);
    // Webhooks keep a count of their own: a player full of devices may still add a webhook.
    expect(await store.listWebhooks('pl_p', 'strong')).toEqual([]);
    const [first] = mine;
    await store.deletePushSubscription(first!);
    await store.deletePushSubscription(first!);
    expect(await store.getPushSubscription('pl_p', first!.id)).toBeNull();
    expect(await store.addPushSubscription(device('ps_after'), 3)).toBe(true);
    expect(await store.addPushSubscription(device('ps_full'), 3)).toBe(false);
    expect(await store.getPushSubscription('pl_other', 'ps_after')).toBeNull();
    expect(await store.rewritePushSubscription({ ...device('ps_after'), label: 'Phone' })).toBe(true);
    expect((await store.getPushSubscription('pl_p', 'ps_after'))?.label).toBe('Phone');
  });

  it('never brings back a removed address or device by rewriting it (the removal may have cleared the flag the channels read), nor an address replaced meanwhile', async () => {
    const store = await make(() => NOW);
    const address = addressOf('pl_r', 'r@example.org');
    await store.putEmail(address);
    const read = (await store.getEmail('pl_r', 'strong'))!;
    expect(await store.rewriteEmail(read, { ...read, confirmedAt: NOW })).toBe(true);
    // Rewritten since `read` was: a second rewrite from it would undo the first.
    expect(await store.rewriteEmail(read, { ...read, digest: false })).toBe(false);
    expect(await store.getEmail('pl_r', 'strong')).toEqual({ ...address, confirmedAt: NOW });
    // Replaced by another address meanwhile: the old one is not put back.
    const before = (await store.getEmail('pl_r', 'strong'))!;
    await store.putEmail({ ...address, address: 'new@example.org', createdAt: NOW + 1 });
    expect(await store.rewriteEmail(before, { ...before, disabled: { at: NOW, reason: 'bounced' } })).toBe(false);
    expect((await store.getEmail('pl_r', 'strong'))?.address).toBe('new@example.org');
    const current = (await store.getEmail('pl_r', 'strong'))!;
    await store.deleteEmail('pl_r');
    expect(await store.rewriteEmail(current, { ...current, digest: false })).toBe(false);
    expect(await store.getEmail('pl_r', 'strong')).toBeNull();
    const phone: PushSubscriptionRecord = {
      id: 'ps_r',
      ownerId: 'pl_r',
      endpoint: 'https://push.example/r',
      keys: { p256dh: 'BNcR', auth: 'tBHI' },
      label: null,
      createdAt: NOW,
    };
    expect(await store.rewritePushSubscription(phone)).toBe(false);
    expect(await store.addPushSubscription(phone, 3)).toBe(true);
    // Another owner's id is not theirs to rewrite.
    expect(await store.rewritePushSubscription({ ...phone, ownerId: 'pl_other' })).toBe(false);
    await store.deletePushSubscription(phone);
    expect(await store.rewritePushSubscription({ ...phone, label: 'Phone' })).toBe(false);
    expect(await store.getPushSubscription('pl_r', 'ps_r')).toBeNull();
    expect(await store.listPushSubscriptions('pl_r', 'strong')).toEqual([]);
  });

  it('keeps one e-mail record a player, deletes it, and claims each local day’s digest once, even claimed at once', async () => {
    const store = await make(() => NOW);
    const record: EmailRecord = { ...addressOf('pl_m', 'Ann@Example.org'), confirmation: { nonce: 'n0nce', expiresAt: NOW + 1000 }, timeZone: 'Europe/Paris' };
    expect(await store.getEmail('pl_m', 'strong')).toBeNull();
    await store.putEmail(record);
    expect(await store.getEmail('pl_m', 'strong')).toEqual(record);
    await store.putEmail({ ...record, confirmedAt: NOW, confirmation: null });
    expect((await store.getEmail('pl_m', 'strong'))?.confirmedAt).toBe(NOW);
    expect(await store.getEmail('pl_other', 'strong')).toBeNull();
    const claims = await Promise.all(Array.from({ length: 5 }, (_, i) => store.claimDigest('pl_m', '2026-11-26', `firing ${i}`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The firing that holds the day may claim it again (its queuing failed and its timer tries again); no other may.
    const holder = `firing ${claims.indexOf(true)}`;
    expect(await store.claimDigest('pl_m', '2026-11-26', holder)).toBe(true);
    expect(await store.claimDigest('pl_m', '2026-11-26', holder === 'firing 0' ? 'firing 1' : 'firing 0')).toBe(false);
    expect(await store.claimDigest('pl_m', '2026-11-27', 'firing 5')).toBe(true);
    expect(await store.claimDigest('pl_n', '2026-11-26', 'firing 6')).toBe(true);
    await store.deleteEmail('pl_m');
    await store.deleteEmail('pl_m');
    expect(await store.getEmail('pl_m', 'strong')).toBeNull();
  });
});
