import type { Commit, GameSummary, Store } from '../store/port.js';
import { afterTheAnswer } from './after-the-answer.js';
import type { CommitSignal } from './signal.js';

/** What a list keeps of a commit: the summary, under its game and version. */
export function summaryOf(commit: Pick<Commit, 'gameId' | 'seq' | 'summary'>): GameSummary {
  return { gameId: commit.gameId, seq: commit.seq, summary: commit.summary };
}

/**
 * Each game's newest summary (the inbox's source, functions/service/inbox.ts)
 * follows its log off the commit path, as push does: the stream consumer
 * writes it on AWS, an in-process projection under `npm start`. Readers of
 * the inbox first wait until what their own process committed is written,
 * so a player reads their own moves there.
 */
export interface GameSummaries {
  /** Resolves once the summaries of this process's commits so far are written (or failed). */
  caughtUp(): Promise<void>;
}

/** On AWS the stream consumer keeps the summaries: a process has nothing of its own to wait for. */
export const SUMMARIES_FROM_THE_STREAM: GameSummaries = { caughtUp: async () => {} };

/**
 * The in-process projection: every durable commit's summary written once
 * the commit is, one write at a time per game, a burst of commits to one
 * game written as its newest (the store keeps the newest anyway), each
 * after the answer of the request that made its commit: off the move's path.
 * A failed write is reported and dropped: the game's next commit writes it again.
 */
export function projectSummaries(store: Store, signal: CommitSignal, onError: (error: unknown) => void = () => {}): GameSummaries {
  /** Per game: the write under way, and the newest commit still to write after it. */
  const games = new Map<string, { running: Promise<void>; queued: Parameters<typeof summaryOf>[0] | null }>();
  const write = (gameId: string): Promise<void> => {
    const game = games.get(gameId);
    const commit = game?.queued;
    if (!game || !commit) {
      games.delete(gameId);
      return Promise.resolve();
    }
    game.queued = null;
    return store
      .putGameSummary(summaryOf(commit))
      .catch(onError)
      .then(() => write(gameId));
  };
  signal.subscribe((commit) => {
    const game = games.get(commit.gameId);
    if (game) {
      if ((game.queued?.seq ?? 0) < commit.seq) game.queued = commit;
      return;
    }
    const started = { running: Promise.resolve(), queued: commit };
    games.set(commit.gameId, started);
    started.running = afterTheAnswer().then(() => write(commit.gameId));
  });
  return {
    caughtUp: async () => {
      await Promise.all([...games.values()].map((game) => game.running));
    },
  };
}
