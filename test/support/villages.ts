import { expect } from 'vitest';
import type { Reply, RequestOptions } from './api.js';

/** Anything that answers API requests: the HTTP client or the Lambda handler. */
export interface Caller {
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
}

/**
 * Creates a 2-player Villages of Valeria game with short windows and plays it
 * through the API until the first follow window opens (the setup round, then
 * a led Tax). Returns the game and the open window.
 */
export async function openFirstFollowWindow(api: Caller, deadlines: { windowSeconds: number; turnSeconds: number }) {
  const register = async (name: string) => (await api.request('POST', '/v1/players', { body: { name } })).body.token as string;
  const tokens = [await register('Una'), await register('Vic')];
  const created = await api.request('POST', '/v1/games', { token: tokens[0], body: { game: 'villages-of-valeria', seats: 2, deadlines } });
  expect(created.status).toBe(201);
  const gameId: string = created.body.gameId;
  expect((await api.request('POST', `/v1/games/${gameId}/join`, { token: tokens[1], body: {} })).status).toBe(200);
  for (let step = 0; step < 40; step++) {
    const view = await api.request('GET', `/v1/games/${gameId}`, { token: tokens[0] });
    const pending = view.body.state.pending;
    if (pending.kind === 'sequential')
      // The API gives the deadline as RFC 3339; callers wait on the clock in epoch milliseconds.
      return {
        gameId,
        tokens,
        version: view.body.version as number,
        window: { id: pending.id as string, seat: pending.seat as number, deadline: Date.parse(pending.deadline) },
      };
    const seat: number = view.body.state.awaiting[0];
    const legal = (await api.request('GET', `/v1/games/${gameId}/moves`, { token: tokens[seat] })).body.moves as { type: string; from?: unknown }[];
    const move =
      legal.find((m) => m.type === 'tax') ??
      legal.find((m) => m.type === 'draw' && m.from === 'deck') ??
      legal.find((m) => m.type === 'end-powers') ??
      legal[0];
    const sent = await api.request('POST', `/v1/games/${gameId}/moves`, { token: tokens[seat], body: { moves: [move] } });
    expect(sent.status, sent.text).toBe(200);
  }
  throw new Error('no follow window opened');
}
