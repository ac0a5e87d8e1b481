import type { Commit, GameHeader } from '../store/port.js';

/** In-process news of something durable: each listener hears of it as it happens, in order. */
export class Signal<T> {
  private readonly listeners = new Set<(news: T) => void>();

  subscribe(listener: (news: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(news: T): void {
    for (const listener of this.listeners) listener(news);
  }
}

/**
 * In-process news of durable commits: wakes long-polling readers and feeds the
 * local deadline timers. Across Lambda instances it sees nothing, which is
 * why readers also poll the store (see `waitForCommits`).
 */
export class CommitSignal extends Signal<Commit> {
  /** Resolves when a commit of this game arrives or after `ms`, whichever is first. */
  nextCommit(gameId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const unsubscribe = this.subscribe((commit) => {
        if (commit.gameId === gameId) done();
      });
    });
  }
}

/**
 * In-process news of a header that seated a player, once stored (its
 * `lastJoin` names the seat): the local notifier derives `player-joined`
 * from it. On AWS nothing listens: push's stream consumer derives the same
 * from the header's own stream record, as durable as the seat.
 */
export type JoinSignal = Signal<GameHeader>;
