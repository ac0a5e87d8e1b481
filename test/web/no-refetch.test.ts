import { ValeriaClient } from '@valeria-tabletop/client';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageErrors, registeredPlayer, webWorldFor, type WebWorld } from './browser.js';

const world = webWorldFor('web-no-refetch');

/** The page's reads of the game and of its legal moves (what the stream's commit messages make needless), each with its query. */
function recordReads(page: Page, gameId: string): string[] {
  const reads: string[] = [];
  const watched = new Set([`/v1/games/${gameId}`, `/v1/games/${gameId}/moves`]);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && watched.has(url.pathname)) reads.push(url.pathname + url.search);
  });
  return reads;
}

/** The types of the frames the page's stream received, and the `seq` of each commit message among them. */
function recordFrames(page: Page): string[] & { commitSeqs: number[] } {
  const types = Object.assign([] as string[], { commitSeqs: [] as number[] });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { type: string; commit?: { seq: number } };
      types.push(message.type);
      if (message.commit) types.commitSeqs.push(message.commit.seq);
    }),
  );
  return types;
}

const blockTickets = (context: BrowserContext) =>
  context.route('**/v1/stream/tickets', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: '{"code":"unavailable","status":503,"title":"Unavailable","detail":"Try again."}',
    }),
  );

/**
 * Ben (a program on the typed client) opens a Village Pillage Duel; the
 * browser player opens its invite link, which seats them, and sees the table
 * with both players to plan.
 */
async function tableWithBen(w: WebWorld, page: Page) {
  const ben = new ValeriaClient({ baseUrl: w.url }).withToken((await new ValeriaClient({ baseUrl: w.url }).register('Ben')).token);
  const { gameId } = await ben.createGame({ game: 'village-pillage', seats: 2, options: {}, deadlines: 'daily', join: true });
  const reads = recordReads(page, gameId);
  await page.goto(`${w.url}/g/${gameId}`);
  await page.getByRole('heading', { name: 'Your move' }).waitFor();
  await expect.poll(() => benToMove(page)).toBe(true);
  return {
    gameId,
    reads,
    benPlans: async () => {
      const listed = await ben.legalMoves(gameId);
      const move = listed.moves[0];
      if (!move) throw new Error('Ben has no move');
      await ben.playListed(listed, move);
    },
  };
}

const logLine = (page: Page, text: string | RegExp) => page.getByRole('list', { name: 'Log, newest first' }).getByText(text);
const toMove = async (page: Page, who: string) => /to move/.test((await page.locator('.scoreboard li').filter({ hasText: who }).textContent()) ?? '');
const benToMove = (page: Page) => toMove(page, 'Ben');

/** Clicks through the steps of a plan to the button that sends it; answers the move's POST. */
async function planByClicking(page: Page, gameId: string) {
  const moves = page.locator('section[aria-label="Your moves"]');
  const send = moves.locator('button[data-move]:not([disabled])');
  for (let step = 0; step < 6 && (await send.count()) === 0; step++) await moves.locator('button[data-step]:not([disabled])').first().click();
  const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === `/v1/games/${gameId}/moves`);
  await send.first().click();
  return posted;
}

/** What the table shows, time left aside: the board, the turn, and the move buttons offered. */
const SHOWN = `(() => {
  const board = document.querySelector('section[aria-label="The table"]').cloneNode(true);
  board.querySelectorAll('.clock').forEach((clock) => clock.remove());
  const moves = [...document.querySelectorAll('section[aria-label="Your moves"] button')].map((button) => button.textContent + (button.disabled ? ' (disabled)' : ''));
  return JSON.stringify({ board: board.textContent, turn: document.querySelector('p.turn strong')?.textContent ?? null, moves });
})()`;

describe('the web client in Chromium: the stream brings the game, so the table does not read it again', () => {
  it('shows the opponent’s move from the stream’s commit messages and its own from its answer, with no read of the game or its moves', async () => {
    const ann = await registeredPlayer(world(), 'Ann');
    const frames = recordFrames(ann);
    const { gameId, reads, benPlans } = await tableWithBen(world(), ann);
    await expect.poll(() => frames.includes('subscribed')).toBe(true);
    // Reading the game once when the page opens is expected; from here on, nothing.
    await ann.waitForLoadState('networkidle');
    reads.length = 0;

    await benPlans();
    await logLine(ann, 'Ben planned in secret.').waitFor({ timeout: 30_000 });
    await expect.poll(() => benToMove(ann)).toBe(false);
    expect(reads).toEqual([]);

    // Ann's plan is pinned to the version the stream carried (ETag "<version>"): accepted, not 409.
    const posted = await planByClicking(ann, gameId);
    expect(posted.status()).toBe(200);
    const version = ((await posted.json()) as { version: number }).version;
    expect(posted.request().headers()['if-match']).toBe(`"${version - 1}"`);
    await logLine(ann, /Revealed: /).waitFor({ timeout: 30_000 });
    await expect.poll(() => ann.locator('section[aria-label="Your moves"] button[disabled]').count()).toBe(0);
    expect(reads).toEqual([]);
    // Ben's commit came on the stream; Ann's own did not (its answer carried it).
    expect(frames.filter((type) => type === 'commit').length).toBeGreaterThanOrEqual(1);
    expect(frames.commitSeqs).toContain(version - 1);
    expect(frames.commitSeqs).not.toContain(version);

    // What the stream brought is what a fresh page reads.
    const shown = await ann.evaluate<string>(SHOWN);
    await ann.reload();
    await logLine(ann, /Revealed: /).waitFor();
    await expect.poll(() => ann.evaluate<string>(SHOWN)).toBe(shown);
    expect(reads.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('shows its own move when the answer is lost: the next commit message’s gap is read from the events route', async () => {
    const ann = await registeredPlayer(world(), 'Dora');
    const { gameId, benPlans } = await tableWithBen(world(), ann);
    await ann.waitForLoadState('networkidle');
    // The move reaches the service and is committed; its answer is lost on the way back.
    await ann.route(`**/v1/games/${gameId}/moves`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    const events: string[] = [];
    ann.on('request', (request) => {
      if (new URL(request.url()).pathname === `/v1/games/${gameId}/events`) events.push(request.url());
    });
    // The typed client resends the write under its Idempotency-Key: each resend is answered the first answer, and lost too.
    const lost = ann.waitForEvent('requestfailed', (request) => request.method() === 'POST' && new URL(request.url()).pathname === `/v1/games/${gameId}/moves`);
    void planByClicking(ann, gameId).catch(() => undefined);
    await lost;
    await ann.getByRole('alert').waitFor({ timeout: 30_000 });
    await ann.unroute(`**/v1/games/${gameId}/moves`);

    // Ben plans the next round: his commit message skips Ann's, and the page reads what it missed.
    await expect.poll(() => benToMove(ann), { timeout: 30_000 }).toBe(true);
    await benPlans();
    await logLine(ann, /Revealed: /).waitFor({ timeout: 30_000 });
    expect(events.length).toBeGreaterThan(0);
    expect(pageErrors).toEqual([]);
  });

  it('with the stream down, follows the game by the events long-poll and reads the game after each commit but its own (its answer carries it)', async () => {
    const ann = await registeredPlayer(world(), 'Cleo', '/', blockTickets);
    const longPolls: string[] = [];
    ann.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/events') && Number(url.searchParams.get('wait') ?? 0) > 0) longPolls.push(url.pathname);
    });
    const { gameId, reads, benPlans } = await tableWithBen(world(), ann);
    await expect.poll(() => longPolls.length).toBeGreaterThan(0);
    reads.length = 0;

    await benPlans();
    await logLine(ann, 'Ben planned in secret.').waitFor({ timeout: 60_000 });
    await expect.poll(() => benToMove(ann)).toBe(false);
    expect(longPolls.length).toBeGreaterThan(0);
    // One request reads the game and its moves together.
    const opened = `/v1/games/${gameId}?include=moves`;
    expect(reads).toContain(opened);
    expect(reads).not.toContain(`/v1/games/${gameId}/moves`);

    reads.length = 0;
    const answer = await planByClicking(ann, gameId);
    expect(answer.status()).toBe(200);
    const { version, next } = (await answer.json()) as { version: number; next: { version: number } };
    await logLine(ann, /Revealed: /).waitFor({ timeout: 60_000 });
    // Nothing followed Ann's commit, so its answer's `next` is the game to show: no read.
    expect(next.version).toBe(version);
    expect(reads.filter((read) => read.split('?')[0] === `/v1/games/${gameId}`)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
