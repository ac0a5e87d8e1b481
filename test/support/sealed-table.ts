import { expect } from 'vitest';
import type { ApiClient } from './api.js';

/** Two players at a Sealed Bids table over HTTP, and the few calls the clock, undo and absence suites make. */
export function sealedTable(client: ApiClient) {
  const view = (gameId: string, token: string) => client.get(`/v1/games/${gameId}`, { token });
  const move = (gameId: string, token: string, body: unknown) => client.post(`/v1/games/${gameId}/moves`, { token, body: { moves: [body] } });
  return {
    view,
    move,
    /** Bids the first card of the player's hand. */
    bid: async (gameId: string, token: string) => move(gameId, token, { type: 'bid', card: (await view(gameId, token)).body.state.board.hand[0] }),
    /** Alice creates the game with these creation fields, Bob joins; it starts. */
    async game(rounds: number, fields: Record<string, unknown>) {
      const alice = await client.register('Alice');
      const bob = await client.register('Bob');
      const created = await client.post('/v1/games', { token: alice.token, body: { game: 'sealed-bids', seats: 2, options: { rounds }, ...fields } });
      expect(created.status, created.text).toBe(201);
      const gameId: string = created.body.gameId;
      expect((await client.post(`/v1/games/${gameId}/join`, { token: bob.token, body: {} })).status).toBe(200);
      return { alice, bob, gameId, table: created.body.table };
    },
  };
}
