import { followUpsAfter } from '@valeria-tabletop/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, legalMovesFor, Rng, rngStateFromSeed } from '../../core/engine/index.js';
import { whyNotUndoable } from '../../core/table/index.js';
import { valeriaCardKingdoms } from '../../core/games/valeria-card-kingdoms/index.js';
import type { VckMove } from '../../core/games/valeria-card-kingdoms/moves.js';
import type { VckState } from '../../core/games/valeria-card-kingdoms/state.js';
import { startApi, storeOf, type RunningApi } from '../support/api.js';
import { playToEnd, verifyThroughApi } from '../support/api-players.js';
import { TrueState } from '../support/true-state.js';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'api-vck') });
});
afterAll(() => api.close());

async function startGame(seats: number, options: Record<string, unknown>) {
  const { client } = api;
  const players = await Promise.all(Array.from({ length: seats }, (_, i) => client.register(`Player ${i}`)));
  const created = await client.post('/v1/games', { token: players[0]!.token, body: { game: 'valeria-card-kingdoms', seats, options, deadlines: 'daily' } });
  expect(created.status).toBe(201);
  const gameId: string = created.body.gameId;
  for (const p of players.slice(1)) expect((await client.post(`/v1/games/${gameId}/join`, { token: p.token, body: {} })).status).toBe(200);
  return { gameId, clients: players.map((p, seat) => ({ seat, token: p.token })) };
}

describe('Valeria: Card Kingdoms through the API (DynamoDB Local, real HTTP)', () => {
  it('plays a whole 4-player game with harvest windows; Dukes stay secret until the end; verify replays it', async () => {
    const { client, ctx } = api;
    const { gameId, clients } = await startGame(4, {});
    const harvestWindows = new Set<string>();
    let dukeChecks = 0;
    const truth = await TrueState.of<VckState>(ctx, gameId, valeriaCardKingdoms);
    const moves = await playToEnd(client, gameId, clients, {
      onResponse: async (seat, reply) => {
        const state = await truth.catchUp();
        if (state.pending?.kind === 'simultaneous' && state.pending.step === 'harvest') harvestWindows.add(state.pending.id);
        if (state.finished) return;
        // VK-R4: another player's Duke (kept or offered) is never named before the end.
        const hidden = state.players.flatMap((p, s) => (s === seat ? [] : [p.duke, ...p.dukeOffer])).filter((d): d is string => d !== null);
        for (const duke of hidden) expect(reply.text, `seat ${seat} sees another player's Duke`).not.toContain(`"${duke}"`);
        dukeChecks += hidden.length;
      },
    });
    expect(moves).toBeGreaterThan(40);
    expect(harvestWindows.size, 'harvest windows were opened and answered').toBeGreaterThan(0);
    expect(dukeChecks).toBeGreaterThan(0);
    const final = await client.get(`/v1/games/${gameId}`, { token: clients[0]!.token });
    expect(final.body.state.score.winners.length).toBeGreaterThan(0);
    await verifyThroughApi(client, gameId, clients[1]!.token, valeriaCardKingdoms);
  });

  it('plays a solo game against the Dark Lord to its verdict', async () => {
    const { client } = api;
    const { gameId, clients } = await startGame(1, {});
    await playToEnd(client, gameId, clients);
    const final = await client.get(`/v1/games/${gameId}`, { token: clients[0]!.token });
    expect(final.body.state.finished).toBe(true);
    expect(typeof final.body.state.score.verdict).toBe('string');
    await verifyThroughApi(client, gameId, clients[0]!.token, valeriaCardKingdoms);
  });

  it('lists, for each first action of a turn, the second actions it allows in one batch: each is accepted with it, one not listed is refused, and a first that would show a hidden card goes alone', async () => {
    const { client, ctx } = api;
    const { gameId, clients } = await startGame(2, { setup: 'random' });
    const truth = await TrueState.of<VckState>(ctx, gameId, valeriaCardKingdoms);
    const rng = new Rng(rngStateFromSeed('vck-follow-ups'));
    const same = (a: unknown) => (b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const decide = (state: VckState, seat: number, move: VckMove) => execute(valeriaCardKingdoms, state, { type: 'move', seat, move, at: Date.now() });
    const tally = { firsts: 0, pairs: 0, alone: 0, refused: 0, batches: 0 };
    for (let step = 0; ; step++) {
      expect(step).toBeLessThan(2000);
      const view = await client.get(`/v1/games/${gameId}`, { token: clients[0]!.token });
      if (view.body.state.finished) break;
      const actor = clients.find((c) => view.body.state.awaiting.includes(c.seat))!;
      const listed = await client.get(`/v1/games/${gameId}/moves`, { token: actor.token });
      const moves: VckMove[] = listed.body.moves;
      expect(listed.body.followUps, 'a game that batches its turn always lists follow-ups').toBeDefined();
      const pooled = moves.length + listed.body.followUps.moves.length;
      expect(
        Object.values<number[]>(listed.body.followUps.after)
          .flat()
          .every((at) => at < pooled),
      ).toBe(true);
      const post = (batch: VckMove[]) =>
        client.post(`/v1/games/${gameId}/moves`, { token: actor.token, body: { moves: batch }, headers: { 'if-match': `"${listed.body.version}"` } });
      const state = await truth.catchUp();
      const plans = moves.map((first, index) => ({ first, seconds: followUpsAfter<VckMove>(listed.body, index) }));
      for (const { first, seconds } of plans) {
        const decided = decide(state, actor.seat, first);
        if (!decided.ok) expect.fail(`listed ${JSON.stringify(first)} refused: ${decided.code}`);
        if (seconds.length === 0) {
          // Alone: after it the seat acts at another step (or not at all), or it turned something up.
          const sameStep = decided.state.pending?.step === state.pending?.step && legalMovesFor(valeriaCardKingdoms, decided.state, actor.seat).length > 0;
          expect(!sameStep || whyNotUndoable(valeriaCardKingdoms, state, decided.state, decided.events, actor.seat) !== null, JSON.stringify(first)).toBe(true);
          if (first.type === 'slay' || first.type === 'build') tally.alone++;
          continue;
        }
        if (state.pending?.step === 'action') tally.firsts++;
        for (const second of seconds) {
          const both = decide(decided.state, actor.seat, second);
          expect(both.ok, `${JSON.stringify(second)} after ${JSON.stringify(first)}`).toBe(true);
          tally.pairs++;
        }
      }
      const planned = plans.filter(({ seconds }) => seconds.length > 0);
      if (planned.length > 0) {
        // Through the API: a move listed before the first but not after it is refused with it, and nothing is played.
        const refusable = planned.flatMap(({ first, seconds }) => moves.filter((m) => !seconds.some(same(m))).map((second) => [first, second]));
        if (refusable.length > 0) {
          const refused = await post(rng.pick(refusable));
          expect(refused.status, refused.text).toBe(422);
          expect(refused.body.moveIndex).toBe(1);
          tally.refused++;
        }
        const { first, seconds } = rng.pick(planned);
        expect((await post([first, rng.pick(seconds)])).status).toBe(200);
        tally.batches++;
        continue;
      }
      const played = await post([rng.pick(moves)]);
      expect(played.status, played.text).toBe(200);
    }
    expect(tally.firsts).toBeGreaterThan(0);
    expect(tally.pairs).toBeGreaterThan(tally.firsts);
    expect(tally.alone).toBeGreaterThan(0);
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.batches).toBeGreaterThan(0);
  });
});
