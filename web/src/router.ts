import { signal } from './signal.js';

/** The app's routes: `/` inbox, `/lobby`, `/play` (Play now), `/account`, `/notifications`, `/webhooks`, `/g/{id}` a game (an invite link joins it), `/g/{id}/replay/{seq}` a finished game replayed at a commit. */
export type Route =
  | { page: 'inbox' | 'lobby' | 'play' | 'account' | 'notifications' | 'webhooks' }
  | { page: 'game'; gameId: string }
  | { page: 'replay'; gameId: string; seq: number | null }
  | { page: 'missing' };

const PAGES = { '/lobby': 'lobby', '/play': 'play', '/account': 'account', '/notifications': 'notifications', '/webhooks': 'webhooks' } as const;

export function routeOf(path: string): Route {
  if (path === '/' || path === '') return { page: 'inbox' };
  if (Object.hasOwn(PAGES, path)) return { page: PAGES[path as keyof typeof PAGES] };
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
