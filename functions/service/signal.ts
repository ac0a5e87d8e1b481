import type { Commit } from '../store/port.js';

type Listener = (commit: Commit) => void;

/**
 * In-process news of durable commits: wakes long-polling readers and feeds the
 * local deadline timers. Across Lambda instances it sees nothing, which is
 * why readers also poll the store (see `waitForCommits`).
 */
export class CommitSignal {
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(commit: Commit): void {
    for (const listener of this.listeners) listener(commit);
  }

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
