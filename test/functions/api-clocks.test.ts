import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';
import { verifyThroughApi } from '../support/api-players.js';

const SECOND = 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Fischer time banks over HTTP on DynamoDB Local, with Sealed Bids: its bid
 * windows are open to everyone (fixed window length, no bank runs), its
 * leader choice is one player's turn (runs on that player's bank).
 */
describe('time banks over HTTP on DynamoDB Local', () => {
  const clock = manualClock();
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-clocks', clock.now), games: [sealedBidsListing], clock: clock.now, pollIntervalMs: 20 });
    client = api.client;
  });
  afterAll(() => api.close());

  const bank = { bank: { initialSeconds: 100, incrementSeconds: 30, maxSeconds: 120 }, windowSeconds: 50 };

  const bankedGame = (rounds: number, deadlines: unknown = bank) => sealedTable(client).game(rounds, { deadlines });
  const view = (gameId: string, token: string) => sealedTable(client).view(gameId, token);
  const move = (gameId: string, token: string, body: unknown) => sealedTable(client).move(gameId, token, body);
  async function bidBoth(gameId: string, alice: { token: string }, bob: { token: string }) {
    for (const player of [alice, bob]) expect((await sealedTable(client).bid(gameId, player.token)).status).toBe(200);
  }
  const banks = (reply: { body: { clocks: { seats: { bankSeconds: number; running: boolean }[] } } }) =>
    reply.body.clocks.seats.map((s) => [s.bankSeconds, s.running]);

  it("runs only the awaited player's bank on their turn, not in windows open to everyone", async () => {
    const { alice, bob, gameId } = await bankedGame(3);
    const start = clock.now();
    const opening = await view(gameId, alice.token);
    expect(opening.body.deadlines).toMatchObject({ windowSeconds: 50, bank: { initialSeconds: 100, incrementSeconds: 30, maxSeconds: 120 } });
    expect(opening.body.state.pending).toMatchObject({ kind: 'simultaneous', deadline: iso(start + 50 * SECOND) });
    expect(banks(opening)).toEqual([
      [100, false],
      [100, false],
    ]);

    clock.advance(10 * SECOND);
    await bidBoth(gameId, alice, bob);
    // Alice leads round 0: her bank runs, and the turn's deadline is when it runs out.
    clock.advance(25 * SECOND);
    const leading = await view(gameId, bob.token);
    expect(leading.body.state.pending).toMatchObject({ kind: 'turn', seat: 0, deadline: iso(start + 110 * SECOND) });
    expect(banks(leading)).toEqual([
      [75, true],
      [100, false],
    ]);
    expect(leading.body.clocks.seats[0].runsOutAt).toBe(new Date(start + 110 * SECOND).toISOString());

    clock.advance(5 * SECOND);
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    // 30 s used, 30 s increment: back at 100, and nobody's clock runs in the bid window.
    const after = await view(gameId, alice.token);
    expect(banks(after)).toEqual([
      [100, false],
      [100, false],
    ]);
    expect(after.body.state.pending).toMatchObject({ kind: 'simultaneous', deadline: iso(clock.now() + 50 * SECOND) });
  });

  it('caps a bank at its maximum after the increment', async () => {
    const { alice, bob, gameId } = await bankedGame(3);
    await bidBoth(gameId, alice, bob);
    clock.advance(2 * SECOND);
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    // 100 - 2 + 30 = 128, capped at 120.
    expect(banks(await view(gameId, bob.token))).toEqual([
      [120, false],
      [100, false],
    ]);
  });

  it('plays the default when a bank runs out and restarts it at the increment; replay rebuilds every bank', async () => {
    const { alice, bob, gameId } = await bankedGame(2);
    await bidBoth(gameId, alice, bob);
    const turnStarted = clock.now();
    clock.advance(100 * SECOND + 1);
    // Reading the game applies the overdue default at the bank's last moment: Alice passes.
    const timedOut = await view(gameId, bob.token);
    expect(timedOut.body.state.board.round).toBe(1);
    expect(timedOut.body.state.pending).toMatchObject({ kind: 'simultaneous', deadline: iso(turnStarted + 150 * SECOND) });
    expect(banks(timedOut)).toEqual([
      [30, false],
      [100, false],
    ]);
    const log = await client.get(`/v1/games/${gameId}/events?after=0`, { token: bob.token });
    const timeout = log.body.commits.find((c: { seq: number; actor: { kind: string } }) => c.actor.kind === 'system' && c.seq > 1);
    expect(timeout.events.find((e: { type: string }) => e.type === 'clock')).toEqual({
      type: 'clock',
      clocks: { bankSeconds: [30, 100], running: null, settledAt: iso(turnStarted + 100 * SECOND) },
    });

    // Round 1: Bob leads and answers within his bank; the game ends.
    await bidBoth(gameId, alice, bob);
    clock.advance(40 * SECOND);
    expect((await move(gameId, bob.token, { type: 'double' })).status).toBe(200);
    const { state: final } = await verifyThroughApi(client, gameId, alice.token, sealedBids);
    expect(final.finished).toBe(true);
    expect(final.clocks).toEqual({ bankMs: [30 * SECOND, 90 * SECOND], running: null, settledAt: clock.now() });
  });

  it('offers the correspondence preset: a 3-day bank, +1 day per move, at most 7 days, windows of 24 hours', async () => {
    const catalog = await client.get('/v1/games/catalog');
    expect(catalog.body.deadlinePresets.correspondence).toEqual({
      windowSeconds: 86_400,
      turnSeconds: 86_400,
      bank: { initialSeconds: 3 * 86_400, incrementSeconds: 86_400, maxSeconds: 7 * 86_400 },
    });
    const { alice, bob, gameId } = await bankedGame(2, 'correspondence');
    await bidBoth(gameId, alice, bob);
    expect((await view(gameId, alice.token)).body.state.pending).toMatchObject({ kind: 'turn', deadline: iso(clock.now() + 3 * 86_400_000) });
  });

  it('refuses a bank whose maximum is below its start, changing nothing', async () => {
    const alice = await client.register('Alice');
    const deadlines = { bank: { initialSeconds: 100, incrementSeconds: 30, maxSeconds: 60 }, windowSeconds: 50 };
    const refused = await client.post('/v1/games', { token: alice.token, body: { game: 'sealed-bids', seats: 2, deadlines } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.text).toContain('maxSeconds');
    expect((await client.get('/v1/games', { token: alice.token })).body.games).toEqual([]);
  });

  it('sorts the inbox by real time left: a running bank before a longer fixed turn', async () => {
    const alice = await client.register('Alice');
    const bob = await client.register('Bob');
    const newGame = async (deadlines: unknown) => {
      const created = await client.post('/v1/games', { token: alice.token, body: { game: 'sealed-bids', seats: 2, options: { rounds: 2 }, deadlines } });
      await client.post(`/v1/games/${created.body.gameId}/join`, { token: bob.token, body: {} });
      return created.body.gameId as string;
    };
    // A daily game where Alice leads (72 h), then a banked one where she leads on a 100 s bank.
    const daily = await newGame('daily');
    await bidBoth(daily, alice, bob);
    const banked = await newGame(bank);
    await bidBoth(banked, alice, bob);
    const inbox = await client.get('/v1/games', { token: alice.token });
    expect(inbox.body.games.map((g: { gameId: string }) => g.gameId)).toEqual([banked, daily]);
    expect(inbox.body.games[0].deadline).toBe(new Date(clock.now() + 100 * SECOND).toISOString());
  });
});
