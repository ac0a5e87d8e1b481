import { GAME_TITLE_KEYS, gameTitle } from './seats.js';

/** The games' ids in the order the pages present them. */
export const GAME_IDS = Object.keys(GAME_TITLE_KEYS);

/** The game a per-game page shows: the one its address names, the first when it names none; null for an unknown one. */
export const gameOrFirst = (game: string | null): string | null => (game === null ? (GAME_IDS[0] ?? null) : Object.hasOwn(GAME_TITLE_KEYS, game) ? game : null);

/** Links to the same page for each game (`/leaderboards/village-pillage`…), the shown one marked current. */
export function GameTabs({ base, current, label }: { base: string; current: string; label: string }) {
  return (
    <nav class="tabs" aria-label={label}>
      {GAME_IDS.map((id) => (
        <a key={id} href={`${base}/${id}`} aria-current={id === current ? 'page' : undefined}>
          {gameTitle(id)}
        </a>
      ))}
    </nav>
  );
}
