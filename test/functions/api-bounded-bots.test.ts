import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTimers } from '../../functions/compose.js';
import { SYSTEM_COMMITS_PER_REQUEST } from '../../functions/service/pipeline.js';
import { startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';

/**
 * Issue 22, item 3: a game whose seats are all bots no longer plays out
 * inside the request that fills its last seat. That request plays at most
 * SYSTEM_COMMITS_PER_REQUEST commits; the game's timer plays the rest, slice
 * by slice, with nobody calling — as `npm start` runs its timers.
 */
const SEATS = 5;

let api: RunningApi;
let client: ApiClient;

beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'bounded-bots') });
  client = api.client;
});
afterAll(() => api?.close());

/** Five bots in a fresh Card Kingdoms game; the fifth seat's request starts it. Returns the game and how long that request took. */
async function allBotGame(token: string): Promise<{ gameId: string; lastSeatMs: number }> {
  const created = await client.post('/v1/games', { token, body: { game: 'valeria-card-kingdoms', seats: SEATS, join: false, deadlines: 'daily' } });
  expect(created.status, created.text).toBe(201);
  const gameId: string = created.body.gameId;
  for (let seat = 0; seat < SEATS - 1; seat++) expect((await client.post(`/v1/games/${gameId}/bots`, { token, body: { level: 'greedy' } })).status).toBe(200);
  const started = performance.now();
  const last = await client.post(`/v1/games/${gameId}/bots`, { token, body: { level: 'random' } });
  const lastSeatMs = performance.now() - started;
  expect(last.status, last.text).toBe(200);
  expect(last.body.status).toBe('active');
  return { gameId, lastSeatMs };
}

/** The game's whole public log, page by page, without bringing it up to date (no deadline is due). */
async function logOf(gameId: string, token: string): Promise<{ seq: number; actor: { kind: string } }[]> {
  const commits: { seq: number; actor: { kind: string } }[] = [];
  for (let after = 0; ;) {
    const page = await client.get(`/v1/games/${gameId}/events?after=${after}`, { token });
    expect(page.status, page.text).toBe(200);
    commits.push(...page.body.commits);
    after = page.body.next;
    if (!page.body.more) return commits;
  }
}

async function finishedWithin(gameId: string, token: string, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) {
    // The verification answers once the game is over, and brings nothing up to date (no deadline is due).
    const verified = await client.get(`/v1/games/${gameId}/verify`, { token });
    if (verified.status === 200) return true;
    expect(verified.body.code).toBe('game-not-finished');
  }
  return false;
}

describe('bots play a bounded slice per request', () => {
  it(`starts a five-bot game in one request of at most ${SYSTEM_COMMITS_PER_REQUEST} commits, and the restarted timers finish it`, async () => {
    const host = await client.register('Host');
    const { gameId, lastSeatMs } = await allBotGame(host.token);
    // No timer runs yet: the log is what the request itself committed.
    const played = await logOf(gameId, host.token);
    expect(played.length).toBe(SYSTEM_COMMITS_PER_REQUEST);
    expect(played.every((c) => c.actor.kind !== 'player')).toBe(true);
    console.info(`five bots: the last seat's request took ${Math.round(lastSeatMs)} ms for ${played.length} commits`);

    // As `npm start` does at boot: the timers read what is due from the store, and the game goes on by itself.
    const timers = await startLocalTimers(api.ctx, { deadlines: true });
    try {
      expect(await finishedWithin(gameId, host.token, 60_000)).toBe(true);
    } finally {
      timers.stop();
    }
    const whole = await logOf(gameId, host.token);
    expect(whole.length).toBeGreaterThan(SYSTEM_COMMITS_PER_REQUEST);
    expect(whole.map((c) => c.seq)).toEqual(whole.map((_, i) => i + 1));
  });

  it('finishes a five-bot game started while the timers run, with nobody reading it', async () => {
    const timers = await startLocalTimers(api.ctx, { deadlines: true });
    try {
      const host = await client.register('Host');
      const { gameId } = await allBotGame(host.token);
      expect(await finishedWithin(gameId, host.token, 60_000)).toBe(true);
    } finally {
      timers.stop();
    }
  });
});
