import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';
import { verifyThroughApi } from '../support/api-players.js';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Vacations over HTTP on DynamoDB Local, with Sealed Bids on daily deadlines
 * (bid windows of 24 h open to everyone, the leader's turn of 72 h): a
 * player's vacation moves only their own deadlines, in every game of theirs
 * that allows it, as `vacation` commits the log keeps.
 */
describe('vacations over HTTP on DynamoDB Local', () => {
  const clock = manualClock();
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-vacation', clock.now), games: [sealedBidsListing], clock: clock.now, pollIntervalMs: 20 });
    client = api.client;
  });
  afterAll(() => api.close());

  const table = () => sealedTable(client);
  const view = (gameId: string, token: string) => table().view(gameId, token);
  const move = (gameId: string, token: string, body: unknown) => table().move(gameId, token, body);
  const bid = (gameId: string, token: string) => table().bid(gameId, token);
  const vacation = (token: string, until: number) => client.post('/v1/players/me/vacation', { token, body: { until: iso(until) } });
  const endVacation = (token: string) => client.request('DELETE', '/v1/players/me/vacation', { token });
  const commits = async (gameId: string, token: string) => (await client.get(`/v1/games/${gameId}/events?after=0`, { token })).body.commits;

  it("pushes back only the absent player's deadlines, in each of their games, and the window waiting only for them waits", async () => {
    const { alice, bob, gameId } = await table().game(2, { deadlines: 'daily' });
    const start = clock.now();
    expect((await bid(gameId, alice.token)).status).toBe(200);
    // Alice and Carol play a game of their own: Bob's vacation is none of its business.
    const carol = await client.register('Carol');
    const other = (await client.post('/v1/games', { token: alice.token, body: { game: 'sealed-bids', seats: 2, options: { rounds: 1 } } })).body.gameId;
    await client.post(`/v1/games/${other}/join`, { token: carol.token, body: {} });
    const otherBefore = (await view(other, carol.token)).body;

    clock.advance(HOUR);
    // Two days minus an hour: rounded up to two whole days from now.
    const away = await vacation(bob.token, clock.now() + 2 * DAY - HOUR);
    expect(away.status, away.text).toBe(201);
    const from = clock.now();
    expect(away.body).toEqual({
      year: 2026,
      allowanceDays: 21,
      usedDays: 2,
      remainingDays: 19,
      current: { from: iso(from), until: iso(from + 2 * DAY), days: 2 },
      games: [{ gameId, version: 3 }],
    });
    const { games: _games, ...status } = away.body;
    expect((await client.get('/v1/players/me/vacation', { token: bob.token })).body).toEqual(status);

    // Bob's part of the bid window now closes two days later; the window's own deadline stays for everyone else.
    const waiting = await view(gameId, alice.token);
    expect(waiting.body.state.pending).toMatchObject({
      kind: 'simultaneous',
      deadline: iso(start + DAY),
      lateParts: [{ seat: 1, deadline: iso(start + 3 * DAY) }],
    });
    expect(waiting.body.vacations).toEqual([{ seat: 1, until: iso(from + 2 * DAY) }]);
    const log = await commits(gameId, alice.token);
    expect(log.at(-1).actor).toEqual({ kind: 'player', seat: 1, playerId: bob.playerId });
    expect(log.at(-1).events).toEqual([
      {
        type: 'vacation',
        seat: 1,
        away: { leftAt: iso(from), backAt: iso(from + 2 * DAY) },
        shifts: [{ pendingId: 'p1', seat: 1, fromDeadline: iso(start + DAY), toDeadline: iso(start + 3 * DAY) }],
      },
      { type: 'awaiting', pending: waiting.body.state.pending },
    ]);
    // The other game did not change, and lists show who is away until when.
    expect((await view(other, carol.token)).body.version).toBe(otherBefore.version);
    expect((await view(other, carol.token)).body.state.pending).toEqual(otherBefore.state.pending);
    const inbox = (await client.get('/v1/games', { token: alice.token })).body.games;
    expect(inbox.find((g: { gameId: string }) => g.gameId === gameId).vacations).toEqual([{ seat: 1, until: iso(from + 2 * DAY) }]);
    expect(inbox.find((g: { gameId: string }) => g.gameId === other).vacations).toEqual([]);
    // Bob's own inbox names his own, later, deadline.
    const bobs = (await client.get('/v1/games', { token: bob.token })).body.games;
    expect(bobs.find((g: { gameId: string }) => g.gameId === gameId)).toMatchObject({ yourMove: true, deadline: iso(start + 3 * DAY) });

    // The window's deadline passes: only Bob is awaited, so it waits for him.
    clock.advance(DAY);
    const held = await view(gameId, alice.token);
    expect(held.body.state.pending).toMatchObject({ kind: 'simultaneous', submitted: [0], deadline: iso(start + 3 * DAY), othersClosed: true });
    // Bob bids from the beach after all: the window closes and Alice leads on her own, unextended, 72 hours.
    expect((await bid(gameId, bob.token)).status).toBe(200);
    const leading = await view(gameId, alice.token);
    expect(leading.body.state.pending).toMatchObject({ kind: 'turn', seat: 0, deadline: iso(clock.now() + 3 * DAY) });
    expect(leading.body.state.pending.lateParts).toBeUndefined();
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    // A window opened during the vacation: Bob's part starts when he is back.
    const opened = clock.now();
    const round1 = await view(gameId, bob.token);
    expect(round1.body.state.pending).toMatchObject({
      kind: 'simultaneous',
      deadline: iso(opened + DAY),
      lateParts: [{ seat: 1, deadline: iso(from + 3 * DAY) }],
    });
    for (const player of [alice, bob]) expect((await bid(gameId, player.token)).status).toBe(200);
    // Round 1's leader is Bob: his turn opened during the vacation too.
    expect((await view(gameId, bob.token)).body.state.pending).toMatchObject({ kind: 'turn', seat: 1, deadline: iso(from + 5 * DAY) });
    expect((await move(gameId, bob.token, { type: 'double' })).status).toBe(200);
    const final = (await verifyThroughApi(client, gameId, alice.token, sealedBids)).state;
    expect(final.finished).toBe(true);
    expect(final.vacations).toEqual([null, { leftAt: from, backAt: from + 2 * DAY }]);
  });

  it("closes a shared window for the others on time and defaults the absent player's part only at the extended deadline", async () => {
    const { alice, bob, gameId } = await table().game(1, { deadlines: 'daily' });
    const start = clock.now();
    expect((await vacation(bob.token, clock.now() + 3 * DAY)).status).toBe(201);

    clock.advance(DAY);
    // Alice did not bid: her part closes on time with the default; Bob's waits for him.
    const split = await view(gameId, alice.token);
    expect(split.body.state.pending).toMatchObject({ kind: 'simultaneous', submitted: [0], othersClosed: true, deadline: iso(start + 4 * DAY) });
    expect(split.body.state.board.yourBid).not.toBeNull();
    const refused = await bid(gameId, alice.token);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('not-your-turn');
    // As Bob sees it: Alice's default bid was placed (its card hidden), none for him.
    const timeout = (await commits(gameId, bob.token)).at(-1);
    expect(timeout.actor).toEqual({ kind: 'system' });
    expect(timeout.events.filter((e: { type: string }) => e.type === 'bid-placed')).toEqual([{ type: 'bid-placed', seat: 0 }]);
    // Only Alice's streak counts a timeout.
    expect((await view(gameId, alice.token)).body.absence).toEqual({ timeoutStreaks: [1, 0], seatsUnderBot: [] });

    clock.advance(3 * DAY - SECOND);
    expect((await view(gameId, alice.token)).body.state.pending.kind).toBe('simultaneous');
    clock.advance(SECOND);
    // Bob's extended deadline: his bid is defaulted, the bids are revealed and Alice leads.
    const after = await view(gameId, alice.token);
    expect(after.body.state.pending).toMatchObject({ kind: 'turn', seat: 0, deadline: iso(start + 7 * DAY) });
    // Each part's default counted one timeout for its own seat.
    expect(after.body.absence).toEqual({ timeoutStreaks: [1, 1], seatsUnderBot: [] });
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    const final = (await verifyThroughApi(client, gameId, alice.token, sealedBids)).state;
    expect(final.absence?.streak).toEqual([0, 1]);
  });

  it('leaves a table that chose strict clocks (vacation: false) untouched', async () => {
    const { alice, bob, gameId, table: rules } = await table().game(1, { deadlines: 'daily', table: { vacation: false } });
    expect(rules).toMatchObject({ vacation: false });
    const before = (await view(gameId, alice.token)).body;
    const away = await vacation(bob.token, clock.now() + 2 * DAY);
    expect(away.status).toBe(201);
    expect(away.body.games).toEqual([]);
    const after = (await view(gameId, alice.token)).body;
    expect(after.version).toBe(before.version);
    expect(after.state.pending).toEqual(before.state.pending);
    clock.advance(DAY);
    // Bob's bid is defaulted on time, vacation or not.
    expect((await view(gameId, alice.token)).body.state.pending).toMatchObject({ kind: 'turn', seat: 0 });
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    expect((await verifyThroughApi(client, gameId, alice.token, sealedBids)).state.vacations).toBeUndefined();
  });

  it('refuses a vacation beyond the allowance, in the past or while one runs, changing nothing', async () => {
    const { alice, bob, gameId } = await table().game(1, { deadlines: 'daily' });
    const before = (await view(gameId, alice.token)).body;
    const tooLong = await vacation(bob.token, clock.now() + 21 * DAY + SECOND);
    expect(tooLong.status).toBe(422);
    expect(tooLong.headers.get('content-type')).toContain('application/problem+json');
    expect(tooLong.body).toMatchObject({ code: 'vacation-allowance-exceeded', days: 22, remainingDays: 21 });
    const past = await vacation(bob.token, clock.now() - SECOND);
    expect(past.status).toBe(422);
    expect(past.body.code).toBe('vacation-in-past');
    expect((await client.get('/v1/players/me/vacation', { token: bob.token })).body).toMatchObject({ usedDays: 0, remainingDays: 21, current: null });
    expect((await view(gameId, alice.token)).body.version).toBe(before.version);

    expect((await vacation(bob.token, clock.now() + 20 * DAY)).status).toBe(201);
    const again = await vacation(bob.token, clock.now() + DAY);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('vacation-running');
    expect((await endVacation(bob.token)).status).toBe(200);
    // Ended at once: all 20 days back; then a second one of 21 days fits, a 22nd day does not.
    expect((await vacation(bob.token, clock.now() + 22 * DAY)).body.code).toBe('vacation-allowance-exceeded');
    expect((await endVacation(bob.token)).body.code).toBe('no-vacation-running');
  });

  it('ends a vacation early: unused whole days come back and the deadlines are pulled in by the time not taken', async () => {
    const { alice, bob, gameId } = await table().game(2, { deadlines: 'daily' });
    for (const player of [alice, bob]) expect((await bid(gameId, player.token)).status).toBe(200);
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    for (const player of [alice, bob]) expect((await bid(gameId, player.token)).status).toBe(200);
    // Bob leads round 1 on 72 hours.
    const turnDeadline = (await view(gameId, bob.token)).body.state.pending.deadline;
    expect(turnDeadline).toBe(iso(clock.now() + 3 * DAY));
    const from = clock.now();
    expect((await vacation(bob.token, from + 3 * DAY)).body.usedDays).toBe(3);
    expect((await view(gameId, bob.token)).body.state.pending.deadline).toBe(iso(Date.parse(turnDeadline) + 3 * DAY));

    clock.advance(DAY + 12 * HOUR);
    const back = await endVacation(bob.token);
    expect(back.status, back.text).toBe(200);
    // A day and a half away: one whole unused day refunded, two spent.
    expect(back.body).toMatchObject({ usedDays: 2, remainingDays: 19, refundedDays: 1, current: null, games: [{ gameId }] });
    expect((await view(gameId, bob.token)).body.state.pending.deadline).toBe(iso(Date.parse(turnDeadline) + DAY + 12 * HOUR));
    const ended = (await commits(gameId, bob.token)).at(-1).events[0];
    expect(ended).toEqual({
      type: 'vacation',
      seat: 1,
      away: { leftAt: iso(from), backAt: iso(clock.now()) },
      shifts: [
        {
          pendingId: expect.any(String),
          seat: 1,
          fromDeadline: iso(Date.parse(turnDeadline) + 3 * DAY),
          toDeadline: iso(Date.parse(turnDeadline) + DAY + 12 * HOUR),
        },
      ],
    });
    expect((await view(gameId, bob.token)).body.vacations).toEqual([]);
    expect((await move(gameId, bob.token, { type: 'pass' })).status).toBe(200);
    (await verifyThroughApi(client, gameId, alice.token, sealedBids)).state;
  });

  it('pauses a running bank: the vacation is not charged and the bank runs out that much later', async () => {
    const deadlines = { bank: { initialSeconds: 2 * 86_400, incrementSeconds: 3600, maxSeconds: 3 * 86_400 }, windowSeconds: 86_400 };
    const { alice, bob, gameId } = await table().game(2, { deadlines });
    for (const player of [alice, bob]) expect((await bid(gameId, player.token)).status).toBe(200);
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    for (const player of [alice, bob]) expect((await bid(gameId, player.token)).status).toBe(200);
    // Bob leads on his full 2-day bank; he thinks for 6 hours, then leaves for a day.
    clock.advance(6 * HOUR);
    const from = clock.now();
    expect((await vacation(bob.token, from + DAY)).status).toBe(201);
    const paused = await view(gameId, alice.token);
    expect(paused.body.clocks.seats[1]).toEqual({ seat: 1, bankSeconds: 42 * 3600, running: true, runsOutAt: iso(from + DAY + 42 * HOUR) });
    expect(paused.body.state.pending.deadline).toBe(iso(from + DAY + 42 * HOUR));
    clock.advance(DAY + 2 * HOUR);
    // Back for 2 hours: 40 hours left, the vacation day not charged.
    expect((await view(gameId, alice.token)).body.clocks.seats[1]).toMatchObject({ bankSeconds: 40 * 3600, running: true });
    expect((await move(gameId, bob.token, { type: 'pass' })).status).toBe(200);
    const final = (await verifyThroughApi(client, gameId, alice.token, sealedBids)).state;
    expect(final.clocks?.bankMs[1]).toBe(40 * HOUR + HOUR);
  });
});
