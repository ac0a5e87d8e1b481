import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacityUsage } from '../../functions/store/capacity.js';
import { LOAD_PAGE_SIZE } from '../../functions/service/context.js';
import type { GameHeader } from '../../functions/store/port.js';
import { manualClock, startApi, type ApiClient, type Reply, type RunningApi } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';
import { sealedBidsListing } from '../support/sealed-bids.js';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

/**
 * Issue 22, item 3: the inbox reads one page of an index — the player's
 * running games, then a page of their finished games in the inbox's order —
 * never every game they ever joined, and answers exactly as before: your
 * move first, nearest deadline first, then the games without one (open and
 * finished) by id. Games stored before the index are listed all the same,
 * and the index is filled for them as they are read.
 */
const clock = manualClock();
const requests: CapacityUsage[] = [];
let api: RunningApi;
let client: ApiClient;

beforeAll(async () => {
  const table = await freshTable('api-inbox');
  const store = table.store({ loadPageSize: LOAD_PAGE_SIZE, clock: clock.now, meter: (usage) => requests.push(usage) });
  api = await startApi({ store, games: [sealedBidsListing], clock: clock.now });
  client = api.client;
});
afterAll(() => api?.close());

type Player = { playerId: string; token: string };
interface Entry {
  gameId: string;
  status: string;
  yourMove: boolean;
  deadline: string | null;
  version: number;
  seat: number;
}

const create = async (token: string, body: Record<string, unknown>) => {
  const created = await client.post('/v1/games', { token, body: { game: 'sealed-bids', seats: 2, options: { rounds: 1 }, ...body } });
  expect(created.status, created.text).toBe(201);
  return created.body.gameId as string;
};
const join = async (gameId: string, token: string) => expect((await client.post(`/v1/games/${gameId}/join`, { token, body: {} })).status).toBe(200);
const bid = async (gameId: string, token: string) => {
  const [move] = (await client.get(`/v1/games/${gameId}/moves`, { token })).body.moves;
  expect((await client.post(`/v1/games/${gameId}/moves`, { token, body: { moves: [move] } })).status).toBe(200);
};

/** Every page of an inbox query, `limit` at a time. */
async function pages(token: string, query = '', limit = 2): Promise<{ games: Entry[]; awaiting: number[] }> {
  const games: Entry[] = [];
  const awaiting: number[] = [];
  for (let cursor: string | null = null; ;) {
    const reply: Reply = await client.get(`/v1/games?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`, { token });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.games.length).toBeLessThanOrEqual(limit);
    games.push(...reply.body.games);
    awaiting.push(reply.body.awaitingYourMove);
    cursor = reply.body.next;
    if (cursor === null) return { games, awaiting };
  }
}

/** The order the inbox has always had (its comparator before the index, word for word), applied to what each game's own view says. */
async function expectedOrder(player: Player, gameIds: readonly string[]): Promise<string[]> {
  const entries = await Promise.all(
    gameIds.map(async (gameId) => {
      const view = (await client.get(`/v1/games/${gameId}`, { token: player.token })).body;
      const pending = view.state?.pending;
      const awaited: number[] = !pending
        ? []
        : pending.kind === 'simultaneous'
          ? pending.seats.filter((s: number) => !pending.submitted.includes(s))
          : [pending.seat];
      const deadline: string | null =
        view.status !== 'active' ? null : (pending.lateParts?.find((p: { seat: number }) => p.seat === view.you)?.deadline ?? pending.deadline);
      return { gameId, yourMove: view.status === 'active' && awaited.includes(view.you), deadline };
    }),
  );
  return entries
    .sort((a, b) => {
      if (a.yourMove !== b.yourMove) return a.yourMove ? -1 : 1;
      const da = a.deadline ?? '9999';
      const db = b.deadline ?? '9999';
      return da === db ? a.gameId.localeCompare(b.gameId) : da.localeCompare(db);
    })
    .map((e) => e.gameId);
}

/** Games of `player` against a bot on 1-second clocks, played out by timeouts while the clock jumps an hour. */
async function finishedGames(player: Player, count: number): Promise<string[]> {
  const gameIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const gameId = await create(player.token, { deadlines: { windowSeconds: 1, turnSeconds: 1 } });
    expect((await client.post(`/v1/games/${gameId}/bots`, { token: player.token, body: { level: 'greedy' } })).status).toBe(200);
    gameIds.push(gameId);
  }
  clock.advance(HOUR);
  for (const gameId of gameIds)
    for (let reads = 0; (await client.get(`/v1/games/${gameId}`, { token: player.token })).body.status !== 'finished'; reads++) expect(reads).toBeLessThan(20);
  return gameIds;
}

describe('the inbox, from its index', () => {
  it('answers in the order it always had, page after page, with every filter', async () => {
    const [pat, rival] = [await client.register('Pat'), await client.register('Rival')];
    const finished = await finishedGames(pat, 3);
    const awaitingPat = [await create(pat.token, { deadlines: { windowSeconds: 7200, turnSeconds: 7200 } })];
    // Two games opened at the same instant with the same window: equal deadlines, told apart by id.
    for (let i = 0; i < 2; i++) awaitingPat.push(await create(pat.token, { deadlines: { windowSeconds: 3600, turnSeconds: 3600 } }));
    for (const gameId of awaitingPat) await join(gameId, rival.token);
    const awaitingRival = [await create(rival.token, { deadlines: { windowSeconds: 600, turnSeconds: 600 } }), await create(rival.token, {})];
    for (const gameId of awaitingRival) {
      await join(gameId, pat.token);
      await bid(gameId, pat.token);
    }
    const open = [await create(pat.token, {}), await create(pat.token, {})];
    const all = [...finished, ...awaitingPat, ...awaitingRival, ...open];

    const listed = await pages(pat.token);
    expect(listed.games.map((g) => g.gameId)).toEqual(await expectedOrder(pat, all));
    expect(new Set(listed.awaiting)).toEqual(new Set([awaitingPat.length]));
    for (const entry of listed.games) {
      if (finished.includes(entry.gameId)) expect(entry).toMatchObject({ status: 'finished', yourMove: false, deadline: null });
      if (open.includes(entry.gameId)) expect(entry).toMatchObject({ status: 'open', yourMove: false, deadline: null, version: 0 });
      if (awaitingPat.includes(entry.gameId)) expect(entry).toMatchObject({ status: 'active', yourMove: true, version: 1 });
    }
    expect((await pages(pat.token, '&awaiting=me', 1)).games.map((g) => g.gameId)).toEqual(await expectedOrder(pat, awaitingPat));
    expect((await pages(pat.token, '&status=finished')).games.map((g) => g.gameId)).toEqual([...finished].sort((a, b) => a.localeCompare(b)));
    expect((await pages(pat.token, '&status=open', 5)).games.map((g) => g.gameId)).toEqual([...open].sort((a, b) => a.localeCompare(b)));
    expect((await pages(pat.token, '&status=active', 3)).games.map((g) => g.gameId)).toEqual(await expectedOrder(pat, [...awaitingPat, ...awaitingRival]));
    // A cursor the inbox did not issue is refused.
    const forged = Buffer.from(JSON.stringify([2, null, 'x'])).toString('base64url');
    expect((await client.get(`/v1/games?cursor=${forged}`, { token: pat.token })).body.code).toBe('invalid-cursor');
  });

  it('reads as much for a page whatever the history: one query of running games, one batch of headers, one query of each started one’s newest commit, one page of finished games', async () => {
    const newcomer = await client.register('Newcomer');
    const veteran = await client.register('Veteran');
    await finishedGames(veteran, 25);
    const cost = async (player: Player) => {
      await client.get('/v1/games?limit=5', { token: player.token });
      requests.length = 0;
      const reply = await client.get('/v1/games?limit=5', { token: player.token });
      expect(reply.status).toBe(200);
      return requests.map((r) => `${r.operation} ${r.command}`).sort();
    };
    for (const player of [newcomer, veteran]) {
      // An open game (its header says all) and a started one against a bot.
      await create(player.token, {});
      const started = await create(player.token, {});
      expect((await client.post(`/v1/games/${started}/bots`, { token: player.token, body: { level: 'greedy' } })).status).toBe(200);
    }
    const [fresh, seasoned] = [await cost(newcomer), await cost(veteran)];
    expect(seasoned).toEqual(fresh);
    expect(seasoned).toEqual(['getHeaders BatchGetItem', 'latestCommit Query', 'listFinishedGames Query', 'listMemberships Query']);
  });

  it('shows a move in the next read of the inbox: it reads each game’s newest commit, nothing written after it', async () => {
    const player = await client.register('Quick');
    const gameId = await create(player.token, {});
    expect((await client.post(`/v1/games/${gameId}/bots`, { token: player.token, body: { level: 'greedy' } })).status).toBe(200);
    const entry = async () => ((await client.get('/v1/games', { token: player.token })).body.games as Entry[]).find((g) => g.gameId === gameId);
    const version = async () => Number((await client.get(`/v1/games/${gameId}`, { token: player.token })).headers.get('etag')?.replaceAll('"', ''));
    expect(await entry()).toMatchObject({ status: 'active', yourMove: true, version: await version() });
    await bid(gameId, player.token);
    const after = await entry();
    expect(after?.version).toBe(await version());
    expect(after?.version).toBeGreaterThan(1);
  });

  it('lists games stored before the index, and fills the index for them as it reads', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const { store } = api.ctx;
    const at = clock.now();
    const stored = async (status: 'active' | 'finished') => {
      const h: GameHeader = {
        gameId: `g_${status}${at}`,
        game: 'sealed-bids',
        options: { rounds: 1 },
        deadlines: { turnMs: HOUR, windowMs: HOUR },
        seats: [
          { kind: 'player', playerId: ann.playerId, name: 'Ann' },
          { kind: 'player', playerId: ben.playerId, name: 'Ben' },
        ],
        createdBy: ann.playerId,
        createdAt: at,
        seed: 'an old seed',
        seedHash: '0'.repeat(64),
        status,
        startedAt: at,
        revision: 2,
        engineVersion: sealedBidsListing.engineVersion,
      };
      // As releases before the index wrote them: the header, uncounted rows, the log.
      await store.createGame(h);
      for (const [seat, player] of [ann, ben].entries()) await store.addMembership(player.playerId, { gameId: h.gameId, game: h.game, seat, joinedAt: at });
      const summary =
        status === 'active'
          ? ({ status, awaiting: [1], deadline: at + HOUR, pendingId: 'p1', pendingKind: 'turn' } as const)
          : ({ status, awaiting: [], deadline: null, pendingId: null } as const);
      await store.appendCommit({
        gameId: h.gameId,
        seq: 1,
        command: { type: 'start', at },
        events: [],
        actor: 'system',
        idempotencyKey: null,
        requestHash: null,
        at,
        summary,
      });
      return h.gameId;
    };
    const [active, done] = [await stored('active'), await stored('finished')];

    const bens = (await client.get('/v1/games', { token: ben.token })).body;
    expect(bens.games).toEqual([
      expect.objectContaining({ gameId: active, status: 'active', yourMove: true, deadline: new Date(at + HOUR).toISOString(), version: 1, seat: 1 }),
      expect.objectContaining({ gameId: done, status: 'finished', yourMove: false, deadline: null, version: 1, seat: 1 }),
    ]);
    expect(bens.awaitingYourMove).toBe(1);
    // Filled: the running game counted; the finished one among the finished games.
    expect((await store.listMemberships(ben.playerId, null, 10)).items).toEqual([
      { gameId: active, game: 'sealed-bids', seat: 1, joinedAt: at, counted: true },
    ]);
    expect((await store.listFinishedGames(ben.playerId, null, 10)).map((row) => row.gameId)).toEqual([done]);
    // Ann's rows are filled on her own read, and the answers stay the same.
    expect((await client.get('/v1/games', { token: ann.token })).body.games.map((g: Entry) => g.gameId)).toEqual([active, done]);
    expect((await client.get('/v1/games', { token: ben.token })).body).toEqual(bens);
  });
});
