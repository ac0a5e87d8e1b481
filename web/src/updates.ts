import type { Commit, ValeriaClient } from '@valeria-tabletop/client';
import { streamOf, type StreamNews } from './stream.js';

/** A game being followed; stop it when the page leaves. */
export interface Feed {
  stop(): void;
}

const WAIT_SECONDS = 25;

/**
 * New commits of a game as they happen, in order and each once: from the
 * live stream (after each (re)subscription, the commits missed meanwhile are
 * read once from the events route), or, while the stream is not available,
 * from the events long-poll (`GET …/events?after=…&wait=…`).
 */
export function followGame(
  client: ValeriaClient,
  gameId: string,
  after: number,
  onCommits: (commits: Commit[], next: number) => void,
  onTrouble: (error: unknown) => void,
): Feed {
  let cursor = after;
  let polling: AbortController | null = null;
  let catchingUp: Promise<void> = Promise.resolve();

  /** Passes on the commits after the cursor, each once (the stream and a catch-up may both bring one). */
  const take = (commits: readonly Commit[]) => {
    const fresh = commits.filter((commit) => commit.seq > cursor);
    const last = fresh.at(-1);
    if (!last) return;
    cursor = last.seq;
    onCommits(fresh, cursor);
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
    if (news.kind === 'down') return poll();
    if (news.kind === 'subscribed' && news.gameId === gameId) {
      stopPolling();
      return catchUp();
    }
    if (news.kind === 'commit' && news.gameId === gameId) {
      // A gap means a commit went by unseen (e.g. between two connections): read what is missing.
      if (news.commit.seq === cursor + 1) take([news.commit]);
      else if (news.commit.seq > cursor) catchUp();
    }
  };
  const leave = streamOf(client).listen(hear, gameId);

  return {
    stop: () => {
      leave();
      stopPolling();
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
