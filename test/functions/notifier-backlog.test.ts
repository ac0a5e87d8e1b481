import { describe, expect, it } from 'vitest';
import { NotifierBacklog, type BacklogItem } from '../../functions/push/runners/backlog.js';
import type { Commit, GameHeader } from '../../functions/store/port.js';

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
