import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';
import { verifyThroughApi } from '../support/api-players.js';

const SECOND = 1000;

/**
 * Safe undo over HTTP on DynamoDB Local, with Sealed Bids: a leader's choice
 * reveals nothing (undoable); the last bid closes the window and reveals
 * every bid (never undoable).
 */
describe('safe undo over HTTP on DynamoDB Local', () => {
  const clock = manualClock();
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-undo', clock.now), games: [sealedBidsListing], clock: clock.now, pollIntervalMs: 20 });
    client = api.client;
  });
  afterAll(() => api.close());

  const bank = { bank: { initialSeconds: 100, incrementSeconds: 30, maxSeconds: 120 }, windowSeconds: 50 };

  const game = (rounds: number, deadlines: unknown = bank, table?: unknown) =>
    sealedTable(client).game(rounds, { deadlines, ...(table === undefined ? {} : { table }) });
  const view = (gameId: string, token: string) => sealedTable(client).view(gameId, token);
  const move = (gameId: string, token: string, body: unknown) => sealedTable(client).move(gameId, token, body);
  const undo = (gameId: string, token: string, version: number, headers: Record<string, string> = {}) =>
    client.post(`/v1/games/${gameId}/undo`, { token, body: { version }, headers });
  const bid = (gameId: string, token: string) => sealedTable(client).bid(gameId, token);

  it("takes back a leader's choice that revealed nothing, as a new commit, without returning bank time", async () => {
    const { alice, bob, gameId, table } = await game(2);
    // Two people, so rated by default: bot accounts are kept away.
    expect(table).toEqual({ undo: true, replaceAfterTimeouts: 3, vacation: true, allowBots: false });
    await bid(gameId, alice.token);
    await bid(gameId, bob.token);
    const leading = await view(gameId, alice.token);
    const turnStarted = clock.now();
    clock.advance(30 * SECOND);
    const doubled = await move(gameId, alice.token, { type: 'double' });
    expect(doubled.status).toBe(200);
    clock.advance(10 * SECOND);
    const undone = await undo(gameId, alice.token, doubled.body.version, { 'Idempotency-Key': 'undo-1' });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.version).toBe(doubled.body.version + 1);
    expect(undone.body.commit.events[0]).toEqual({ type: 'undone', version: doubled.body.version });
    // A retry with the same key gets the first answer, not a second undo.
    const retried = await undo(gameId, alice.token, doubled.body.version, { 'Idempotency-Key': 'undo-1' });
    expect(retried.body).toEqual(undone.body);

    const after = await view(gameId, alice.token);
    expect(after.body.state.board).toEqual(leading.body.state.board);
    expect(after.body.state.pending).toEqual(leading.body.state.pending);
    // The 40 s since her turn began stay spent: 60 s left, the same deadline as before.
    expect(after.body.state.pending.deadline).toBe(new Date(turnStarted + 100 * SECOND).toISOString());
    expect(after.body.clocks.seats[0]).toMatchObject({ bankSeconds: 60, running: true });

    // Bob sees that commit 7 was undone, never the state it restored.
    const log = await client.get(`/v1/games/${gameId}/events?after=${doubled.body.version}`, { token: bob.token });
    expect(log.body.commits[0].events[0]).toEqual({ type: 'undone', version: doubled.body.version });
    expect(log.text).not.toContain('hands');

    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    await bid(gameId, alice.token);
    await bid(gameId, bob.token);
    expect((await move(gameId, bob.token, { type: 'pass' })).status).toBe(200);
    const { state: final } = await verifyThroughApi(client, gameId, bob.token, sealedBids);
    expect(final.finished).toBe(true);
  });

  it("refuses with the reason: a bid that closed the window, another player's move, an older commit, an undo, spectators", async () => {
    const { alice, bob, gameId } = await game(3);
    const first = await bid(gameId, alice.token);
    const last = await bid(gameId, bob.token);
    const closed = await undo(gameId, bob.token, last.body.version);
    expect(closed.status).toBe(409);
    expect(closed.headers.get('content-type')).toContain('application/problem+json');
    expect(closed.body).toMatchObject({ code: 'undo-not-allowed', reason: 'it closed the bid window' });
    expect((await undo(gameId, alice.token, first.body.version)).body.reason).toMatch(/only the game's latest commit/);
    expect((await undo(gameId, alice.token, last.body.version)).body.reason).toBe('it is not a move of yours');
    const chose = await move(gameId, alice.token, { type: 'pass' });
    const undone = await undo(gameId, alice.token, chose.body.version);
    expect(undone.status).toBe(200);
    expect((await undo(gameId, alice.token, undone.body.version)).body.reason).toBe('it is not a move of yours');
    const sam = await client.register('Sam');
    expect((await undo(gameId, sam.token, undone.body.version)).body.code).toBe('not-seated');
    expect((await view(gameId, alice.token)).body.version).toBe(undone.body.version);
  });

  it('lets an open bid be taken back while the window stays open', async () => {
    const { alice, gameId } = await game(2);
    const placed = await bid(gameId, alice.token);
    expect((await undo(gameId, alice.token, placed.body.version)).status).toBe(200);
    const after = await view(gameId, alice.token);
    expect(after.body.state.pending.submitted).toEqual([]);
    expect(after.body.state.board.yourBid).toBeNull();
  });

  it('takes back one move per pending entry: a second undo at the same step is 409 too-many-undos with the limit', async () => {
    const { alice, gameId } = await game(2);
    const placed = await bid(gameId, alice.token);
    const undone = await undo(gameId, alice.token, placed.body.version);
    expect(undone.status, undone.text).toBe(200);
    // The window stays open: Alice bids again and tries to take it back a second time.
    const again = await bid(gameId, alice.token);
    expect(again.status, again.text).toBe(200);
    const loop = await undo(gameId, alice.token, again.body.version);
    expect(loop.status).toBe(409);
    expect(loop.body).toMatchObject({ code: 'too-many-undos', limit: 1 });
    expect((await view(gameId, alice.token)).body.version).toBe(again.body.version);
  });

  it('counts undos per step: a player who took back a move at one step may take one back at the next', async () => {
    const { alice, bob, gameId } = await game(3);
    await bid(gameId, alice.token);
    await bid(gameId, bob.token);
    const doubled = await move(gameId, alice.token, { type: 'double' });
    expect((await undo(gameId, alice.token, doubled.body.version)).status).toBe(200);
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    const placed = await bid(gameId, alice.token);
    expect((await undo(gameId, alice.token, placed.body.version)).status).toBe(200);
    // Parallel undos of one move: the commit's condition lets one through.
    const replaced = await bid(gameId, bob.token);
    const both = await Promise.all([undo(gameId, bob.token, replaced.body.version), undo(gameId, bob.token, replaced.body.version)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('is off with the live preset unless the table asks for it, and off when a table says so', async () => {
    const live = await game(2, 'live');
    expect(live.table.undo).toBe(false);
    const placed = await bid(live.gameId, live.alice.token);
    expect((await undo(live.gameId, live.alice.token, placed.body.version)).body.reason).toBe('undo is off at this table');
    const strict = await game(2, 'daily', { undo: false, replaceAfterTimeouts: 0, vacation: false });
    expect(strict.table).toEqual({ undo: false, replaceAfterTimeouts: 0, vacation: false, allowBots: false });
    const livelyUndo = await game(2, 'live', { undo: true });
    const mine = await bid(livelyUndo.gameId, livelyUndo.alice.token);
    expect((await undo(livelyUndo.gameId, livelyUndo.alice.token, mine.body.version)).status).toBe(200);
  });
});
