import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_PAGE, logPage } from '../../functions/service/log-page.js';
import { startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';

/**
 * Issue 22, item 3: the log comes a page at a time — the verification as the
 * events route — so no answer approaches Lambda's 6 MB response limit
 * however long the game: at most LOG_PAGE.commits commits and LOG_PAGE.bytes
 * of JSON a page, a cursor to the next.
 */
let api: RunningApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'log-pages'), games: [sealedBidsListing] });
  client = api.client;
});
afterAll(() => api?.close());

/** A finished game of three bots, over 100 commits long, brought to its end by reading it (each read plays one slice). */
async function longFinishedGame(token: string): Promise<string> {
  const created = await client.post('/v1/games', { token, body: { game: 'sealed-bids', seats: 3, options: { rounds: 40 }, join: false, deadlines: 'daily' } });
  const gameId: string = created.body.gameId;
  for (let seat = 0; seat < 3; seat++) expect((await client.post(`/v1/games/${gameId}/bots`, { token, body: { level: 'greedy' } })).status).toBe(200);
  for (let reads = 0; (await client.get(`/v1/games/${gameId}`, { token })).body.status !== 'finished'; reads++) expect(reads).toBeLessThan(100);
  return gameId;
}

describe('the log in pages', () => {
  it('pages the verification with a cursor, at most 100 commits a page, and refuses a cursor past the end', async () => {
    const host = await client.register('Host');
    const gameId = await longFinishedGame(host.token);
    const first = await client.get(`/v1/games/${gameId}/verify`, { token: host.token });
    expect(first.status, first.text).toBe(200);
    expect(first.body.commits).toHaveLength(LOG_PAGE.commits);
    expect(first.body).toMatchObject({ next: LOG_PAGE.commits, more: true });
    const seqs: number[] = first.body.commits.map((c: { seq: number }) => c.seq);
    for (let page = first.body; page.more;) {
      const reply = await client.get(`/v1/games/${gameId}/verify?after=${page.next}`, { token: host.token });
      expect(reply.status, reply.text).toBe(200);
      page = reply.body;
      // Every page repeats what a replay starts from.
      expect(page.seed).toBe(first.body.seed);
      seqs.push(...page.commits.map((c: { seq: number }) => c.seq));
    }
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const events = await client.get(`/v1/games/${gameId}/events?after=${seqs.length - 1}`, { token: host.token });
    expect(events.body).toMatchObject({ next: seqs.length, more: false });
    const beyond = await client.get(`/v1/games/${gameId}/verify?after=${seqs.length + 1}`, { token: host.token });
    expect(beyond.status).toBe(400);
    expect(beyond.body.code).toBe('cursor-out-of-range');
  });

  it('ends a page before the commit that would take it past the byte limit, and always holds one', () => {
    const kilobytes = (n: number) => ({ blob: 'x'.repeat(n * 1000) });
    const big = Array.from({ length: 40 }, () => kilobytes(100));
    const { page, more } = logPage(big);
    expect(page.length).toBe(9);
    expect(more).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(LOG_PAGE.bytes + page.length);
    expect(logPage([kilobytes(3000)]).page).toHaveLength(1);
    expect(logPage(Array.from({ length: LOG_PAGE.commits + 1 }, () => ({ seq: 1 })))).toMatchObject({ more: true });
    expect(logPage([{ seq: 1 }])).toEqual({ page: [{ seq: 1 }], more: false });
  });
});
