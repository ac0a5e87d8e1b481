import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameView } from '../../functions/app/contract/api.js';
import { manualClock, startApi, storeOf, type RunningApi } from '../support/api.js';

const DAY = 24 * 3600 * 1000;

/**
 * Opening a game in one request: `GET /v1/games/{id}?include=moves` answers
 * the view with the caller's legal moves, exactly as GET …/moves lists them
 * at the same version (read from the same game), on DynamoDB Local. Every
 * exchange is also held to the OpenAPI document (test/support/conformance).
 */
describe('GET /v1/games/{id}?include=moves on DynamoDB Local', () => {
  const clock = manualClock();
  let api: RunningApi;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-open-game', clock.now), clock: clock.now });
  });
  afterAll(() => api.close());

  /** A started game of `game` between Ann and Ben; Cleo holds no seat. */
  async function startedGame(game: string) {
    const [ann, ben, cleo] = [await api.client.register('Ann'), await api.client.register('Ben'), await api.client.register('Cleo')];
    const gameId = (await api.client.post('/v1/games', { token: ann.token, body: { game, seats: 2, deadlines: 'daily' } })).body.gameId as string;
    expect((await api.client.post(`/v1/games/${gameId}/join`, { token: ben.token })).status).toBe(200);
    return { ann, ben, cleo, gameId };
  }

  const open = (gameId: string, token: string, headers: Record<string, string> = {}) => api.client.get(`/v1/games/${gameId}?include=moves`, { token, headers });
  const view = (gameId: string, token: string) => api.client.get(`/v1/games/${gameId}`, { token });
  const moves = (gameId: string, token: string) => api.client.get(`/v1/games/${gameId}/moves`, { token });

  it('answers the view with the legal moves of the same version, as the two routes answer them, the ETag still the version', async () => {
    const { ann, ben, gameId } = await startedGame('village-pillage');
    for (const player of [ann, ben]) {
      const opened = await open(gameId, player.token);
      expect(opened.status).toBe(200);
      expect(GameView.safeParse(opened.body).success).toBe(true);
      expect(opened.headers.get('etag')).toBe(`"${opened.body.version}"`);
      const { legalMoves, ...rest } = opened.body;
      expect(rest).toEqual((await view(gameId, player.token)).body);
      expect(legalMoves).toEqual((await moves(gameId, player.token)).body);
      expect(legalMoves).toMatchObject({ gameId, version: opened.body.version, seat: opened.body.you });
      // Village Pillage opens with both players planning in secret.
      expect(legalMoves.moves.length).toBeGreaterThan(0);
    }
  });

  it('reads the game from the store once, as a view without the moves does', async () => {
    const { ann, gameId } = await startedGame('village-pillage');
    const { store } = api.ctx;
    /** The store reads of this game that one request makes. */
    const readsOf = async (request: () => Promise<unknown>) => {
      const loads = vi.spyOn(store, 'loadGame');
      const headers = vi.spyOn(store, 'getHeader');
      await request();
      const reads = [...loads.mock.calls, ...headers.mock.calls].filter(([id]) => id === gameId).length;
      loads.mockRestore();
      headers.mockRestore();
      return reads;
    };
    expect(await readsOf(() => open(gameId, ann.token))).toBe(1);
    expect(await readsOf(() => view(gameId, ann.token))).toBe(1);
  });

  it('leaves the moves out without the opt-in', async () => {
    const { ann, gameId } = await startedGame('village-pillage');
    const plain = await view(gameId, ann.token);
    expect(plain.status).toBe(200);
    expect('legalMoves' in plain.body).toBe(false);
  });

  it('lists moves submittable exactly as listed, pinned to the ETag', async () => {
    const { ann, gameId } = await startedGame('village-pillage');
    const opened = await open(gameId, ann.token);
    const played = await api.client.post(`/v1/games/${gameId}/moves`, {
      token: ann.token,
      headers: { 'if-match': opened.headers.get('etag') as string },
      body: { moves: [opened.body.legalMoves.moves[0]] },
    });
    expect(played.status).toBe(200);
    // Opening the game again lists what the move's answer listed next.
    const after = await open(gameId, ann.token);
    expect(after.body.version).toBe(played.body.next.version);
    expect(after.body.legalMoves.moves).toEqual(played.body.next.moves);
  });

  it('gives a spectator an empty listing with no seat, as the moves route does', async () => {
    const { cleo, gameId } = await startedGame('village-pillage');
    const opened = await open(gameId, cleo.token);
    expect(opened.status).toBe(200);
    expect(opened.body.you).toBeNull();
    expect(opened.body.legalMoves).toEqual({ gameId, game: 'village-pillage', version: opened.body.version, seat: null, moves: [] });
    expect(opened.body.legalMoves).toEqual((await moves(gameId, cleo.token)).body);
  });

  it('lists no moves before the game starts', async () => {
    const ann = await api.client.register('Ann');
    const gameId = (await api.client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    const opened = await open(gameId, ann.token);
    expect(opened.body.status).toBe('open');
    expect(opened.body.legalMoves).toEqual({ gameId, game: 'village-pillage', version: opened.body.version, seat: 0, moves: [] });
  });

  it('carries the follow-ups of a game that batches a turn, as the moves route lists them', async () => {
    const { ann, ben, gameId } = await startedGame('valeria-card-kingdoms');
    for (const player of [ann, ben]) {
      const opened = await open(gameId, player.token);
      expect(opened.body.legalMoves).toEqual((await moves(gameId, player.token)).body);
      expect(opened.body.legalMoves.followUps).toBeDefined();
    }
  });

  it('resolves overdue deadlines first: the view and the moves are of the version after the timeout', async () => {
    const { ann, gameId } = await startedGame('village-pillage');
    const before = (await open(gameId, ann.token)).body.version;
    // The planning phase is a turn: 72 hours in a daily game.
    clock.advance(4 * DAY);
    const opened = await open(gameId, ann.token);
    expect(opened.body.version).toBeGreaterThan(before);
    expect(opened.body.legalMoves.version).toBe(opened.body.version);
    expect(opened.body.legalMoves).toEqual((await moves(gameId, ann.token)).body);
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const { ann, gameId } = await startedGame('village-pillage');
    const etag = (await open(gameId, ann.token)).headers.get('etag') as string;
    const again = await open(gameId, ann.token, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('refuses what it cannot include with 400 invalid-request, as problem+json', async () => {
    const { ann, gameId } = await startedGame('village-pillage');
    for (const query of ['include=everything', 'include=', 'include=MOVES']) {
      const refused = await api.client.get(`/v1/games/${gameId}?${query}`, { token: ann.token });
      expect(refused.status, query).toBe(400);
      expect(refused.headers.get('content-type'), query).toContain('application/problem+json');
      expect(refused.body.code, query).toBe('invalid-request');
    }
  });
});
