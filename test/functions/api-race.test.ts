import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '../../core/engine/index.js';
import { tableGame } from '../../core/table/index.js';
import { loadLive } from '../../functions/service/pipeline.js';
import type { Commit } from '../../functions/store/port.js';
import { startApi, storeOf, STORE_KINDS, type RunningApi } from '../support/api.js';
import { sealedBids, sealedBidsListing } from '../support/sealed-bids.js';

/**
 * 20 clients race moves on one game: four clients per seat of a five-seat
 * game, each looping "read my legal moves, send one" without pinning a
 * version. Whatever interleaving the store sees, the log must come out gapless,
 * with every acknowledged move committed exactly once, in the order it was
 * acknowledged, and the state must equal the replay of the log.
 */
const SEATS = 5;
const CLIENTS_PER_SEAT = 4;

describe.each(STORE_KINDS)('20 racing clients on the %s store', (storeKind) => {
  let api: RunningApi;
  beforeAll(async () => {
    // A small snapshot interval so loads cross snapshots while the race runs.
    api = await startApi({ store: await storeOf(storeKind, 'race'), games: [sealedBidsListing], snapshotEvery: 7 });
  });
  afterAll(() => api.close());

  it('loses, duplicates and reorders nothing', async () => {
    const { client } = api;
    const players = await Promise.all(Array.from({ length: SEATS }, (_, i) => client.register(`P${i}`)));
    const gameId = (
      await client.post('/v1/games', { token: players[0]!.token, body: { game: 'sealed-bids', seats: SEATS, options: { rounds: 4 }, deadlines: 'daily' } })
    ).body.gameId;
    for (const p of players.slice(1)) expect((await client.post(`/v1/games/${gameId}/join`, { token: p.token, body: {} })).status).toBe(200);

    const acknowledged: { client: number; version: number }[] = [];
    const refusals = new Map<string, number>();
    const race = async (clientIndex: number) => {
      const { token } = players[clientIndex % SEATS]!;
      for (let i = 0; i < 200; i++) {
        const legal = await client.get(`/v1/games/${gameId}/moves`, { token });
        const view = await client.get(`/v1/games/${gameId}`, { token });
        if (view.body.state.finished) return;
        const [move] = legal.body.moves;
        if (!move) continue;
        const reply = await client.post(`/v1/games/${gameId}/moves`, { token, body: { moves: [move] } });
        if (reply.status === 200) acknowledged.push({ client: clientIndex, version: reply.body.version });
        else {
          // Losing a race is fine; a server error or a malformed answer is not.
          expect([409, 422]).toContain(reply.status);
          refusals.set(reply.body.code, (refusals.get(reply.body.code) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: SEATS * CLIENTS_PER_SEAT }, (_, i) => race(i)));

    const commits: Commit[] = [];
    for (;;) {
      const page = await api.ctx.store.readCommits(gameId, commits.at(-1)?.seq ?? 0, 50);
      if (page.length === 0) break;
      commits.push(...page);
    }
    // Gapless.
    expect(commits.map((c) => c.seq)).toEqual(commits.map((_, i) => i + 1));
    // Every acknowledged move is exactly one commit by a player, and nothing else is.
    const playerCommits = commits.filter((c) => (c.command as { type: string }).type === 'moves').map((c) => c.seq);
    expect(acknowledged.map((a) => a.version).sort((a, b) => a - b)).toEqual(playerCommits);
    // Each client's acknowledgements come in increasing version order (no reordering).
    for (let i = 0; i < SEATS * CLIENTS_PER_SEAT; i++) {
      const mine = acknowledged.filter((a) => a.client === i).map((a) => a.version);
      expect(mine).toEqual([...mine].sort((a, b) => a - b));
    }
    // The state the service works from equals a replay of the whole log from the start.
    const live = await loadLive(api.ctx, gameId);
    const header = live.header;
    const replayed = replay(
      tableGame(sealedBids),
      { seats: SEATS, options: header.options as never, deadlines: header.deadlines, seed: header.seed, at: header.startedAt as number },
      commits.flatMap((c) => c.events) as never,
    );
    expect(live.state).toEqual(replayed);
    expect(live.state?.finished).toBe(true);
    expect(live.version).toBe(commits.length);
    // The race did happen: some moves lost it and were refused or re-decided.
    expect(acknowledged.length).toBeGreaterThan(4 * SEATS);
  });
});
