import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocalNotifier, type LocalNotifier } from '../../functions/push/runners/local.js';
import { manualClock, startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';
import { verifyThroughApi } from '../support/api-players.js';

const SECOND = 1000;

/** Absent players replaced by the greedy bot and reclaiming their seats, over HTTP on DynamoDB Local. */
describe('absent players over HTTP on DynamoDB Local', () => {
  const clock = manualClock();
  let api: RunningApi;
  let client: ApiClient;
  let notifier: LocalNotifier;

  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-absence', clock.now), games: [sealedBidsListing], clock: clock.now, pollIntervalMs: 20 });
    client = api.client;
    notifier = runLocalNotifier(api.ctx, [], {
      onError: (error) => {
        throw error;
      },
    });
  });
  afterAll(async () => {
    notifier.stop();
    await api.close();
  });

  /** What the notifications of one player say about seats changing hands in this game. */
  async function handovers(gameId: string, token: string) {
    await notifier.idle();
    const { notifications } = (await client.get('/v1/notifications?limit=100', { token })).body;
    return notifications
      .filter((n: { gameId?: string; type: string }) => n.gameId === gameId && n.type.startsWith('seat-'))
      .map((n: { type: string; replaced?: unknown; reclaimed?: unknown }) => [n.type, n.replaced ?? n.reclaimed]);
  }

  const deadlines = { bank: { initialSeconds: 20, incrementSeconds: 5, maxSeconds: 30 }, windowSeconds: 10 };

  const game = (rounds: number, replaceAfterTimeouts: number) => sealedTable(client).game(rounds, { deadlines, table: { replaceAfterTimeouts } });
  const view = (gameId: string, token: string) => sealedTable(client).view(gameId, token);
  const move = (gameId: string, token: string, body: unknown) => sealedTable(client).move(gameId, token, body);
  const bid = (gameId: string, token: string) => sealedTable(client).bid(gameId, token);
  const reclaim = (gameId: string, token: string) => client.post(`/v1/games/${gameId}/reclaim`, { token });

  it('hands a seat to the greedy bot after N consecutive timeouts, tells everyone in the log, and gives it back on reclaim', async () => {
    const { alice, bob, gameId } = await game(4, 2);
    await bid(gameId, alice.token);
    clock.advance(10 * SECOND);
    // Bob's bid was defaulted: one timeout.
    expect((await view(gameId, alice.token)).body.absence).toEqual({ timeoutStreaks: [0, 1], seatsUnderBot: [] });
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    await bid(gameId, alice.token);
    clock.advance(10 * SECOND);
    // Second timeout: the bot takes Bob's seat and at once plays his lead and his next bid, on his clock.
    const replaced = await view(gameId, alice.token);
    expect(replaced.body.absence).toEqual({ timeoutStreaks: [0, 2], seatsUnderBot: [1] });
    expect(replaced.body.state.board.round).toBe(2);
    expect(replaced.body.state.pending).toMatchObject({ kind: 'simultaneous', submitted: [1] });
    const log = (await client.get(`/v1/games/${gameId}/events?after=0`, { token: alice.token })).body.commits;
    const handover = log.find((c: { events: { type: string; change?: unknown }[] }) => c.events.some((e) => e.type === 'absence' && e.change));
    expect(handover.actor).toEqual({ kind: 'system' });
    expect(handover.events).toEqual([{ type: 'absence', absence: { streak: [0, 2], replaced: [1] }, change: { kind: 'replaced', seat: 1, afterTimeouts: 2 } }]);
    expect(log.filter((c: { actor: { kind: string } }) => c.actor.kind === 'bot').length).toBe(2);

    const back = await reclaim(gameId, bob.token);
    expect(back.status, back.text).toBe(200);
    expect(back.body.commit.events[0].change).toEqual({ kind: 'reclaimed', seat: 1 });
    expect((await view(gameId, bob.token)).body.absence).toEqual({ timeoutStreaks: [0, 0], seatsUnderBot: [] });
    expect((await reclaim(gameId, bob.token)).body.code).toBe('seat-not-replaced');
    // Everyone was told, the absent player included (both at the same instant here, so in either order).
    for (const player of [alice, bob])
      expect((await handovers(gameId, player.token)).sort()).toEqual([
        ['seat-reclaimed', { seat: 1, name: 'Bob' }],
        ['seat-replaced', { seat: 1, name: 'Bob', afterTimeouts: 2 }],
      ]);

    // Bob plays again himself: the bot's bid stands, Alice closes the window and leads, Bob leads the last round.
    await bid(gameId, alice.token);
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    await bid(gameId, alice.token);
    await bid(gameId, bob.token);
    expect((await move(gameId, bob.token, { type: 'double' })).status).toBe(200);
    const { state: final } = await verifyThroughApi(client, gameId, bob.token, sealedBids);
    expect(final.finished).toBe(true);
    expect(final.absence).toEqual({ streak: [0, 0], replaced: [] });
  });

  it('records the seats that ended under a bot in the result', async () => {
    const { alice, bob, gameId } = await game(2, 1);
    await bid(gameId, alice.token);
    clock.advance(10 * SECOND);
    expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    await bid(gameId, alice.token);
    const ended = await view(gameId, bob.token);
    expect(ended.body.state.finished).toBe(true);
    expect(ended.body.absence.seatsUnderBot).toEqual([1]);
    expect((await reclaim(gameId, bob.token)).body.code).toBe('game-finished');
  });

  it('never replaces anyone when the table says 0', async () => {
    const { alice, gameId } = await game(3, 0);
    for (let round = 0; round < 2; round++) {
      await bid(gameId, alice.token);
      clock.advance(10 * SECOND);
      await view(gameId, alice.token);
      if (round === 0) expect((await move(gameId, alice.token, { type: 'pass' })).status).toBe(200);
    }
    clock.advance(30 * SECOND);
    const after = await view(gameId, alice.token);
    expect(after.body.absence.timeoutStreaks[1]).toBeGreaterThanOrEqual(3);
    expect(after.body.absence.seatsUnderBot).toEqual([]);
  });
});
