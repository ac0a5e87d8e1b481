import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valeriaCardKingdoms } from '../../core/games/valeria-card-kingdoms/index.js';
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
});
