import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { villagePillage } from '../../core/games/village-pillage/index.js';
import type { VpState } from '../../core/games/village-pillage/state.js';
import { startApi, storeOf, type RunningApi } from '../support/api.js';
import { playToEnd, verifyThroughApi } from '../support/api-players.js';
import { TrueState } from '../support/true-state.js';

let api: RunningApi;
beforeAll(async () => {
  api = await startApi({ store: await storeOf('dynamodb', 'api-vp') });
});
afterAll(() => api.close());

/** Every object in a JSON document, depth first. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const item of value) yield* objectsIn(item);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const child of Object.values(value)) yield* objectsIn(child);
  }
}

describe('Village Pillage through the API (DynamoDB Local, real HTTP)', () => {
  it('plays a whole 4-player game, each plan sent separately and secret until the reveal; verify replays it', async () => {
    const { client, ctx } = api;
    const players = await Promise.all([0, 1, 2, 3].map((i) => client.register(`Villager ${i}`)));
    const gameId = (await client.post('/v1/games', { token: players[0]!.token, body: { game: 'village-pillage', seats: 4, deadlines: 'daily' } })).body.gameId;
    for (const p of players.slice(1)) expect((await client.post(`/v1/games/${gameId}/join`, { token: p.token, body: {} })).status).toBe(200);
    const truth = await TrueState.of<VpState>(ctx, gameId, villagePillage);
    let secretChecks = 0;
    const revealedWindows = new Set<string>();
    const moves = await playToEnd(
      client,
      gameId,
      players.map((p, seat) => ({ seat, token: p.token })),
      {
        onResponse: async (viewer, reply) => {
          const state = await truth.catchUp((event, seq) => {
            if (event.type === 'plans-revealed') revealedWindows.add(`round-${seq}`);
          });
          // VP-R3: while the plan window is open, nobody sees another seat's plan: not in a view
          // (hands are public in this game; placement is not), not in an event.
          if (state.pending?.kind !== 'simultaneous') return;
          const seen = reply.body?.state?.board?.players as { plan: unknown; queue: unknown }[] | undefined;
          seen?.forEach((player, seat) => {
            if (seat === viewer) return;
            expect(player.plan, `seat ${viewer} sees seat ${seat}'s plan`).toBeNull();
            expect(player.queue).toBeNull();
            if (state.plans[seat] !== null) secretChecks++;
          });
          for (const object of objectsIn(reply.body)) {
            if (object.type === 'plan-submitted' && object.seat !== viewer) {
              expect(Object.keys(object).sort()).toEqual(['seat', 'type']);
              secretChecks++;
            }
          }
        },
      },
    );
    expect(moves).toBeGreaterThan(20);
    expect(secretChecks).toBeGreaterThan(20);
    expect(revealedWindows.size).toBeGreaterThan(3);
    const final = await client.get(`/v1/games/${gameId}`, { token: players[0]!.token });
    expect(final.body.state.finished).toBe(true);
    expect(final.body.state.score.winners.length).toBeGreaterThan(0);
    const verified = await verifyThroughApi(client, gameId, players[2]!.token, villagePillage);
    expect(verified.state).toEqual(truth.state);
  });
});
