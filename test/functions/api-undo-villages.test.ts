import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, storeOf, type ApiClient, type RunningApi } from '../support/api.js';

interface Pending {
  readonly kind: string;
  readonly step: string;
  readonly seat?: number;
  readonly seats?: number[];
  readonly submitted?: number[];
}

const awaitedSeat = (pending: Pending) => pending.seat ?? (pending.seats ?? []).find((seat) => !(pending.submitted ?? []).includes(seat));

/**
 * Safe undo in a real game over HTTP on DynamoDB Local: a lead Harvest turns
 * nothing up (its draws are still owed), so it can be taken back; the draw
 * from the deck shows its drawer a card, so it cannot. (A Build lays a hand
 * card on the table, so it cannot either: api-undo-leaks.test.ts.)
 */
describe('safe undo in Villages of Valeria over HTTP on DynamoDB Local', () => {
  let api: RunningApi;
  let client: ApiClient;
  beforeAll(async () => {
    api = await startApi({ store: await storeOf('dynamodb', 'api-undo-vv') });
    client = api.client;
  });
  afterAll(() => api.close());

  it('takes back a lead Harvest, and refuses to take back the draw from the deck it owes', async () => {
    const players = [await client.register('Ann'), await client.register('Ben')];
    const created = await client.post('/v1/games', { token: players[0]!.token, body: { game: 'villages-of-valeria', seats: 2, deadlines: 'daily' } });
    const gameId: string = created.body.gameId;
    expect(created.body.table.undo).toBe(true);
    expect((await client.post(`/v1/games/${gameId}/join`, { token: players[1]!.token, body: {} })).status).toBe(200);
    const play = async (token: string, move: unknown) => {
      const answer = await client.post(`/v1/games/${gameId}/moves`, { token, body: { moves: [move] } });
      expect(answer.status, answer.text).toBe(200);
      return answer;
    };

    for (let step = 0; step < 200; step++) {
      const table = await client.get(`/v1/games/${gameId}`, { token: players[0]!.token });
      const pending = table.body.state.pending as Pending;
      const token = players[awaitedSeat(pending) as number]!.token;
      const moves = (await client.get(`/v1/games/${gameId}/moves`, { token })).body.moves as { type: string; from?: unknown }[];
      if (pending.step !== 'lead') {
        await play(token, moves[0]);
        continue;
      }
      const before = await client.get(`/v1/games/${gameId}`, { token });
      const harvest = await play(token, { type: 'harvest' });
      expect(harvest.body.commit.events.map((event: { type: string }) => event.type)).not.toContain('drew');

      const undone = await client.post(`/v1/games/${gameId}/undo`, { token, body: { version: harvest.body.version } });
      expect(undone.status, undone.text).toBe(200);
      expect(undone.body.commit.events[0]).toEqual({ type: 'undone', version: harvest.body.version });
      const after = await client.get(`/v1/games/${gameId}`, { token });
      expect(after.body.version).toBe(harvest.body.version + 1);
      expect(after.body.state).toEqual(before.body.state);

      // The Harvest again, then the draw it owes: a card turned up from the deck stays seen.
      await play(token, { type: 'harvest' });
      const drawn = await play(token, { type: 'draw', from: 'deck' });
      expect(drawn.body.commit.events.map((event: { type: string }) => event.type)).toContain('drew');
      const refused = await client.post(`/v1/games/${gameId}/undo`, { token, body: { version: drawn.body.version } });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('undo-not-allowed');
      expect(refused.body.reason).toContain('drew');
      expect((await client.get(`/v1/games/${gameId}`, { token })).body.version).toBe(drawn.body.version);
      return;
    }
    expect.fail('no lead came up in 200 moves');
  });
});
