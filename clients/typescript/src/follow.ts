/**
 * Following one game as it is played: what every client that shows a game
 * live needs, written once. The commits come from the player's live stream
 * while it is up (`client.stream()`), and from the events long-poll while it
 * is not; after every (re)subscription, and after a gap in the stream's
 * commits, what went by unseen is read from the events route. The stream
 * does not send you the commits your own requests made (their answers carry
 * them): hand those answers to `wrote`, and a lost one is a gap the next
 * commit message shows (none follows the move that ended the game: read the
 * game when that answer is lost). Each commit is handed over once, in order.
 */
import type { ValeriaClient } from './client.js';
import type { Seen, StreamNews } from './stream.js';
import type { Commit, MoveAnswer } from './types.js';

/** How the game is followed now. */
export type FollowStatus =
  /** Its commits come on the live stream. */
  | 'stream'
  /** The stream cannot be reached: the events long-poll reads them until it is back. */
  | 'polling';

export interface FollowOptions {
  /** The version already shown (e.g. `client.log(id)`'s `next`): the commits after it are handed over. Default 0, the whole log. */
  readonly after?: number;
  /**
   * New commits, in order, each once. `seen` is the game and your legal
   * moves right after the last of them, when the stream carried them for
   * exactly that version; without it (a long-poll, a catch-up past it, a
   * message that left it out), read the game when you need it.
   */
  onCommits(commits: readonly Commit[], seen: Seen | undefined): void;
  /** Told when the way the game is followed changes. */
  onStatus?(status: FollowStatus): void;
  /** A read that failed; it is tried again by itself. */
  onError?(error: unknown): void;
  /** How long one long-poll waits for a commit, in seconds (at most 25, the default). */
  readonly waitSeconds?: number;
}

/** A game being followed. */
export interface GameFollower {
  /** Stops: nothing more is handed over, and the stream is left (closed when nobody else listens). */
  stop(): void;
  /**
   * After a write of your own (a move, an undo, a seat taken back): its
   * answer's commit is handed over as the stream would have handed it (the
   * stream sends it to everyone else), with the game and moves the answer's
   * `next` carries when nothing followed it; commits before it that went by
   * unseen are read first. Resolves once handed over. An answer you never
   * got needs nothing, but for the move that ended the game: the next commit
   * message's `seq` gap is read.
   */
  wrote(answer: Pick<MoveAnswer, 'version' | 'commit' | 'next'>): Promise<void>;
  /**
   * Resolves true once the commits up to `version` have been handed over
   * (so what you show is the game they lead to), or when the follower has
   * stopped; false at once when the stream does not bring this game now,
   * and false when it goes down or nothing comes within `withinMs`: then
   * read the game yourself. Your own commits are handed over by `wrote`
   * (the stream does not bring them); this waits for what followed them,
   * e.g. an answer's `next.version`, made by bots or standing orders.
   */
  awaitCommit(version: number, withinMs: number): Promise<boolean>;
}

const BACKOFF_MS = { first: 1_000, most: 30_000 };

/**
 * Follows game `gameId` for the player `client` speaks for. The stream's
 * WebSocket class is the client's (`ClientOptions.webSocket`).
 *
 * ```ts
 * const { commits, next } = await client.log(gameId);
 * const follower = followGame(client, gameId, {
 *   after: next,
 *   onCommits: (more, seen) => show(seen ?? read()),
 * });
 * ```
 */
export function followGame(client: ValeriaClient, gameId: string, options: FollowOptions): GameFollower {
  const { onCommits, onStatus = () => undefined, onError = () => undefined, waitSeconds = 25 } = options;
  let cursor = options.after ?? 0;
  let polling: AbortController | null = null;
  let catchingUp: Promise<void> = Promise.resolve();
  /** Whether the stream brings this game's commits now (subscribed on the current connection). */
  let subscribed = false;
  let stopped = false;
  /** The newest game the stream carried. */
  let newest: Seen | null = null;
  /** Writers waiting for their commit (awaitCommit). */
  const waiting = new Set<{ readonly version: number; settle(handed: boolean): void }>();

  const keep = (seen: Seen | undefined) => {
    if (seen && seen.game.version > (newest?.game.version ?? -1)) newest = seen;
  };

  const settle = (handed: boolean, upTo = Infinity) => {
    for (const waiter of [...waiting]) if (waiter.version <= upTo) waiter.settle(handed);
  };

  /** Hands over the commits after the cursor, each once (the stream and a catch-up may both bring one). */
  const take = (commits: readonly Commit[]) => {
    if (stopped) return;
    const fresh = commits.filter((commit) => commit.seq > cursor);
    const last = fresh.at(-1);
    if (!last) return;
    cursor = last.seq;
    settle(true, cursor);
    onCommits(fresh, newest?.game.version === cursor ? newest : undefined);
  };

  const catchUp = () => {
    catchingUp = catchingUp.then(async () => {
      try {
        for (let more = true; more && !stopped;) {
          const page = await client.events(gameId, { after: cursor });
          take(page.commits);
          more = page.more;
        }
      } catch (error) {
        onError(error);
      }
    });
  };

  const poll = () => {
    if (polling || stopped) return;
    const aborter = (polling = new AbortController());
    onStatus('polling');
    void (async () => {
      let backoff = BACKOFF_MS.first;
      while (!aborter.signal.aborted) {
        try {
          take((await client.events(gameId, { after: cursor, wait: waitSeconds, signal: aborter.signal })).commits);
          backoff = BACKOFF_MS.first;
        } catch (error) {
          if (aborter.signal.aborted) return;
          onError(error);
          await new Promise((resolve) => setTimeout(resolve, backoff));
          backoff = Math.min(backoff * 2, BACKOFF_MS.most);
        }
      }
    })();
  };

  const stopPolling = () => {
    polling?.abort();
    polling = null;
  };

  const hear = (news: StreamNews) => {
    if (news.kind === 'down') {
      subscribed = false;
      settle(false);
      return poll();
    }
    // A new connection: its subscription is on the way.
    if (news.kind === 'ready') subscribed = false;
    if (news.kind === 'subscribed' && news.gameId === gameId) {
      subscribed = true;
      stopPolling();
      onStatus('stream');
      keep(news.seen);
      // The answer says how far the game is: nothing went by unseen when the cursor is there already.
      if (!news.seen || news.seen.game.version > cursor) catchUp();
      return;
    }
    if (news.kind === 'commit' && news.gameId === gameId) {
      keep(news.seen);
      // A gap means a commit went by unseen (e.g. between two connections): read what is missing.
      if (news.commit.seq === cursor + 1) take([news.commit]);
      else if (news.commit.seq > cursor) catchUp();
    }
  };
  const leave = client.stream().listen(hear, gameId);

  return {
    stop: () => {
      stopped = true;
      leave();
      stopPolling();
      settle(true);
    },
    wrote: (answer) => {
      // The answer is the game right after the commit only when nothing followed it.
      if (answer.next.version === answer.version) keep({ game: answer.next.game, moves: answer.next.moves });
      if (answer.commit.seq === cursor + 1) take([answer.commit]);
      else if (answer.commit.seq > cursor) catchUp();
      return catchingUp;
    },
    awaitCommit: (version, withinMs) => {
      if (stopped || cursor >= version) return Promise.resolve(true);
      if (!subscribed) return Promise.resolve(false);
      return new Promise((resolve) => {
        const waiter = {
          version,
          settle: (handed: boolean) => {
            clearTimeout(timer);
            waiting.delete(waiter);
            resolve(handed);
          },
        };
        const timer = setTimeout(() => waiter.settle(false), withinMs);
        waiting.add(waiter);
      });
    },
  };
}
