import type { Commit, ValeriaClient } from '@valeria-tabletop/client';
import { streamOf, type Seen, type StreamNews } from './stream.js';

/** A game being followed; stop it when the page leaves. */
export interface Feed {
  stop(): void;
  /**
   * After a write of one's own that made commit `version`: resolves true once
   * the commits up to `version` have been handed over (so the follower shows
   * the game they lead to), or when the feed has stopped; false at once when
   * the stream is not subscribed to the game now, and false when it goes down
   * or nothing comes within `withinMs`: then the writer reads the game itself.
   */
  handsOver(version: number, withinMs: number): Promise<boolean>;
}

const WAIT_SECONDS = 25;

/**
 * New commits of a game as they happen, in order and each once: from the
 * live stream (after each (re)subscription, the commits missed meanwhile are
 * read once from the events route), or, while the stream is not available,
 * from the events long-poll (`GET …/events?after=…&wait=…`).
 * With the commits comes the game they lead to (`seen`) when the stream
 * carried it for exactly that version, so the follower need not read it;
 * without it (polling, a catch-up past it, a message that left it out) the
 * follower reads the game as before.
 */
export function followGame(
  client: ValeriaClient,
  gameId: string,
  after: number,
  onCommits: (commits: Commit[], next: number, seen?: Seen) => void,
  onTrouble: (error: unknown) => void,
): Feed {
  let cursor = after;
  let polling: AbortController | null = null;
  let catchingUp: Promise<void> = Promise.resolve();
  /** Whether the stream brings this game's commits now (subscribed on the current connection). */
  let subscribed = false;
  let stopped = false;
  /** The newest game the stream carried. */
  let newest: Seen | null = null;
  /** Writers waiting for their commit (handsOver). */
  const waiting = new Set<{ readonly version: number; settle(handed: boolean): void }>();

  const keep = (seen: Seen | undefined) => {
    if (seen && seen.game.version > (newest?.game.version ?? -1)) newest = seen;
  };

  const settle = (handed: boolean, upTo = Infinity) => {
    for (const waiter of [...waiting]) if (waiter.version <= upTo) waiter.settle(handed);
  };

  /** Passes on the commits after the cursor, each once (the stream and a catch-up may both bring one). */
  const take = (commits: readonly Commit[]) => {
    const fresh = commits.filter((commit) => commit.seq > cursor);
    const last = fresh.at(-1);
    if (!last) return;
    cursor = last.seq;
    settle(true, cursor);
    onCommits(fresh, cursor, newest?.game.version === cursor ? newest : undefined);
  };

  const catchUp = () => {
    catchingUp = catchingUp.then(async () => {
      try {
        for (;;) {
          const page = await client.events(gameId, { after: cursor });
          take(page.commits);
          if (!page.more) return;
        }
      } catch (error) {
        onTrouble(error);
      }
    });
  };

  const poll = () => {
    if (polling) return;
    const aborter = (polling = new AbortController());
    void (async () => {
      let backoff = 1000;
      while (!aborter.signal.aborted) {
        try {
          const { data, error, response } = await client.api.GET('/v1/games/{id}/events', {
            params: { path: { id: gameId }, query: { after: cursor, wait: WAIT_SECONDS } },
            signal: aborter.signal,
          });
          if (!data) throw new Error(`events: ${response.status} ${JSON.stringify(error)}`);
          backoff = 1000;
          take(data.commits);
        } catch (error) {
          if (aborter.signal.aborted) return;
          onTrouble(error);
          await new Promise((resolve) => setTimeout(resolve, backoff));
          backoff = Math.min(backoff * 2, 30_000);
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
  const leave = streamOf(client).listen(hear, gameId);

  return {
    stop: () => {
      stopped = true;
      leave();
      stopPolling();
      settle(true);
    },
    handsOver: (version, withinMs) => {
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

/** The whole log visible to me so far, page by page. */
export async function readLog(client: ValeriaClient, gameId: string): Promise<{ commits: Commit[]; next: number }> {
  const commits: Commit[] = [];
  let next = 0;
  for (;;) {
    const page = await client.events(gameId, { after: next });
    commits.push(...page.commits);
    next = page.next;
    if (!page.more) return { commits, next };
  }
}
