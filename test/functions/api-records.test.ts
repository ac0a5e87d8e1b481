import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSeed, viewFor } from '../../core/engine/index.js';
import { GAMES } from '../../core/games/index.js';
import { presentTimes, replayedEnd, replayRecord, tableGame, type ReplayableRecord } from '../../core/table/index.js';
import { startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';

/**
 * Issue 25, item 3: a game's record (`GET /v1/games/{id}/record`), one
 * versioned document per viewer. Once the game is over it is enough to
 * replay the game with the published engine; while it runs a player reads
 * only what they may see, and never the seed.
 */
let api: RunningApi;
let client: ApiClient;
beforeAll(async () => {
  api = await startApi({ store: await storeOf('memory', 'records') });
  client = api.client;
});
afterAll(() => api?.close());

/** Every page of a record, gathered as the client's `record()` does: the first page's fields, every commit, the last page's cursor. */
async function wholeRecord(gameId: string, token: string) {
  const first = await client.get(`/v1/games/${gameId}/record`, { token });
  expect(first.status, first.text).toBe(200);
  const commits = [...first.body.commits];
  let last = first.body;
  while (last.more) {
    last = (await client.get(`/v1/games/${gameId}/record?after=${last.next}`, { token })).body;
    commits.push(...last.commits);
  }
  return { ...first.body, commits, next: last.next, more: false };
}

const TABLES = [
  { game: 'villages-of-valeria', seats: 2 },
  { game: 'valeria-card-kingdoms', seats: 3, options: { setup: 'first-game' } },
  { game: 'village-pillage', seats: 3 },
];

describe('game records', () => {
  it.each(TABLES)('a finished $game game replays from its record with the engine to the same end and scores', async ({ game, seats, options }) => {
    const [ann, zed] = await Promise.all([client.register('Ann'), client.register('Zed')]);
    const gameId = (await client.post('/v1/games', { token: ann.token, body: { game, seats, options, deadlines: 'daily' } })).body.gameId;
    for (let seat = 1; seat < seats; seat++)
      expect((await client.post(`/v1/games/${gameId}/bots`, { token: ann.token, body: { level: 'greedy' } })).status).toBe(200);
    await playToEnd(client, gameId, [{ seat: 0, token: ann.token }], { seed: `records-${game}` });

    // After the end everyone reads the whole record, a stranger as the players.
    const record = await wholeRecord(gameId, zed.token);
    expect(record).toMatchObject({
      format: 'valeria-tabletop/game-record',
      formatVersion: 1,
      gameId,
      game,
      status: 'finished',
      viewer: { seat: null, full: true },
    });
    expect(record.seats[0]).toMatchObject({ kind: 'player', name: 'Ann', playerId: ann.playerId });
    expect(record.seats.slice(1).every((s: { kind: string }) => s.kind === 'bot')).toBe(true);
    expect(hashSeed(record.seed)).toBe(record.seedHash);
    expect(record.commits.map((c: { seq: number }) => c.seq)).toEqual(record.commits.map((_: unknown, i: number) => i + 1));
    expect(record.endedAt).toBe(record.commits.at(-1).at);
    const annsRecord = await wholeRecord(gameId, ann.token);
    expect({ ...annsRecord, viewer: null }).toEqual({ ...record, viewer: null });

    const listing = GAMES.find((g) => g.meta.id === game)!;
    const engine = tableGame(await listing.engine());
    const replay = replayRecord(engine, record as ReplayableRecord);
    expect(replay.divergence).toBeNull();
    expect(replay.commits).toHaveLength(record.commits.length);
    const end = replayedEnd(replay);
    expect(end.finished).toBe(true);
    expect(presentTimes(engine.score(end))).toEqual(record.result);
    const shown = (await client.get(`/v1/games/${gameId}`, { token: zed.token })).body.state;
    expect(presentTimes(viewFor(engine, end, null)).board).toEqual(shown.board);
    expect(record.result).toEqual(shown.score);

    // Ann's export holds this record, as she reads it, on one NDJSON line.
    const exported = await client.get(`/v1/players/me/games/export?game=${game}`, { token: ann.token });
    expect(exported.headers.get('content-type')).toBe('application/x-ndjson');
    expect(exported.text.split('\n')).toEqual([JSON.stringify(annsRecord), '']);
  });

  it('a record whose command was changed parts from the engine at that commit', async () => {
    const ann = await client.register('Ann');
    const gameId = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    await client.post(`/v1/games/${gameId}/bots`, { token: ann.token, body: { level: 'greedy' } });
    await playToEnd(client, gameId, [{ seat: 0, token: ann.token }], { seed: 'records-tampered' });
    const record = await wholeRecord(gameId, ann.token);
    const engine = tableGame(await GAMES.find((g) => g.meta.id === 'village-pillage')!.engine());
    const tampered = structuredClone(record);
    const moved = tampered.commits.find((c: { command: { type: string } }) => c.command.type === 'moves');
    moved.events = moved.events.slice(1);
    expect(replayRecord(engine, tampered as ReplayableRecord).divergence).toEqual({ seq: moved.seq, kind: 'different-events' });
    const seeded = { ...structuredClone(record), seed: 'another seed' };
    expect(replayRecord(engine, seeded as ReplayableRecord).divergence).not.toBeNull();
  });

  it('while the game runs, a player reads their own record: their events, their own commands, never the seed', async () => {
    const [ann, ben, zed] = await Promise.all([client.register('Ann'), client.register('Ben'), client.register('Zed')]);
    const gameId = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    await client.post(`/v1/games/${gameId}/join`, { token: ben.token, body: {} });
    // Ben plans first: his two cards are his secret until Ann's plan closes the window.
    const bens = (await client.get(`/v1/games/${gameId}/moves`, { token: ben.token })).body.moves;
    const planned = bens.find((m: { type: string }) => m.type === 'queue');
    expect((await client.post(`/v1/games/${gameId}/moves`, { token: ben.token, body: { moves: [planned] } })).status).toBe(200);

    const annsRecord = await wholeRecord(gameId, ann.token);
    expect(annsRecord).toMatchObject({ status: 'active', viewer: { seat: 0, full: false }, endedAt: null });
    expect(annsRecord).not.toHaveProperty('seed');
    expect(annsRecord).not.toHaveProperty('result');
    expect(JSON.stringify(annsRecord)).not.toContain(JSON.stringify([planned.front, planned.back]));
    const bensCommit = annsRecord.commits.at(-1);
    expect(bensCommit.actor).toMatchObject({ kind: 'player', seat: 1 });
    expect(bensCommit).not.toHaveProperty('command');
    // What she reads of each commit is what her events route shows.
    const events = (await client.get(`/v1/games/${gameId}/events`, { token: ann.token })).body.commits;
    expect(annsRecord.commits.map(({ command: _, ...commit }: { command?: unknown }) => commit)).toEqual(events);
    expect(annsRecord.commits[0].command).toEqual({ type: 'start', at: expect.any(String) });

    // Ben reads his own command; a spectator reads neither player's.
    const bensRecord = await wholeRecord(gameId, ben.token);
    expect(bensRecord.commits.at(-1).command).toMatchObject({ type: 'moves', seat: 1, moves: [planned] });
    const zedsRecord = await wholeRecord(gameId, zed.token);
    expect(zedsRecord.viewer).toEqual({ seat: null, full: false });
    expect(zedsRecord.commits.at(-1)).not.toHaveProperty('command');
    expect(JSON.stringify(zedsRecord)).not.toContain(JSON.stringify([planned.front, planned.back]));
  });

  it('refuses a cursor past the end and an unknown game', async () => {
    const ann = await client.register('Ann');
    const gameId = (await client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    const open = await client.get(`/v1/games/${gameId}/record`, { token: ann.token });
    expect(open.body).toMatchObject({ status: 'open', commits: [], next: 0, more: false, endedAt: null });
    expect((await client.get(`/v1/games/${gameId}/record?after=3`, { token: ann.token })).body.code).toBe('cursor-out-of-range');
    expect((await client.get('/v1/games/g_nothing_here/record', { token: ann.token })).status).toBe(404);
  });
});
