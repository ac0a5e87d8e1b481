/**
 * The replay viewer's jumps (issue 25, item 5: a jump to any commit of a
 * 300-commit game under 100 ms in the browser): a finished game of at least
 * MIN_COMMITS commits, played by random bots through the API, opened in
 * Debian's Chromium at `/g/{id}/replay/0`; then JUMPS jumps to commits
 * picked at random, each timed in the page from setting the slider to the
 * frame after the new table is rendered. Prints the figures; asserts nothing.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { chromium } from 'playwright-core';
import { Rng, rngStateFromSeed } from '../core/engine/index.js';
import { createApp } from '../functions/app/app.js';
import { buildWebAppIfStale, mountWebApp } from '../functions/local/web-app.js';
import { ApiClient } from '../test/support/api.js';
import { CHROMIUM } from '../test/support/chromium.js';
import { testContext } from '../test/support/context.js';
import { fixed, median, quantile } from './stats.js';

const MIN_COMMITS = 300;
const JUMPS = 60;
/** Bot-only tables tried in turn until one game reaches MIN_COMMITS: random bots play the longest games. */
const TABLES = [
  { game: 'villages-of-valeria', seats: 5 },
  { game: 'valeria-card-kingdoms', seats: 5, options: { setup: 'first-game' } },
];

async function longFinishedGame(api: ApiClient, token: string): Promise<{ gameId: string; game: string; commits: number }> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const table = TABLES[attempt % TABLES.length]!;
    const created = await api.post('/v1/games', { token, body: { ...table, join: false, deadlines: 'daily' } });
    const gameId: string = created.body.gameId;
    for (let seat = 0; seat < table.seats; seat++) await api.post(`/v1/games/${gameId}/bots`, { token, body: { level: 'random' } });
    // Each read plays one slice of the bots' commits.
    let view = (await api.get(`/v1/games/${gameId}`, { token })).body;
    while (view.status !== 'finished') view = (await api.get(`/v1/games/${gameId}`, { token })).body;
    console.log(`  ${table.game}, ${table.seats} random bots: ${view.version} commits`);
    if (view.version >= MIN_COMMITS) return { gameId, game: table.game, commits: view.version };
  }
  throw new Error(`no game reached ${MIN_COMMITS} commits`);
}

/** Runs in the page: one jump by the slider, timed to the frame after the table shows that commit. */
const JUMP_IN_PAGE = `async (to) => {
  const slider = document.querySelector('input[type=range]');
  const status = document.querySelector('[data-testid=replay-position]');
  const started = performance.now();
  slider.value = String(to);
  slider.dispatchEvent(new Event('input', { bubbles: true }));
  const shown = () => (to === 0 ? status.textContent.startsWith('Before the first commit') : status.textContent.startsWith('After commit ' + to + ' of'));
  while (!shown()) await new Promise((resolve) => requestAnimationFrame(resolve));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return performance.now() - started;
}`;

async function main() {
  await buildWebAppIfStale(() => undefined);
  const ctx = testContext({});
  const app = createApp(ctx);
  mountWebApp(app);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const api = new ApiClient(url, null);
  const ann = await api.register('Ann');
  console.log(`Finding a finished game of at least ${MIN_COMMITS} commits (in-memory store):`);
  const { gameId, game, commits } = await longFinishedGame(api, ann.token);

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(`localStorage.setItem('valeria.token', ${JSON.stringify(ann.token)})`);
    const page = await context.newPage();
    const opened = performance.now();
    await page.goto(`${url}/g/${gameId}/replay/0`);
    await page.getByTestId('replay-position').waitFor({ timeout: 120_000 });
    const openMs = performance.now() - opened;
    const rng = new Rng(rngStateFromSeed('bench-replay'));
    const targets = Array.from({ length: JUMPS }, () => rng.int(commits + 1));
    const jump = await page.evaluateHandle(`(${JUMP_IN_PAGE})`);
    const times: number[] = [];
    for (const to of targets)
      times.push(await page.evaluate(([fn, at]) => (fn as unknown as (n: number) => Promise<number>)(at as number), [jump, to] as const));
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`\nReplay viewer, ${game}, ${commits} commits, Chromium ${browser.version()} headless:`);
    console.log(`  open at commit 0 (page, record of every page, one replay of the whole game): ${fixed(openMs, 0)} ms`);
    console.log(`  ${JUMPS} jumps to random commits, slider set → the new table rendered (next frame):`);
    console.log(
      `    p50 ${fixed(median(sorted), 1)} ms · p95 ${fixed(quantile(sorted, 0.95), 1)} ms · max ${fixed(sorted.at(-1) ?? 0, 1)} ms (goal: under 100 ms)`,
    );
  } finally {
    await browser.close();
    (server as Server).closeAllConnections();
    server.close();
  }
}

await main();
