import type { Commit, GameHeader } from '../../store/port.js';

/** What the in-process notifier is told: a durable commit, or a seat taken at an open table. */
export type NotifierWork = { readonly kind: 'commit'; readonly commit: Commit } | { readonly kind: 'join'; readonly header: GameHeader };

/** What the notifier handles next: work it holds, or a game whose newer commits it reads back from the log. */
export type BacklogItem = NotifierWork | { readonly kind: 'read'; readonly gameId: string; readonly fromSeq: number };

/** How far behind the notifier is: commits and joins held, and games whose newer commits it will read back from the log. */
export interface NotifierBacklogSize {
  readonly held: number;
  readonly gamesBehind: number;
}

/** Games whose log was read back, remembered (with the last seq read) to drop a commit's signal that comes after its read. */
const READ_GAMES_REMEMBERED = 10_000;

/**
 * What the in-process notifier has yet to handle, in bounded memory. While
 * it keeps up, it holds each commit as announced (at most `holdAtMost`).
 * When it falls behind, a game's later commits are no longer held: the
 * backlog keeps where to read on, one number a game, and the notifier
 * reads them back from the log — as a stream consumer reads a shard that
 * grew while it was busy, the log being the one copy. Each game's work
 * comes out in commit order, and no commit twice: a commit's signal that
 * arrives after the log read that included it is dropped.
 */
export class NotifierBacklog {
  private readonly held: NotifierWork[] = [];
  /** Game → the first seq of it to read back, in the order games fell behind. */
  private readonly unread = new Map<string, number>();
  /** Games whose log is being read back now: their newer commits wait for the next read. */
  private readonly reading = new Set<string>();
  /** Game → the last seq read back from its log. */
  private readonly readThrough = new Map<string, number>();

  constructor(private readonly holdAtMost: number) {}

  add(work: NotifierWork): void {
    if (work.kind === 'join') {
      // A seat at an open table: before the game's first commit, and small; always held.
      this.held.push(work);
      return;
    }
    const { gameId, seq } = work.commit;
    if (seq <= (this.readThrough.get(gameId) ?? 0)) return;
    const waiting = this.unread.get(gameId);
    if (waiting !== undefined) {
      if (seq < waiting) this.unread.set(gameId, seq);
      return;
    }
    if (!this.reading.has(gameId) && this.held.length < this.holdAtMost) this.held.push(work);
    else this.unread.set(gameId, seq);
  }

  /** Up to `most` items: held work first, in the order it came, then games to read back. */
  take(most: number): BacklogItem[] {
    const taken: BacklogItem[] = this.held.splice(0, most);
    for (const [gameId, fromSeq] of this.unread) {
      if (taken.length >= most) break;
      // One read of a game at a time: what came during a read waits for the next.
      if (this.reading.has(gameId)) continue;
      this.unread.delete(gameId);
      this.reading.add(gameId);
      taken.push({ kind: 'read', gameId, fromSeq });
    }
    return taken;
  }

  /**
   * A read back of `gameId`'s log ended at `lastSeq`; with `more`, the log
   * holds newer commits than one read takes, so the game waits its turn again.
   */
  read(gameId: string, lastSeq: number, more: boolean): void {
    this.reading.delete(gameId);
    this.readThrough.delete(gameId);
    this.readThrough.set(gameId, lastSeq);
    if (this.readThrough.size > READ_GAMES_REMEMBERED) this.readThrough.delete(this.readThrough.keys().next().value as string);
    const waiting = this.unread.get(gameId);
    if (more || (waiting !== undefined && waiting <= lastSeq)) this.unread.set(gameId, lastSeq + 1);
  }

  /** Nothing held, nothing to read back, no read under way. */
  get empty(): boolean {
    return this.held.length === 0 && this.unread.size === 0 && this.reading.size === 0;
  }

  /** How far behind the notifier is: work held, and games with commits to read back. */
  get size(): NotifierBacklogSize {
    return { held: this.held.length, gamesBehind: this.unread.size + this.reading.size };
  }
}
