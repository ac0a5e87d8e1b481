import { it } from 'vitest';
import { checkGames, GAMES_PER_COUNT } from './property-run.js';

it(`4-player games: replay, conservation, privacy, rejections without effect, and an end, over ${GAMES_PER_COUNT} seeded games`, () => {
  checkGames(4);
}, 600_000);
