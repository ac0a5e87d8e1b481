import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { getItemReadUnits, itemSizeBytes, queryReadUnits, writeUnits, type CapacityUsage } from '../../functions/store/capacity.js';
import { commitItem } from '../../functions/store/dynamo-items.js';
import type { Commit, GameHeader } from '../../functions/store/port.js';
import { freshTable, type TestTable } from '../support/dynamo.js';

const KB = 1024;

describe('item sizes (DynamoDB developer guide, "Item sizes and formats")', () => {
  it('counts attribute names and string values in UTF-8 bytes', () => {
    expect(itemSizeBytes({ pk: { S: 'GAME#g1' } })).toBe(2 + 7);
    expect(itemSizeBytes({ név: { S: 'Ádám' } })).toBe(4 + 6);
  });

  it('counts numbers as 1 byte per two significant digits plus 1, zeros trimmed', () => {
    expect(itemSizeBytes({ n: { N: '1234' } })).toBe(1 + 3);
    expect(itemSizeBytes({ n: { N: '12345' } })).toBe(1 + 4);
    expect(itemSizeBytes({ n: { N: '100' } })).toBe(1 + 2);
    expect(itemSizeBytes({ n: { N: '0.00012' } })).toBe(1 + 2);
    expect(itemSizeBytes({ n: { N: '-1700000000000' } })).toBe(1 + 2);
    expect(itemSizeBytes({ n: { N: '1732573123456' } })).toBe(1 + 8);
  });

  it('counts binary values by their raw bytes, booleans and nulls as 1', () => {
    expect(itemSizeBytes({ z: { B: new Uint8Array(300) } })).toBe(1 + 300);
    expect(itemSizeBytes({ ok: { BOOL: true }, no: { NULL: true } })).toBe(2 + 1 + 2 + 1);
  });

  it('gives lists and maps 3 bytes of overhead and 1 byte per element', () => {
    expect(itemSizeBytes({ l: { L: [] } })).toBe(1 + 3);
    expect(itemSizeBytes({ l: { L: [{ S: 'ab' }, { N: '7' }] } })).toBe(1 + 3 + (1 + 2) + (1 + 2));
    expect(itemSizeBytes({ m: { M: { k: { S: 'v' } } } })).toBe(1 + 3 + 1 + 1 + 1);
  });

  it('matches a worked example: eight attributes, 141 bytes', () => {
    const item = {
      itemType: { S: 'SLOT' },
      id: { S: 'abc1231' },
      hostName: { S: 'Harry Mason' },
      timeSlot: { S: 'February 23, 1999' },
      slotStatus: { S: 'OPEN' },
      createdAt: { S: 'February 1, 1999' },
      updatedAt: { S: 'February 1, 1999' },
      expiresAt: { N: '2099' },
    };
    expect(itemSizeBytes(item)).toBe(141);
  });
});

describe('capacity units (DynamoDB developer guide, "Read and write operations")', () => {
  it('prices writes in 1 KB units per item, doubled in transactions', () => {
    expect(writeUnits(500)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(writeUnits(3.5 * KB)).toBe(4);
    expect(writeUnits(1 * KB, true)).toBe(2);
  });

  it('prices a GetItem in 4 KB units of its item', () => {
    expect(getItemReadUnits(3.5 * KB)).toBe(1);
    expect(getItemReadUnits(10 * KB)).toBe(3);
    expect(getItemReadUnits(8 * KB)).toBe(2);
    expect(getItemReadUnits(8 * KB, 'eventual')).toBe(1);
    expect(getItemReadUnits(8 * KB, 'transactional')).toBe(4);
    // BatchGetItem of 1.5 KB and 6.5 KB: each item rounded on its own, 12 KB.
    expect(getItemReadUnits(1.5 * KB) + getItemReadUnits(6.5 * KB)).toBe(3);
    // A missing item still costs the minimum.
    expect(getItemReadUnits(0)).toBe(1);
  });

  it('prices a Query page on the summed size of its items, rounded once', () => {
    // Ten items of 40.8 KB in all: rounded to 44 KB.
    expect(queryReadUnits(Array.from({ length: 10 }, () => 4.08 * KB))).toBe(11);
    expect(queryReadUnits([1.5 * KB, 6.5 * KB])).toBe(2);
    expect(queryReadUnits([])).toBe(1);
    expect(queryReadUnits([40 * KB], 'eventual')).toBe(5);
  });
});

/** A commit as Villages of Valeria produces it: a build paid with two cards, a follow window opening. */
function typicalCommit(gameId: string, seq: number): Commit {
  const at = 1_732_573_123_456 + seq * 61_000;
  return {
    gameId,
    seq,
    command: { type: 'moves', seat: 1, moves: [{ type: 'build', card: 'vov-b-023', pay: ['vov-b-041', 'vov-c-007'] }], at },
    events: [
      { type: 'action-taken', seat: 1, action: 'build', card: 'vov-b-023' },
      { type: 'cards-discarded', seat: 1, cards: ['vov-b-041', 'vov-c-007'] },
      { type: 'building-built', seat: 1, card: 'vov-b-023', gold: 1 },
      { type: 'follow-opened', leader: 1, action: 'build', order: [2, 0], pendingId: `p${seq + 1}`, deadline: at + 3_600_000 },
      {
        type: 'rng-advanced',
        rng: [randomBytes(4).readUInt32LE(), randomBytes(4).readUInt32LE(), randomBytes(4).readUInt32LE(), randomBytes(4).readUInt32LE()],
      },
    ],
    actor: `pl_${randomBytes(9).toString('base64url')}`,
    idempotencyKey: randomUUID(),
    requestHash: randomBytes(32).toString('hex'),
    at,
    summary: { status: 'active', awaiting: [2], deadline: at + 3_600_000, pendingId: `p${seq + 1}` },
  };
}

describe('what DynamoDB requests cost (metered against DynamoDB Local)', () => {
  let table: TestTable;
  beforeAll(async () => {
    table = await freshTable('store-capacity');
  });

  it('keeps a typical commit under 1 KB: one write unit', () => {
    const size = itemSizeBytes(commitItem(typicalCommit(`g_${randomBytes(9).toString('base64url')}`, 123)));
    expect(size).toBeLessThan(1024);
    expect(writeUnits(size)).toBe(1);
  });

  it('loads a game in one Query page reading little past the snapshot', async () => {
    const usages: CapacityUsage[] = [];
    const meter = (u: CapacityUsage) => usages.push(u);
    const snapshotEvery = 16;
    const store = table.store({ meter });
    const gameId = `g_${randomBytes(9).toString('base64url')}`;
    const header: GameHeader = {
      gameId,
      game: 'villages-of-valeria',
      options: {},
      deadlines: { turnMs: 86_400_000, windowMs: 3_600_000 },
      seats: [0, 1, 2].map((i) => ({ kind: 'player', playerId: `pl_${i}`, name: `Player ${i}` }) as const),
      createdBy: 'pl_0',
      createdAt: 1_732_573_000_000,
      seed: randomBytes(32).toString('hex'),
      seedHash: randomBytes(32).toString('hex'),
      status: 'active',
      startedAt: 1_732_573_000_000,
      revision: 1,
    };
    await store.createGame(header);
    const appendSizes: number[] = [];
    for (let seq = 1; seq <= 3 * snapshotEvery + 5; seq++) {
      usages.length = 0;
      expect(await store.appendCommit(typicalCommit(gameId, seq))).toEqual({ status: 'appended' });
      appendSizes.push(...(usages[0]?.writtenBytes ?? []));
      if (seq % snapshotEvery === 0) await store.putSnapshot({ gameId, seq, state: { seq, filler: 'state '.repeat(400) } });
    }
    expect(Math.max(...appendSizes)).toBeLessThan(1024);

    const loadOnce = async (reader: typeof store) => {
      usages.length = 0;
      const loaded = await reader.loadGame(gameId);
      expect(loaded?.snapshot?.seq).toBe(3 * snapshotEvery);
      expect(loaded?.tail.map((c) => c.seq)).toEqual([49, 50, 51, 52, 53]);
      expect(usages.map((u) => [u.operation, u.command])).toEqual([['loadGame', 'Query']]);
      return usages[0] as CapacityUsage;
    };
    // A process that has not seen the game reads a page of the configured size.
    const cold = await loadOnce(table.store({ meter, loadPageSize: snapshotEvery + 2 }));
    expect(cold.readBytes).toHaveLength(snapshotEvery + 2);
    expect(cold.readUnits).toBeLessThanOrEqual(4);
    // The writer knows where the log ends: header, 5 commits, the snapshot and room for 2 more.
    const warm = await loadOnce(store);
    expect(warm.readBytes).toHaveLength(1 + 5 + 1 + 2);
    expect(warm.readUnits).toBeLessThanOrEqual(2);
  });

  it('meters a refused append: DynamoDB bills the write and hands back the holder', async () => {
    const usages: CapacityUsage[] = [];
    const store = table.store({ meter: (u) => usages.push(u) });
    const first = typicalCommit(`g_${randomBytes(9).toString('base64url')}`, 1);
    await store.appendCommit(first);
    const result = await store.appendCommit({ ...first, actor: 'someone else' });
    expect(result).toEqual({ status: 'conflict', existing: first });
    expect(usages.map((u) => [u.operation, u.command, u.writeUnits])).toEqual([
      ['appendCommit', 'PutItem', 1],
      ['appendCommit', 'PutItem', 1],
    ]);
    expect(usages[0]?.consumed.length).toBe(1);
  });
});
