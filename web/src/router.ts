import { signal } from './signal.js';

/**
 * The app's routes: `/` inbox, `/lobby`, `/play` (Play now), `/account`, `/notifications`, `/webhooks`, `/g/{id}` a game (an invite
 * link joins it), `/g/{id}/replay/{seq}` a finished game replayed at a commit; `/welcome` the games presented, `/how-to-play/{game}`,
 * `/open-games/{game}`, `/leaderboards/{game}` (each game's own, the first without one), `/players/{id}` a profile; `/sign-in/email` the
 * page a mailed sign-in link opens.
 */
export type Route =
  | { page: 'inbox' | 'lobby' | 'play' | 'account' | 'notifications' | 'webhooks' | 'welcome' | 'sign-in-link' }
  | { page: 'how-to-play' | 'open-games' | 'leaderboard'; game: string | null }
  | { page: 'profile'; playerId: string }
  | { page: 'game'; gameId: string }
  | { page: 'replay'; gameId: string; seq: number | null }
  | { page: 'missing' };

const PAGES = {
  '/lobby': 'lobby',
  '/play': 'play',
  '/account': 'account',
  '/notifications': 'notifications',
  '/webhooks': 'webhooks',
  '/welcome': 'welcome',
  '/sign-in/email': 'sign-in-link',
} as const;

/** Pages about one game: the game's id follows, or nothing for the first game. */
const GAME_PAGES = { 'how-to-play': 'how-to-play', 'open-games': 'open-games', leaderboards: 'leaderboard' } as const;

export function routeOf(path: string): Route {
  if (path === '/' || path === '') return { page: 'inbox' };
  if (Object.hasOwn(PAGES, path)) return { page: PAGES[path as keyof typeof PAGES] };
  const about = /^\/(how-to-play|open-games|leaderboards)(?:\/([a-z-]{1,64}))?$/.exec(path);
  if (about?.[1]) return { page: GAME_PAGES[about[1] as keyof typeof GAME_PAGES], game: about[2] ?? null };
  const profile = /^\/players\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (profile?.[1]) return { page: 'profile', playerId: profile[1] };
  const game = /^\/g\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  if (game?.[1]) return { page: 'game', gameId: game[1] };
  const replay = /^\/g\/([A-Za-z0-9_-]{1,64})\/replay(?:\/(\d{1,6}))?$/.exec(path);
  if (replay?.[1]) return { page: 'replay', gameId: replay[1], seq: replay[2] === undefined ? null : Number(replay[2]) };
  return { page: 'missing' };
}

export const route = signal<Route>(routeOf(location.pathname));

export function navigate(path: string): void {
  history.pushState(null, '', path);
  route.set(routeOf(path));
  window.scrollTo(0, 0);
}

addEventListener('popstate', () => route.set(routeOf(location.pathname)));

/** Same-origin links go through the router instead of reloading the page. */
addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a');
  if (!link || link.target || link.origin !== location.origin || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (link.pathname.startsWith('/docs') || link.pathname === '/openapi.json') return;
  event.preventDefault();
  navigate(link.pathname);
});
