import { describe, expect, it } from 'vitest';
import { NotifierBacklog, type BacklogItem } from '../../functions/push/runners/backlog.js';
import { notifyCommit } from '../../functions/push/notify/notifier.js';
import { runLocalNotifier } from '../../functions/push/runners/local.js';
import { MemoryStore } from '../../functions/store/memory.js';
import { StoreUnavailableError, type Commit, type GameHeader } from '../../functions/store/port.js';
import { startApi } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';

const commit = (gameId: string, seq: number) => ({ kind: 'commit', commit: { gameId, seq } as Commit }) as const;
const join = (gameId: string) => ({ kind: 'join', header: { gameId } as GameHeader }) as const;
const named = (items: readonly BacklogItem[]) =>
  items.map((item) =>
    item.kind === 'commit'
      ? `${item.commit.gameId}#${item.commit.seq}`
      : item.kind === 'join'
        ? `join ${item.header.gameId}`
        : `read ${item.gameId} from ${item.fromSeq}`,
  );

describe("the local notifier's backlog", () => {
  it('holds work as it comes while it keeps up, joins and commits in order', () => {
    const backlog = new NotifierBacklog(10);
    backlog.add(join('a'));
    backlog.add(commit('a', 1));
    backlog.add(commit('b', 7));
    expect(backlog.size).toEqual({ held: 3, gamesBehind: 0 });
    expect(named(backlog.take(2))).toEqual(['join a', 'a#1']);
    expect(named(backlog.take(5))).toEqual(['b#7']);
    expect(backlog.empty).toBe(true);
  });

  it('once full, keeps one number a game however many commits come, and hands each game back to be read from the log after what it holds', () => {
    const backlog = new NotifierBacklog(2);
    for (const [game, seq] of [
      ['a', 1],
      ['b', 1],
      ['a', 2],
      ['c', 4],
      ['a', 3],
      ['c', 5],
      ['c', 6],
    ] as const)
      backlog.add(commit(game, seq));
    expect(backlog.size).toEqual({ held: 2, gamesBehind: 2 });
    expect(named(backlog.take(3))).toEqual(['a#1', 'b#1', 'read a from 2']);
    // Game a's commits wait for its read even though room was made: its order stays the log's.
    backlog.add(commit('a', 4));
    expect(named(backlog.take(3))).toEqual(['read c from 4']);
    // Its read may or may not have met commit 4: a signal it met is dropped, one it did not is read next.
    backlog.read('a', 3, false);
    backlog.read('c', 6, false);
    expect(named(backlog.take(3))).toEqual(['read a from 4']);
    backlog.read('a', 4, false);
    expect(backlog.empty).toBe(true);
  });

  it('drops a signal that comes after the read that included its commit, and reads on when the log held more than one read takes', () => {
    const backlog = new NotifierBacklog(0);
    backlog.add(commit('a', 3));
    const [read] = backlog.take(1);
    expect(named([read!])).toEqual(['read a from 3']);
    // While a's log is read (3 to 40, a full page), commit 41 is signalled: it waits for the next read.
    backlog.add(commit('a', 41));
    backlog.read('a', 40, true);
    expect(named(backlog.take(5))).toEqual(['read a from 41']);
    backlog.read('a', 42, false);
    // 42's signal came late: the read had it already.
    backlog.add(commit('a', 42));
    expect(backlog.empty).toBe(true);
    backlog.add(commit('a', 43));
    expect(backlog.size).toEqual({ held: 0, gamesBehind: 1 });
  });
});

/** The notifier that fell behind, reading a whole game back from the log, through a store that fails one of those reads. */
describe('a notifier reading commits back from the log', () => {
  class StoreFailingOneReadBack extends MemoryStore {
    failed = 0;
    override async readCommits(gameId: string, after: number, limit: number) {
      // The read back takes a turn's worth of commits; the service's own reads take other counts.
      if (limit === 25 && this.failed === 0) {
        this.failed++;
        throw new StoreUnavailableError('readCommits', 'not-applied');
      }
      return super.readCommits(gameId, after, limit);
    }
  }

  it('reads a game again after the store failed the read, and so tells every player everything, once', async () => {
    const store = new StoreFailingOneReadBack();
    const api = await startApi({ store });
    const errors: unknown[] = [];
    const notifier = runLocalNotifier(api.ctx, [], { onError: (error) => void errors.push(error), holdAtMost: 0 });
    try {
      const players = await Promise.all(['Ann', 'Ben'].map((name) => api.client.register(name)));
      const created = await api.client.post('/v1/games', { token: players[0]!.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } });
      const gameId: string = created.body.gameId;
      expect((await api.client.post(`/v1/games/${gameId}/join`, { token: players[1]!.token, body: {} })).status).toBe(200);
      await playToEnd(
        api.client,
        gameId,
        players.map((p, seat) => ({ seat, token: p.token })),
      );
      await notifier.idle();
      expect([store.failed, errors.length]).toEqual([1, 1]);
      expect(errors[0]).toBeInstanceOf(StoreUnavailableError);
      const feeds = async () =>
        Promise.all(players.map(async (p) => (await api.client.get('/v1/notifications?limit=100', { token: p.token })).body.notifications));
      const told = await feeds();
      expect(told.map((feed) => feed.filter((n: { type: string }) => n.type === 'game-ended'))).toEqual([[expect.anything()], [expect.anything()]]);
      // Deriving every commit again stores nothing new: none was skipped.
      for (const commit of await store.readCommits(gameId, 0, 10_000)) await notifyCommit(api.ctx, commit);
      expect(await feeds()).toEqual(told);
    } finally {
      notifier.stop();
      await api.close();
    }
  });
});
