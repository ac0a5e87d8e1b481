import type { Commit, ValeriaClient } from '@valeria-tabletop/client';

/**
 * New commits of a game as they happen. Today it long-polls
 * `GET /v1/games/{id}/events?after=…&wait=…`; the WebSocket stream
 * (`POST /v1/stream/tickets`) can be added behind the same `follow` once the
 * API offers it, with this long-poll as its fallback.
 */
export interface Feed {
  stop(): void;
}

const WAIT_SECONDS = 25;

export function followGame(
  client: ValeriaClient,
  gameId: string,
  after: number,
  onCommits: (commits: Commit[], next: number) => void,
  onTrouble: (error: unknown) => void,
): Feed {
  const aborter = new AbortController();
  void (async () => {
    let cursor = after;
    let backoff = 1000;
    while (!aborter.signal.aborted) {
      try {
        const { data, error, response } = await client.api.GET('/v1/games/{id}/events', {
          params: { path: { id: gameId }, query: { after: cursor, wait: WAIT_SECONDS } },
          signal: aborter.signal,
        });
        if (!data) throw new Error(`events: ${response.status} ${JSON.stringify(error)}`);
        backoff = 1000;
        if (data.commits.length > 0) onCommits(data.commits, data.next);
        cursor = data.next;
      } catch (error) {
        if (aborter.signal.aborted) return;
        onTrouble(error);
        await new Promise((resolve) => setTimeout(resolve, backoff));
        backoff = Math.min(backoff * 2, 30_000);
      }
    }
  })();
  return { stop: () => aborter.abort() };
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
