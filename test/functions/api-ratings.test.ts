import { rate } from 'openskill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProvisional, NEW_RATING, ratedOutcome } from '../../core/ratings/index.js';
import { StoreUnavailableError, type Store } from '../../functions/store/port.js';
import { manualClock, startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';

const HOUR = 3_600_000;

/**
 * Ratings over HTTP on DynamoDB Local: a rated game's end changes its
 * players' ratings once, as openskill computes them from the finishing
 * places; leaderboards list established ratings. Games are Sealed Bids
 * played by their defaults: the clock jumps past every deadline and the next
 * read resolves them (no seat is ever handed to the bot: replaceAfterTimeouts 0).
 */
describe('ratings over HTTP on DynamoDB Local', () => {
  const clock = manualClock();
  let api: RunningApi;
  let client: ApiClient;
  let store: Store;
  /** Header writes that mark a game finished fail while this holds a game id: the process "dies" between the rating and the header. */
  const failFinishing = new Set<string>();
  /** Every rating write of these games' ends meets a rating that moved meanwhile, as under a long burst of ends of the same players. */
  const contendEnds = new Set<string>();
  /** Reads of a game's log a page at a time (the tallies' scan for timeouts), per game: the follower's and the move path's reads take one or two commits. */
  const logScans = new Map<string, number>();

  beforeAll(async () => {
    const real = await storeOf('dynamodb', 'api-ratings', clock.now);
    store = new Proxy(real, {
      get(target, name, receiver) {
        if (name === 'replaceHeader')
          return async (...args: Parameters<Store['replaceHeader']>) => {
            if (args[0].status === 'finished' && failFinishing.has(args[0].gameId)) throw new StoreUnavailableError('replaceHeader', 'unknown');
            return target.replaceHeader(...args);
          };
        if (name === 'readCommits')
          return async (...args: Parameters<Store['readCommits']>) => {
            if (args[2] > 2) logScans.set(args[0], (logScans.get(args[0]) ?? 0) + 1);
            return target.readCommits(...args);
          };
        if (name === 'recordGameEnd')
          return async (...args: Parameters<Store['recordGameEnd']>) => (contendEnds.has(args[0].gameId) ? ('stale' as const) : target.recordGameEnd(...args));
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    api = await startApi({ store, games: [sealedBidsListing], clock: clock.now, pollIntervalMs: 20 });
    client = api.client;
  });
  afterAll(async () => {
    await api.close();
  });

  const deadlines = { windowSeconds: 60, turnSeconds: 60 };
  const table = { replaceAfterTimeouts: 0 };

  async function newGame(creator: { token: string }, others: readonly { token: string }[], fields: Record<string, unknown> = {}) {
    const created = await client.post('/v1/games', {
      token: creator.token,
      body: { game: 'sealed-bids', seats: others.length + 1, options: { rounds: 2 }, deadlines, table, ...fields },
    });
    expect(created.status, created.text).toBe(201);
    const gameId: string = created.body.gameId;
    for (const other of others) expect((await client.post(`/v1/games/${gameId}/join`, { token: other.token, body: {} })).status).toBe(200);
    return { gameId, created: created.body };
  }

  /** Plays the game out by its defaults; answers the end as its first player reads it. */
  async function playOut(gameId: string, token: string) {
    clock.advance(24 * HOUR);
    const view = await client.get(`/v1/games/${gameId}`, { token });
    expect(view.status, view.text).toBe(200);
    expect(view.body.state.finished).toBe(true);
    return view.body;
  }

  /** What openskill itself makes of the finishing places the score sheet gives. */
  function reference(
    end: { seats: { playerId: string }[]; state: { score: { scores: number[]; winners: number[] } } },
    befores: { mu: number; sigma: number }[],
  ) {
    const outcome = ratedOutcome({
      rated: true,
      seats: end.seats.map((s) => ({ kind: 'person', playerId: s.playerId })),
      score: end.state.score,
      replaced: [],
    });
    if (!outcome.rated) throw new Error('expected a rated outcome');
    const places = outcome.placings.map((p) => p.place);
    return {
      places,
      after: rate(
        befores.map(({ mu, sigma }) => [{ mu, sigma }]),
        { rank: places },
      ).map(([r]) => r!),
    };
  }

  it('a rated game changes both ratings once, as openskill does from the finishing places', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const { gameId, created } = await newGame(ann, [ben]);
    expect(created.rated).toBe(true);
    const end = await playOut(gameId, ann.token);
    expect(end.rated).toBe(true);

    const record = await store.getGameEnd(gameId);
    const expected = reference(end, [NEW_RATING, NEW_RATING]);
    expect(record?.changes.map((c) => [c.playerId, c.place, c.before])).toEqual([
      [ann.playerId, expected.places[0], NEW_RATING],
      [ben.playerId, expected.places[1], NEW_RATING],
    ]);
    const stored = await store.getRatings('sealed-bids', [ann.playerId, ben.playerId]);
    for (const [i, who] of [ann, ben].entries()) {
      const rating = stored.get(who.playerId)!;
      expect({ mu: rating.mu, sigma: rating.sigma }).toEqual(expected.after[i]);
      expect(rating).toMatchObject({ games: 1, wins: expected.places[i] === 1 ? 1 : 0, revision: 1, listed: false, lastGameAt: record!.at });
    }

    // The end processed again (a retry, a second reader) changes nothing.
    await client.get(`/v1/games/${gameId}`, { token: ben.token });
    expect((await store.getRatings('sealed-bids', [ann.playerId])).get(ann.playerId)?.revision).toBe(1);
  });

  it('the process dying between the rating and the header: the next read finishes the end without rating twice', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const { gameId } = await newGame(ann, [ben]);
    failFinishing.add(gameId);
    clock.advance(24 * HOUR);
    expect((await client.get(`/v1/games/${gameId}`, { token: ann.token })).status).toBe(503);
    expect((await store.getHeader(gameId))?.status).toBe('active');
    expect(await store.getGameEnd(gameId)).not.toBeNull();
    failFinishing.delete(gameId);
    expect((await client.get(`/v1/games/${gameId}`, { token: ben.token })).status).toBe(200);
    expect((await store.getHeader(gameId))?.status).toBe('finished');
    const stored = await store.getRatings('sealed-bids', [ann.playerId, ben.playerId]);
    expect([...stored.values()].map((r) => [r.games, r.revision])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('ratings contended past every attempt: the read that ended the game still answers it, and the next read rates it', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const { gameId } = await newGame(ann, [ben]);
    contendEnds.add(gameId);
    const end = await playOut(gameId, ann.token);
    expect(end.state.finished).toBe(true);
    expect(await store.getGameEnd(gameId)).toBeNull();
    expect((await store.getHeader(gameId))?.status).toBe('active');
    contendEnds.delete(gameId);
    expect((await client.get(`/v1/games/${gameId}`, { token: ben.token })).status).toBe(200);
    expect((await store.getHeader(gameId))?.status).toBe('finished');
    const stored = await store.getRatings('sealed-bids', [ann.playerId, ben.playerId]);
    expect([...stored.values()].map((r) => [r.games, r.revision])).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('two games of the same players ending at once both count, each from the rating the other left', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const games = [await newGame(ann, [ben]), await newGame(ben, [ann])];
    clock.advance(24 * HOUR);
    const ends = await Promise.all(games.map(({ gameId }, i) => client.get(`/v1/games/${gameId}`, { token: [ann, ben][i]!.token })));
    expect(ends.map((e) => e.status)).toEqual([200, 200]);
    const records = await Promise.all(games.map(({ gameId }) => store.getGameEnd(gameId)));
    // Whichever was written second started from the first one's results.
    const [first, second] = records.sort(
      (a, b) => a!.changes.find((c) => c.playerId === ann.playerId)!.before.games - b!.changes.find((c) => c.playerId === ann.playerId)!.before.games,
    );
    const annIn = (r: typeof first) => r!.changes.find((c) => c.playerId === ann.playerId)!;
    expect(annIn(second).before).toEqual(annIn(first).after);
    const stored = (await store.getRatings('sealed-bids', [ann.playerId])).get(ann.playerId)!;
    expect(stored).toMatchObject({ games: 2, revision: 2, mu: annIn(second).after.mu, sigma: annIn(second).after.sigma });
  });

  it('is not rated with a bot, or when created unrated', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const withBot = await newGame(ann, [], { seats: 2 });
    const botted = await client.post(`/v1/games/${withBot.gameId}/bots`, { token: ann.token, body: { level: 'random' } });
    expect(botted.body.rated).toBe(false);
    await playOut(withBot.gameId, ann.token);
    const unrated = await newGame(ann, [ben], { rated: false });
    expect(unrated.created.rated).toBe(false);
    await playOut(unrated.gameId, ann.token);
    // Their ends count for reliability only: no rating changes.
    const [botEnd, unratedEnd] = [await store.getGameEnd(withBot.gameId), await store.getGameEnd(unrated.gameId)];
    expect(botEnd?.changes).toEqual([]);
    expect(botEnd?.tallies.map((t) => t.playerId)).toEqual([ann.playerId]);
    expect(unratedEnd?.changes).toEqual([]);
    expect(unratedEnd?.tallies.map((t) => t.playerId)).toEqual([ann.playerId, ben.playerId]);
    expect(await store.listPlayerRatings(ann.playerId)).toEqual([]);
  });

  it('the leaderboard lists established ratings only, highest first, a page at a time', async () => {
    const players = [await client.register('Cleo'), await client.register('Dan'), await client.register('Eve')];
    // Five games each for Cleo and Dan (established); Eve plays one (provisional).
    for (let i = 0; i < 5; i++) {
      const { gameId } = await newGame(players[0]!, [players[1]!]);
      await playOut(gameId, players[0]!.token);
    }
    const { gameId } = await newGame(players[2]!, [players[0]!]);
    await playOut(gameId, players[2]!.token);

    const stored = await store.getRatings(
      'sealed-bids',
      players.map((p) => p.playerId),
    );
    const established = [...stored.values()].filter((r) => !isProvisional(r)).sort((a, b) => b.mu - 3 * b.sigma - (a.mu - 3 * a.sigma));
    expect(established.map((r) => r.playerId).sort()).toEqual([players[0]!.playerId, players[1]!.playerId].sort());

    const board = await client.get('/v1/leaderboards/sealed-bids');
    expect(board.status, board.text).toBe(200);
    const ours = board.body.entries.filter((e: { playerId: string }) => players.some((p) => p.playerId === e.playerId));
    expect(ours.map((e: { playerId: string }) => e.playerId)).toEqual(established.map((r) => r.playerId));
    expect(board.body.entries.map((e: { rank: number }) => e.rank)).toEqual(board.body.entries.map((_: unknown, i: number) => i + 1));
    const top = ours[0];
    expect(top.display).toBe(top.rating.toFixed(1));
    expect(top.provisional).toBe(false);

    const first = await client.get('/v1/leaderboards/sealed-bids?limit=1');
    expect(first.body.entries).toHaveLength(1);
    const second = await client.get(`/v1/leaderboards/sealed-bids?limit=1&cursor=${first.body.next}`);
    expect(second.body.entries[0].rank).toBe(2);
    expect(second.body.entries[0].playerId).toBe(board.body.entries[1].playerId);

    // A year away: Dan's and Cleo's uncertainty grows past the bound, and they leave the leaderboard until they play again.
    clock.advance(400 * 24 * HOUR);
    const later = await client.get('/v1/leaderboards/sealed-bids');
    expect(later.body.entries.filter((e: { playerId: string }) => players.some((p) => p.playerId === e.playerId))).toEqual([]);
  });

  /** Ann answers every move of hers at once (bids her first card, passes her leads); Ben never does: his defaults are timeouts. */
  async function annOnTimeBenAway(gameId: string, ann: { token: string }) {
    for (let step = 0; step < 50; step++) {
      const view = (await client.get(`/v1/games/${gameId}`, { token: ann.token })).body;
      if (view.state.finished) return view;
      if (!view.state.awaiting.includes(0)) {
        clock.advance(61_000);
        continue;
      }
      const move = view.state.pending.kind === 'simultaneous' ? { type: 'bid', card: view.state.board.hand[0] } : { type: 'pass' };
      const played = await client.post(`/v1/games/${gameId}/moves`, { token: ann.token, body: { moves: [move] } });
      expect(played.status, played.text).toBe(200);
    }
    throw new Error('the game did not end');
  }

  it('a game in which nobody timed out is tallied clean without reading its log; one with a timeout reads it', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const { gameId } = await newGame(ann, [ben]);
    for (let step = 0; step < 50; step++) {
      const view = (await client.get(`/v1/games/${gameId}`, { token: ann.token })).body;
      if (view.state.finished) break;
      for (const [seat, player] of [ann, ben].entries()) {
        if (!view.state.awaiting.includes(seat)) continue;
        const mine = (await client.get(`/v1/games/${gameId}`, { token: player.token })).body;
        const move = mine.state.pending.kind === 'simultaneous' ? { type: 'bid', card: mine.state.board.hand[0] } : { type: 'pass' };
        expect((await client.post(`/v1/games/${gameId}/moves`, { token: player.token, body: { moves: [move] } })).status).toBe(200);
      }
    }
    expect((await store.getGameEnd(gameId))?.tallies.map((t) => t.clean)).toEqual([true, true]);
    expect(logScans.get(gameId)).toBeUndefined();

    const timedOut = await newGame(ann, [ben]);
    await annOnTimeBenAway(timedOut.gameId, ann);
    expect((await store.getGameEnd(timedOut.gameId))?.tallies.map((t) => t.clean)).toEqual([true, false]);
    expect(logScans.get(timedOut.gameId)).toBeGreaterThan(0);
  });

  it('profiles show each game’s record and reliability; a table may require a minimum reliability to join', async () => {
    const [ann, ben, newcomer] = [await client.register('Ann'), await client.register('Ben'), await client.register('Cy')];
    const { gameId } = await newGame(ann, [ben]);
    const end = await annOnTimeBenAway(gameId, ann);
    const annWon = end.state.score.winners.includes(0);

    const annProfile = await client.get(`/v1/players/${ann.playerId}`, { token: ben.token });
    expect(annProfile.status, annProfile.text).toBe(200);
    expect(annProfile.body).toMatchObject({ playerId: ann.playerId, name: 'Ann', reliability: 100 });
    expect(annProfile.body.games).toEqual([
      expect.objectContaining({
        game: 'sealed-bids',
        played: 1,
        won: annWon ? 1 : 0,
        reliability: 100,
        rating: expect.objectContaining({ games: 1, provisional: true }),
      }),
    ]);
    expect(annProfile.body.games[0].rating.display).toMatch(/\?$/);
    const benProfile = (await client.get(`/v1/players/${ben.playerId}`, { token: ann.token })).body;
    expect([benProfile.reliability, benProfile.games[0].reliability, benProfile.games[0].played]).toEqual([0, 0, 1]);
    const fresh = (await client.get(`/v1/players/${newcomer.playerId}`, { token: ann.token })).body;
    expect(fresh).toMatchObject({ reliability: null, games: [{ game: 'sealed-bids', rating: null, played: 0, won: 0, reliability: null }] });

    const strict = await newGame(ann, [], { seats: 3, table: { replaceAfterTimeouts: 0, minReliability: 50 } });
    expect(strict.created.table.minReliability).toBe(50);
    const refused = await client.post(`/v1/games/${strict.gameId}/join`, { token: ben.token, body: {} });
    expect([refused.status, refused.body.code, refused.body.required, refused.body.reliability]).toEqual([403, 'reliability-too-low', 50, 0]);
    expect((await client.post(`/v1/games/${strict.gameId}/join`, { token: newcomer.token, body: {} })).status).toBe(200);
    expect((await store.getHeader(strict.gameId))?.seats.filter((s) => s.kind === 'player')).toHaveLength(2);

    const missing = await client.get('/v1/players/p_nobody', { token: ann.token });
    expect([missing.status, missing.body.code]).toEqual([404, 'player-not-found']);
  });

  it('a profile says person or bot, and lists its finished games newest first with the result and the rating each moved, a page at a time', async () => {
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const ends = [];
    for (let i = 0; i < 3; i++) {
      const { gameId } = await newGame(ann, [ben]);
      ends.push({ gameId, end: await playOut(gameId, ann.token), record: await store.getGameEnd(gameId) });
    }
    const first = await client.get(`/v1/players/${ann.playerId}/games?limit=2`, { token: ben.token });
    expect(first.status, first.text).toBe(200);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await client.get(`/v1/players/${ann.playerId}/games?limit=2&cursor=${first.body.next}`, { token: ben.token });
    expect([second.body.games.length, second.body.next]).toEqual([1, null]);
    const listed = [...first.body.games, ...second.body.games];
    expect(listed.map((g: { gameId: string }) => g.gameId)).toEqual(ends.map((e) => e.gameId).reverse());
    for (const { gameId, end, record } of ends) {
      const change = record!.changes.find((c) => c.playerId === ann.playerId)!;
      expect(listed.find((g: { gameId: string }) => g.gameId === gameId)).toEqual({
        gameId,
        game: 'sealed-bids',
        endedAt: new Date(record!.at).toISOString(),
        seat: 0,
        seats: [
          { seat: 0, kind: 'player', playerId: ann.playerId, name: 'Ann' },
          { seat: 1, kind: 'player', playerId: ben.playerId, name: 'Ben' },
        ],
        won: end.state.score.winners.includes(0),
        rating: { before: change.before.mu - 3 * change.before.sigma, after: change.after.mu - 3 * change.after.sigma, absent: false },
      });
    }
    // `me` names the caller; a game not rated shows no rating change.
    const unrated = await newGame(ben, [ann], { rated: false });
    await playOut(unrated.gameId, ben.token);
    const mine = await client.get('/v1/players/me/games?limit=1', { token: ben.token });
    expect(mine.body.games).toEqual([expect.objectContaining({ gameId: unrated.gameId, seat: 0, rating: null })]);

    const bot = (await client.post('/v1/players', { body: { name: 'Robo', bot: { owner: ann.playerId } } })).body;
    expect((await client.get(`/v1/players/${bot.playerId}`, { token: ann.token })).body).toMatchObject({ name: 'Robo', kind: 'bot' });
    expect((await client.get(`/v1/players/${ann.playerId}`, { token: ben.token })).body).toMatchObject({ kind: 'person' });
    expect((await client.get(`/v1/players/${bot.playerId}/games`, { token: ann.token })).body).toEqual({ games: [], next: null });

    const foreign = await client.get(`/v1/players/${ann.playerId}/games?cursor=nope`, { token: ben.token });
    expect([foreign.status, foreign.body.code]).toEqual([400, 'invalid-cursor']);
    const missing = await client.get('/v1/players/p_nobody/games', { token: ann.token });
    expect([missing.status, missing.body.code]).toEqual([404, 'player-not-found']);
    expect((await client.get(`/v1/players/${ann.playerId}/games`)).status).toBe(401);
  });

  it('refuses an unknown game and a cursor it did not give', async () => {
    const unknown = await client.get('/v1/leaderboards/chess');
    expect([unknown.status, unknown.body.code]).toEqual([422, 'unknown-game']);
    for (const cursor of ['nope', Buffer.from('[1,"x"]').toString('base64url'), Buffer.from('[0,"eA"]').toString('base64url')]) {
      const bad = await client.get(`/v1/leaderboards/sealed-bids?cursor=${cursor}`);
      expect([bad.status, bad.body.code]).toEqual([400, 'invalid-cursor']);
    }
    expect((await client.get('/v1/leaderboards/sealed-bids?limit=101')).status).toBe(400);
  });
});

describe('rated solo games over HTTP', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('a solo game is never rated: asking for it is refused, and the default is unrated', async () => {
    const ann = await api.client.register('Ann');
    const body = { game: 'valeria-card-kingdoms', seats: 1, deadlines: 'daily' };
    const refused = await api.client.post('/v1/games', { token: ann.token, body: { ...body, rated: true } });
    expect([refused.status, refused.body.code]).toEqual([422, 'solo-games-unrated']);
    const created = await api.client.post('/v1/games', { token: ann.token, body });
    expect([created.status, created.body.rated]).toEqual([201, false]);
  });
});
