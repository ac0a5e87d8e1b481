import { ValeriaClient, type GameId } from '@valeria-tabletop/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, storeOf, type RunningApi } from '../../../test/support/api.js';
import { conformingFetch, publishedContract } from '../../../test/support/conformance.js';
import { playSeat } from '../examples/reference-bot.js';

/**
 * The reference bot (examples/reference-bot.ts), on a bot account, plays
 * whole games of each game against our greedy bot through the real server
 * (every exchange held to the OpenAPI document): not one move it sends is
 * refused. A few games each here; `npm run bench:reference-bot` plays 100 of
 * each (bench/reference-bot.ts).
 */
const GAMES_EACH = 2;
const GAMES: readonly GameId[] = ['villages-of-valeria', 'valeria-card-kingdoms', 'village-pillage'];

let api: RunningApi;
let bot: ValeriaClient;

beforeAll(async () => {
  api = await startApi({ store: await storeOf('memory', 'reference-bot') });
  const anonymous = new ValeriaClient({ baseUrl: api.url, fetch: conformingFetch(await publishedContract()) });
  const owner = await anonymous.register('Owner');
  bot = anonymous.withToken((await anonymous.register('Reference bot', { botOwner: owner.playerId })).token);
  expect((await bot.me()).kind).toBe('bot');
});
afterAll(() => api.close());

describe('the reference bot on a bot account', () => {
  it.each(GAMES)(`plays ${GAMES_EACH} whole games of %s against the greedy bot with no move refused`, async (game) => {
    for (let i = 0; i < GAMES_EACH; i++) {
      const { gameId } = await bot.createGame({ game, seats: 2, deadlines: 'daily' });
      await bot.addBot(gameId, 'greedy');
      const result = await playSeat(bot, gameId);
      expect(result.refused).toEqual([]);
      expect(result.played).toBeGreaterThan(0);
      const { view } = await bot.view(gameId);
      expect(view.status).toBe('finished');
      expect(view.seats[0]).toMatchObject({ kind: 'player', botAccount: true });
    }
  });
});
