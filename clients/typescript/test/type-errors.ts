/**
 * Mistakes the client's types must refuse. `tsc -p clients/typescript`
 * (run by typecheck.test.ts) fails on an `@ts-expect-error` line that
 * compiles, so each line below proves its mistake is caught; the correct
 * twin beside it proves the type is not simply refusing everything.
 */
import type { Move, NewGame, ValeriaClient } from '@valeria-tabletop/client';

export const plan: Move = { type: 'plan', left: 'Farmer', right: 'Wall' };
// @ts-expect-error No game has a move called `fly`.
export const flying: Move = { type: 'fly' };
// @ts-expect-error Village Pillage's plan has `left`, not `lefft`.
export const misspeltPlan: Move = { type: 'plan', lefft: 'Farmer', right: 'Wall' };

export const pillage: NewGame = { game: 'village-pillage', seats: 2 };
// @ts-expect-error `chess` is not a game this API offers.
export const chess: NewGame = { game: 'chess', seats: 2 };

/** The same mistakes through the client's own methods. */
export async function throughTheClient(client: ValeriaClient, gameId: string): Promise<void> {
  await client.play(gameId, [{ type: 'plan', left: 'Farmer', right: 'Wall' }]);
  // @ts-expect-error No game has a move called `fly`.
  await client.play(gameId, [{ type: 'fly' }]);
  await client.createGame({ game: 'valeria-card-kingdoms', seats: 3 });
  // @ts-expect-error `chess` is not a game this API offers.
  await client.createGame({ game: 'chess', seats: 2 });
}
