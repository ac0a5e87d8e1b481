import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../functions/store/port.js';
import { manualClock, startApi, STORE_KINDS, storeOf, type RunningApi } from '../support/api.js';
import { sealedBidsListing } from '../support/sealed-bids.js';
import { sealedTable } from '../support/sealed-table.js';

/**
 * The move that ends a game marks its end once: the header is written
 * finished once, and each player's running row retired once — the settle that
 * follows the ending commit in the same request finds the game it holds
 * marked already (before, it marked it again: a second round of header and
 * row writes at every game's end).
 */
describe.each(STORE_KINDS)("a game's end is marked once (%s store)", (kind) => {
  const clock = manualClock();
  let api: RunningApi;
  const finishedHeaders: string[] = [];
  const retired: string[] = [];

  beforeAll(async () => {
    const real = await storeOf(kind, 'api-game-end-once', clock.now);
    const store = new Proxy(real, {
      get(target, name, receiver) {
        if (name === 'replaceHeader')
          return async (...args: Parameters<Store['replaceHeader']>) => {
            if (args[0].status === 'finished') finishedHeaders.push(args[0].gameId);
            return target.replaceHeader(...args);
          };
        if (name === 'retireMembership')
          return async (...args: Parameters<Store['retireMembership']>) => {
            retired.push(args[0]);
            return target.retireMembership(...args);
          };
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    api = await startApi({ store, games: [sealedBidsListing], clock: clock.now });
  });
  afterAll(async () => {
    await api.close();
  });

  it('writes the finished header once and retires each row once', async () => {
    const table = sealedTable(api.client);
    // One round: both bid, then Alice's lead ends the game.
    const { alice, bob, gameId } = await table.game(1, { deadlines: { windowSeconds: 3600, turnSeconds: 3600 } });
    const players = [alice, bob];
    expect((await table.bid(gameId, alice.token)).status).toBe(200);
    expect((await table.bid(gameId, bob.token)).status).toBe(200);
    expect(finishedHeaders).toEqual([]);
    const end = await table.move(gameId, alice.token, { type: 'pass' });
    expect(end.status, end.text).toBe(200);
    expect(end.body.notifications).toEqual([expect.objectContaining({ type: 'game-ended' })]);
    // Reading the ended game marks nothing again either.
    expect((await table.view(gameId, alice.token)).body.status).toBe('finished');

    expect(finishedHeaders).toEqual([gameId]);
    expect(retired.sort()).toEqual(players.map((p) => p.playerId).sort());
    const rows = await api.ctx.store.listFinishedGames(players[0]!.playerId, null, 10);
    expect(rows.map((row) => row.gameId)).toEqual([gameId]);
  });
});
