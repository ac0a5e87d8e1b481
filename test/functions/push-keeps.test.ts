import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { DynamoPushStore } from '../../functions/push/store/dynamo.js';
import { MemoryPushStore } from '../../functions/push/store/memory.js';
import type { PushStore, PushSubscriptionRecord } from '../../functions/push/store/port.js';
import { KEEPS_ATTRIBUTE, playerItem } from '../../functions/store/dynamo-items.js';
import type { PlayerRecord } from '../../functions/store/port.js';
import { freshTable, type TestTable } from '../support/dynamo.js';
import { webhookRecord } from '../support/push-records.js';
import { testContext } from '../support/context.js';
import { batchReads } from '../../functions/push/notify/batch-reads.js';

/** What the channels may skip for a player: the flags every add and removal keeps, on both adapters. */
const NOW = Date.UTC(2026, 10, 27, 9);
const player = (playerId: string): PlayerRecord => ({ playerId, name: playerId, tokenHash: `hash-${playerId}`, createdAt: NOW });
const hook = (id: string, ownerId: string, gameId: string | null = null) => webhookRecord(id, ownerId, gameId, NOW);
const device = (id: string, ownerId: string): PushSubscriptionRecord => ({
  id,
  ownerId,
  endpoint: `https://push.example.com/${id}`,
  keys: { p256dh: 'p', auth: 'a' },
  label: null,
  createdAt: NOW,
});
const NOTHING = { preferences: false, webhooks: false, devices: false, email: false };

/** A push store and a way to register a player as the service does (a profile made now keeps nothing). */
const ADAPTERS: [string, () => Promise<{ store: PushStore; register: (playerId: string) => Promise<void> }>][] = [
  ['memory', async () => ({ store: new MemoryPushStore(() => NOW), register: async () => {} })],
  [
    'dynamodb',
    async () => {
      const table = await freshTable('push-keeps');
      return { store: new DynamoPushStore(table.client, table.tableName, () => NOW), register: (playerId) => table.store().createPlayer(player(playerId)) };
    },
  ],
];

describe.each(ADAPTERS)('what a player keeps for the channels (%s)', (_name, make) => {
  it('keeps nothing when new; each add sets its kind, and removing the last one of a kind clears it', async () => {
    const { store, register } = await make();
    await register('pl_a');
    expect(await store.playerKeeps('pl_a')).toEqual(NOTHING);
    await store.addWebhook(hook('wh_1', 'pl_a'), 10);
    await store.addWebhook(hook('wh_2', 'pl_a', 'g_1'), 10);
    await store.addPushSubscription(device('ps_1', 'pl_a'), 10);
    await store.putEmail({
      playerId: 'pl_a',
      address: 'a@example.com',
      confirmedAt: null,
      confirmation: null,
      timeZone: 'UTC',
      digestHour: 8,
      digest: false,
      disabled: null,
      createdAt: NOW,
    });
    await store.putPreferences('pl_a', { reminders: [0.5] });
    expect(await store.playerKeeps('pl_a')).toEqual({ preferences: true, webhooks: true, devices: true, email: true });
    await store.deleteWebhook(hook('wh_1', 'pl_a'));
    expect((await store.playerKeeps('pl_a'))?.webhooks).toBe(true);
    await store.deleteWebhook(hook('wh_2', 'pl_a', 'g_1'));
    await store.deletePushSubscription(device('ps_1', 'pl_a'));
    await store.deleteEmail('pl_a');
    expect(await store.playerKeeps('pl_a')).toEqual({ ...NOTHING, preferences: true });
  });

  it('leaves the flag set when a webhook is added while the last one is removed, however they interleave', async () => {
    const { store, register } = await make();
    await register('pl_r');
    await store.addWebhook(hook('wh_r0', 'pl_r'), 10);
    for (let round = 1; round <= 8; round++) {
      await Promise.all([store.deleteWebhook(hook(`wh_r${round - 1}`, 'pl_r')), store.addWebhook(hook(`wh_r${round}`, 'pl_r'), 10)]);
      expect(await store.listWebhooks('pl_r', 'strong')).toHaveLength(1);
      expect((await store.playerKeeps('pl_r'))?.webhooks).toBe(true);
    }
  });
});

describe('a player stored before the flags (dynamodb)', () => {
  it('reads as null (the channels read everything), and no add makes up flags for them', async () => {
    const table: TestTable = await freshTable('push-keeps-old');
    const { [KEEPS_ATTRIBUTE]: _none, ...before } = playerItem(player('pl_old'));
    await table.client.send(new PutItemCommand({ TableName: table.tableName, Item: before }));
    const store = new DynamoPushStore(table.client, table.tableName, () => NOW);
    expect(await store.playerKeeps('pl_old')).toBeNull();
    await store.addWebhook(hook('wh_o', 'pl_old'), 10);
    await store.deleteWebhook(hook('wh_o', 'pl_old'));
    expect(await store.playerKeeps('pl_old')).toBeNull();
    expect(await store.playerKeeps('pl_nobody')).toBeNull();
  });
});

describe('what the channels read in a batch', () => {
  it('reads each player’s flags once, and of their things only those the flags say they keep', async () => {
    const push = new MemoryPushStore(() => NOW);
    const asked: string[] = [];
    const counted = new Proxy(push, {
      get: (target, name, receiver) => {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        return (...args: unknown[]) => {
          asked.push(`${name} ${String(args[0])}`);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const reads = batchReads(testContext({ push: counted }));
    await push.addWebhook(hook('wh_k', 'pl_keeps'), 10);
    for (let twice = 0; twice < 2; twice++)
      for (const playerId of ['pl_none', 'pl_keeps']) {
        await reads.preferences(playerId);
        await reads.webhooks(playerId);
        await reads.pushSubscriptions(playerId);
        await reads.email(playerId);
      }
    expect(asked).toEqual(['playerKeeps pl_none', 'playerKeeps pl_keeps', 'listWebhooks pl_keeps']);
    expect((await reads.webhooks('pl_keeps')).map((h) => h.id)).toEqual(['wh_k']);
    expect(await reads.email('pl_none')).toBeNull();
  });
});
