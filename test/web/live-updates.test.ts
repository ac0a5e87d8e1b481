import { ValeriaClient } from '@valeria-tabletop/client';
import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageErrors, registeredPlayer, webWorldFor, type WebWorld } from './browser.js';

const world = webWorldFor('web-live-updates');

/**
 * What reached the page: WebSocket URLs and the frames they brought, the
 * events long-polls it asked for, and its reads of a game or its moves.
 */
function watch(page: Page) {
  const seen = { sockets: [] as string[], frames: [] as string[], longPolls: [] as string[], gameReads: [] as string[] };
  page.on('websocket', (socket) => {
    seen.sockets.push(socket.url());
    socket.on('framereceived', ({ payload }) => void seen.frames.push(String(payload)));
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/events') && Number(url.searchParams.get('wait') ?? 0) > 0) seen.longPolls.push(request.url());
    if (request.method() === 'GET' && /^\/v1\/games\/[^/]+(\/moves)?$/.test(url.pathname)) seen.gameReads.push(url.pathname);
  });
  return seen;
}

/**
 * Ben (a program on the typed client) opens a Village Pillage Duel; Ann opens
 * its invite link in the browser, which seats her, and sees her table.
 */
async function duelWithBen(w: WebWorld, ann: Page): Promise<{ benPlans(): Promise<void> }> {
  const ben = new ValeriaClient({ baseUrl: w.url }).withToken((await new ValeriaClient({ baseUrl: w.url }).register('Ben')).token);
  const { gameId } = await ben.createGame({ game: 'village-pillage', seats: 2, options: {}, deadlines: 'daily', join: true });
  await ann.goto(`${w.url}/g/${gameId}`);
  await ann.getByRole('heading', { name: 'Your move' }).waitFor();
  await expect.poll(() => ann.getByRole('list', { name: 'Log, newest first' }).count()).toBe(0);
  return {
    benPlans: async () => {
      const listed = await ben.legalMoves(gameId);
      const move = listed.moves[0];
      if (!move) throw new Error('Ben has no move');
      await ben.playListed(listed, move);
    },
  };
}

/** Ann's table shows Ben's move without being reloaded. */
const annSeesBenPlanned = (ann: Page) => ann.getByRole('list', { name: 'Log, newest first' }).getByText('Ben planned in secret.').waitFor({ timeout: 30_000 });

async function opponentMovesWhileAnnWatches(w: WebWorld, ann: Page): Promise<void> {
  const { benPlans } = await duelWithBen(w, ann);
  await benPlans();
  await annSeesBenPlanned(ann);
}

describe('the web client in Chromium: the table follows the game live', () => {
  it('hears the opponent’s move on the WebSocket stream, with no events long-poll', async () => {
    const ann = await registeredPlayer(world(), 'Ann');
    const seen = watch(ann);
    await opponentMovesWhileAnnWatches(world(), ann);

    expect(seen.sockets.length).toBeGreaterThan(0);
    expect(seen.sockets.every((url) => new URL(url).pathname === '/v1/stream' && /^st_/.test(new URL(url).searchParams.get('ticket') ?? ''))).toBe(true);
    // The bearer token never travels in the socket's URL: only the one-time ticket does.
    const token = String(await ann.evaluate("localStorage.getItem('valeria.token')"));
    expect(seen.sockets.some((url) => url.includes(token))).toBe(false);
    expect(seen.frames.some((frame) => JSON.parse(frame).type === 'commit')).toBe(true);
    expect(seen.longPolls).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('falls back to the events long-poll when the stream’s ticket route fails', async () => {
    // The ticket route fails from the first page on.
    const ann = await registeredPlayer(world(), 'Cleo', '/', (context) =>
      context.route('**/v1/stream/tickets', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/problem+json',
          body: '{"code":"unavailable","status":503,"title":"Unavailable","detail":"Try again."}',
        }),
      ),
    );
    const seen = watch(ann);
    await opponentMovesWhileAnnWatches(world(), ann);

    expect(seen.sockets).toEqual([]);
    expect(seen.longPolls.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('reconnects with a fresh ticket after the socket drops, and catches up on the move made meanwhile', async () => {
    const ann = await registeredPlayer(world(), 'Dora');
    const sockets: WebSocketRoute[] = [];
    await ann.routeWebSocket(/\/v1\/stream/, (socket) => {
      socket.connectToServer();
      sockets.push(socket);
    });
    const seen = watch(ann);
    const { benPlans } = await duelWithBen(world(), ann);
    // One socket at least (a busy machine may already have replaced one whose hello went unanswered).
    await expect.poll(() => sockets.length).toBeGreaterThan(0);
    const opened = sockets.length;
    seen.gameReads.length = 0;

    // Hold the next ticket until Ben has moved, so his move goes by while Ann has no socket.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await ann.route('**/v1/stream/tickets', async (route) => {
      await held;
      await route.fallback();
    });
    await sockets[opened - 1]?.close();
    await benPlans();
    release();
    await annSeesBenPlanned(ann);

    expect(sockets.length).toBeGreaterThan(opened);
    const tickets = sockets.map((socket) => new URL(socket.url()).searchParams.get('ticket'));
    expect(new Set(tickets).size).toBe(tickets.length);
    expect(seen.longPolls).toEqual([]);
    // The missed commit was read from the events route; the game after it came with the subscription's answer.
    expect(seen.gameReads).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
