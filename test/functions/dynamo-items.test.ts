import { describe, expect, it } from 'vitest';
import type { Item } from '../../functions/store/capacity.js';
import { byUtf8 } from '../../functions/store/conventions.js';
import {
  commitFromItem,
  commitItem,
  HEAD_SK,
  headerFromItem,
  headerItem,
  keys,
  kindOf,
  snapshotFromItem,
  snapshotItem,
} from '../../functions/store/dynamo-items.js';
import type { Commit, GameHeader } from '../../functions/store/port.js';

/** Sixty similar events: well over 1 KB of JSON, and they deflate well. */
const largeCommit = (): Commit => ({ ...commit, events: Array.from({ length: 60 }, (_, i) => ({ type: 'gold-gained', seat: i % 3, amount: i })) });

const commit: Commit = {
  gameId: 'g_abc',
  seq: 42,
  command: { type: 'moves', seat: 0, moves: [{ type: 'harvest' }], at: 5 },
  events: Array.from({ length: 6 }, (_, i) => ({ type: 'gold-gained', seat: i % 3, amount: i })),
  actor: 'pl_x',
  idempotencyKey: 'k',
  requestHash: 'ab'.repeat(32),
  at: 5,
  summary: { status: 'active', awaiting: [1], deadline: 99, pendingId: 'p43' },
};

/** What Lambda hands a stream consumer: the item as DynamoDB JSON, binary values in base64. */
function asStreamImage(item: Item): Item {
  const entries = Object.entries(item).map(([name, value]) => [name, value.B ? { B: Buffer.from(value.B).toString('base64') } : value]);
  return Object.fromEntries(entries) as Item;
}

describe('DynamoDB items', () => {
  it('sorts a game partition as loadGame reads it: commits, each snapshot right after its commit, HEAD last', () => {
    const sks = [keys.commitSk(9), keys.snapshotSk(10), keys.commitSk(10), HEAD_SK, keys.commitSk(11), keys.commitSk(100)];
    expect([...sks].sort(byUtf8)).toEqual([keys.commitSk(9), keys.commitSk(10), keys.snapshotSk(10), keys.commitSk(11), keys.commitSk(100), HEAD_SK]);
  });

  it('round-trips commits, snapshots and headers, deflated only above one write unit (1 KB)', () => {
    const item = commitItem(commit);
    expect(item.j).toBeDefined(); // a few hundred bytes stay plain JSON
    expect(kindOf(item)).toBe('commit');
    expect(commitFromItem(item)).toEqual(commit);
    const deflated = commitItem(largeCommit());
    expect(deflated.z).toBeDefined();
    expect(commitFromItem(deflated)).toEqual(largeCommit());
    const tiny = { ...commit, command: null, events: [], summary: { status: 'finished', awaiting: [], deadline: null, pendingId: null } } as Commit;
    expect(commitFromItem(commitItem(tiny))).toEqual(tiny);

    const snapshot = { gameId: 'g_abc', seq: 40, state: { hands: [[1, 2], [3]], rng: [1, 2, 3, 4] } };
    expect(kindOf(snapshotItem(snapshot))).toBe('snapshot');
    expect(snapshotFromItem(snapshotItem(snapshot))).toEqual(snapshot);

    const header: GameHeader = {
      gameId: 'g_abc',
      game: 'village-pillage',
      options: {},
      deadlines: { turnMs: 1, windowMs: 2 },
      seats: [{ kind: 'empty' }, { kind: 'bot', level: 'random' }],
      createdBy: 'pl_x',
      createdAt: 1,
      seed: 's',
      seedHash: 'h',
      status: 'active',
      startedAt: 3,
      revision: 7,
    };
    expect(kindOf(headerItem(header))).toBe('header');
    expect(headerFromItem(headerItem(header))).toEqual(header);
  });

  it('reads a commit from a stream image, where binary values arrive as base64', () => {
    expect(asStreamImage(commitItem(largeCommit())).z?.B).toEqual(expect.any(String));
    expect(commitFromItem(asStreamImage(commitItem(largeCommit())))).toEqual(largeCommit());
  });
});
