import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSeed } from '../../core/engine/index.js';
import { replayable, replayedEnd, replayRecord, tableGame, type RecordDocument, type TableGame } from '../../core/table/index.js';
import { EXPORT_PAGE } from '../../functions/service/export.js';
import { startApi, storeOf, type ApiClient, type Reply, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';

/**
 * Issue 25, item 4: a player's finished games as records, one a line
 * (NDJSON), newest first, chunked by cursor (`Link: rel="next"`), against
 * DynamoDB Local: an export of EXPORT_GAMES games read to its end, every
 * line a whole record that replays, no page past its bounds.
 */
const EXPORT_GAMES = Number(process.env.EXPORT_GAMES ?? 500);
/** Games finished at once while the test sets up. */
const PARALLEL = 8;

let api: RunningApi;
let client: ApiClient;
beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'export'), games: [sealedBidsListing] });
  client = api.client;
});
afterAll(() => api?.close());

/** A one-round game of Sealed Bids against the greedy bot, played to its end by `token`'s seat 0. */
async function finishedGame(token: string): Promise<string> {
  const created = await client.post('/v1/games', { token, body: { game: 'sealed-bids', seats: 2, options: { rounds: 1 }, deadlines: 'daily' } });
  const gameId: string = created.body.gameId;
  expect((await client.post(`/v1/games/${gameId}/bots`, { token, body: { level: 'greedy' } })).status).toBe(200);
  for (let step = 0; step < 20; step++) {
    const legal = await client.get(`/v1/games/${gameId}/moves`, { token });
    if (legal.body.moves.length === 0) {
      if ((await client.get(`/v1/games/${gameId}`, { token })).body.status === 'finished') return gameId;
      continue;
    }
    expect((await client.post(`/v1/games/${gameId}/moves`, { token, body: { moves: [legal.body.moves[0]] } })).status).toBe(200);
  }
  throw new Error(`game ${gameId} did not end`);
}

/** What these tests read of an exported record (a line). */
interface ExportedRecord extends RecordDocument {
  readonly format: string;
  readonly status: string;
  readonly more: boolean;
  readonly gameId: string;
  readonly endedAt: string;
  readonly seed: string;
  readonly seedHash: string;
  readonly result: unknown;
}

/** Every page of an export, following `Link: rel="next"`; each page's lines parsed. */
async function exportAll(path: string, token: string) {
  const pages: { status: number; lines: ExportedRecord[]; bytes: number }[] = [];
  for (let next: string | null = path; next !== null;) {
    const reply: Reply<string> = await client.get<string>(next, { token });
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/x-ndjson');
    const lines: string[] = reply.text.split('\n');
    expect(lines.at(-1)).toBe('');
    pages.push({ status: reply.status, lines: lines.slice(0, -1).map((line): ExportedRecord => JSON.parse(line)), bytes: Buffer.byteLength(reply.text) });
    next = /<([^>]+)>; rel="next"/.exec(reply.headers.get('link') ?? '')?.[1] ?? null;
  }
  return pages;
}

describe('the personal export', () => {
  it(`streams all ${EXPORT_GAMES} finished games of a player as records, newest first, a bounded page at a time`, { timeout: 900_000 }, async () => {
    const ann = await client.register('Ann');
    const created: string[] = [];
    for (let i = 0; i < EXPORT_GAMES; i += PARALLEL)
      created.push(...(await Promise.all(Array.from({ length: Math.min(PARALLEL, EXPORT_GAMES - i) }, () => finishedGame(ann.token)))));
    // A game still running is not exported.
    const running = (await client.post('/v1/games', { token: ann.token, body: { game: 'sealed-bids', seats: 2, deadlines: 'daily' } })).body.gameId;

    const pages = await exportAll(`/v1/players/${ann.playerId}/games/export`, ann.token);
    const records = pages.flatMap((page) => page.lines);
    expect(records).toHaveLength(EXPORT_GAMES);
    expect(new Set(records.map((r) => r.gameId))).toEqual(new Set(created));
    expect(records.map((r) => r.gameId)).not.toContain(running);
    for (const page of pages) {
      expect(page.lines.length).toBeLessThanOrEqual(EXPORT_PAGE.games);
      expect(page.lines.length === 1 || page.bytes <= EXPORT_PAGE.bytes).toBe(true);
    }
    expect(pages.length).toBe(Math.ceil(EXPORT_GAMES / EXPORT_PAGE.games));
    const ends = records.map((r) => Date.parse(r.endedAt));
    expect(ends).toEqual([...ends].sort((a, b) => b - a));

    // Each line is a whole record: the seed, every commit, and a replay reaching its end with its scores.
    const engine: TableGame = tableGame(sealedBids);
    for (const record of records) {
      expect(record).toMatchObject({ format: 'valeria-tabletop/game-record', status: 'finished', more: false });
      expect(hashSeed(record.seed)).toBe(record.seedHash);
      const whole = replayable(record);
      expect(whole).not.toBeNull();
      const replay = replayRecord(engine, whole!);
      expect(replay.divergence).toBeNull();
      expect(engine.score(replayedEnd(replay))).toEqual(record.result);
    }

    // `since` and `until` keep the games that ended in [since, until); `me` is the caller.
    const since = new Date(ends[Math.floor(EXPORT_GAMES * 0.75)]!).toISOString();
    const until = new Date(ends[Math.floor(EXPORT_GAMES * 0.25)]!).toISOString();
    const window = (await exportAll(`/v1/players/me/games/export?since=${since}&until=${until}&limit=7`, ann.token)).flatMap((page) => page.lines);
    expect(window.map((r) => r.gameId)).toEqual(records.filter((r) => r.endedAt >= since && r.endedAt < until).map((r) => r.gameId));
  });

  it('refuses a cursor it did not give, an unknown game and an unknown player', async () => {
    const ann = await client.register('Ann');
    const refused = async (path: string) => (await client.get(path, { token: ann.token })).body.code;
    expect(await refused(`/v1/players/me/games/export?cursor=bm90LWEtY3Vyc29y`)).toBe('invalid-cursor');
    expect(await refused(`/v1/players/me/games/export?game=chess`)).toBe('unknown-game');
    expect(await refused(`/v1/players/pl_nobody/games/export`)).toBe('player-not-found');
    expect(await refused(`/v1/players/me/games/export?since=yesterday`)).toBe('invalid-request');
    const empty = await client.get(`/v1/players/me/games/export`, { token: ann.token });
    expect(empty).toMatchObject({ status: 200, text: '' });
    expect(empty.headers.get('link')).toBeNull();
  });
});
