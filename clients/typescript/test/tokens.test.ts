import { ProblemError, ValeriaClient } from '@valeria-tabletop/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApi, storeOf, type RunningApi } from '../../../test/support/api.js';
import { conformingFetch, publishedContract } from '../../../test/support/conformance.js';

/** A read-only token made, used and revoked through the typed client only, as the README shows it. */
let api: RunningApi;
let anonymous: ValeriaClient;

beforeAll(async () => {
  api = await startApi({ store: await storeOf('memory', 'typed-tokens') });
  anonymous = new ValeriaClient({ baseUrl: api.url, fetch: conformingFetch(await publishedContract()) });
});
afterAll(() => api.close());

it('makes a read-only token that reads a game but cannot play it, then revokes it', async () => {
  const ann = anonymous.withToken((await anonymous.register('Ann')).token);
  const { gameId } = await ann.createGame({ game: 'village-pillage', seats: 2, deadlines: 'daily' });
  await ann.addBot(gameId, 'greedy');

  const { token, tokenId, scopes } = await ann.createToken('stats site', ['games:read']);
  expect(scopes).toEqual(['games:read']);
  const reader = anonymous.withToken(token);
  expect((await reader.view(gameId)).view.gameId).toBe(gameId);
  const listed = await reader.legalMoves(gameId);
  const refused = await reader.playListed(listed, listed.moves[0]!).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ProblemError);
  expect(refused).toMatchObject({ code: 'insufficient-scope', problem: { scope: 'games:play' } });

  expect((await ann.tokens()).tokens.map((t) => [t.label, t.scopes, t.lastUsedAt !== null])).toEqual([['stats site', ['games:read'], true]]);
  await ann.revokeToken(tokenId);
  await expect(reader.view(gameId)).rejects.toMatchObject({ code: 'invalid-token' });
  expect((await ann.tokens()).tokens).toEqual([]);
});
