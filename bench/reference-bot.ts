/**
 * `npm run bench:reference-bot` — the reference bot (clients/typescript/
 * examples/reference-bot.ts), on a bot account, plays GAMES (default 100)
 * whole games of each game against our greedy bot, one after another, over
 * real HTTP against the app in this process (in-memory store). Prints, per
 * game, games played, moves sent, moves refused (the figure that must be 0),
 * listings gone stale before the move was sent, and the time taken.
 */
import { ValeriaClient, type GameId } from '@valeria-tabletop/client';
import { performance } from 'node:perf_hooks';
import { playSeat } from '../clients/typescript/examples/reference-bot.js';
import { startApi } from '../test/support/api.js';

const GAMES = Number(process.env.GAMES ?? 100);
const KINDS: readonly GameId[] = ['villages-of-valeria', 'valeria-card-kingdoms', 'village-pillage'];

const api = await startApi();
try {
  const anonymous = new ValeriaClient({ baseUrl: api.url });
  const owner = await anonymous.register('Owner');
  const bot = anonymous.withToken((await anonymous.register('Reference bot', { botOwner: owner.playerId })).token);
  let refusedInAll = 0;
  for (const game of KINDS) {
    const started = performance.now();
    let played = 0;
    let stale = 0;
    const refused: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      const { gameId } = await bot.createGame({ game, seats: 2, deadlines: 'daily' });
      await bot.addBot(gameId, 'greedy');
      const result = await playSeat(bot, gameId);
      played += result.played;
      stale += result.stale;
      refused.push(...result.refused);
    }
    const seconds = (performance.now() - started) / 1000;
    refusedInAll += refused.length;
    console.log(
      `${game.padEnd(22)} ${GAMES} games, ${played} moves sent, ${refused.length} refused, ${stale} stale listings, ${seconds.toFixed(1)} s (${(seconds / GAMES).toFixed(2)} s a game)`,
    );
    for (const refusal of refused.slice(0, 5)) console.log(`  refused: ${refusal}`);
  }
  console.log(refusedInAll === 0 ? 'no move refused' : `${refusedInAll} moves refused`);
} finally {
  await api.close();
}
