import { serve, type ServerType } from '@hono/node-server';
import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApp } from '../../functions/app/app.js';
import { mountWebApp } from '../../functions/local/web-app.js';
import { startLocalPush } from '../../functions/compose.js';
import type { PushContext } from '../../functions/push/context.js';
import { DEFAULT_PUSH_POLICY, type PushPolicy } from '../../functions/push/policy.js';
import { cryptoSecrets, type SecretSource } from '../../functions/service/ids.js';
import { relyingPartyAt } from '../../functions/service/relying-party.js';
import { attachLocalStream } from '../../functions/push/stream/local-server.js';
import { storeOf } from '../support/api.js';
import { CHROMIUM } from '../support/chromium.js';
import { testContext } from '../support/context.js';

/**
 * The browser tests' world: the real app (API on DynamoDB Local, push with
 * its WebSocket stream, and the web client built by global-setup.ts, as
 * `npm start` serves them; webhooks to loopback allowed as there) on a free
 * port, and Debian's Chromium driven by playwright-core (browsers cannot be
 * downloaded here).
 */

export interface WebWorld {
  readonly url: string;
  /** The same server as `localhost`: the origin passkeys are bound to there (an IP address cannot be a WebAuthn relying party). */
  readonly localhostUrl: string;
  readonly browser: Browser;
  /** The server's context: for what no page can do, such as an e-mail provider's bounce event. */
  readonly ctx: PushContext;
  close(): Promise<void>;
}

/**
 * `clock`: the server's time, for a test that moves it past deadlines (the browser keeps its own); `policy`: push settings beside
 * the defaults (e.g. VAPID keys; with `email`, the e-mail routes work and their links point at this server);
 * `secrets`: ids and seeds in place of random ones, for a test that must play the same game every run.
 */
export async function startWebWorld(
  label: string,
  clock?: () => number,
  policy: Partial<PushPolicy> = {},
  secrets: Partial<SecretSource> = {},
): Promise<WebWorld> {
  // The server listens first, so that the relying party can name its port; the app answers once it is built.
  const serving: { app?: ReturnType<typeof createApp> } = {};
  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      { fetch: (request, env) => (serving.app ? serving.app.fetch(request, env) : new Response(null, { status: 503 })), port: 0, hostname: '127.0.0.1' },
      () => resolve(s),
    );
  });
  const { port } = server.address() as AddressInfo;
  const ctx = testContext({
    store: await storeOf('dynamodb', label),
    pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, ...(policy.email ? { appUrl: `http://127.0.0.1:${port}` } : {}), ...policy },
    relyingParty: relyingPartyAt(`http://localhost:${port}`),
    secrets: { ...cryptoSecrets, ...secrets },
    ...(clock ? { clock } : {}),
  });
  const push = await startLocalPush(ctx, { deadlines: false, onError: (error) => console.error('push failed:', error) });
  // The e-mail routes queue in this run's outbox and plan on its timers, as under `npm start`.
  const app = createApp(ctx, policy.email ? { mail: push } : {});
  mountWebApp(app);
  serving.app = app;
  const stream = attachLocalStream(server as Server, ctx, push.hub);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return {
    url: `http://127.0.0.1:${port}`,
    localhostUrl: `http://localhost:${port}`,
    browser,
    ctx,
    close: async () => {
      await browser.close();
      stream.close();
      push.stop();
      (server as Server).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A world for one test file, started before its tests and closed after them. */
export function webWorldFor(label: string, clock?: () => number, policy: Partial<PushPolicy> = {}, secrets: Partial<SecretSource> = {}): () => WebWorld {
  let world: WebWorld | undefined;
  beforeAll(async () => {
    world = await startWebWorld(label, clock, policy, secrets);
  });
  afterAll(() => world?.close());
  return () => {
    if (!world) throw new Error('the web world has not started');
    return world;
  };
}

/** Uncaught errors of every page, which a test expects to stay empty. */
export const pageErrors: string[] = [];

/** A player in a browser context of their own, registered through the page, by typing and clicking. */
export async function registeredPlayer(
  world: WebWorld,
  name: string,
  path = '/',
  /** Done to the context before its first page opens (e.g. routes that intercept requests). */
  prepare: (context: BrowserContext) => Promise<unknown> = async () => {},
): Promise<Page> {
  const context = await world.browser.newContext({ viewport: { width: 1280, height: 900 } });
  await prepare(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${name}: ${error.message}`));
  await page.goto(`${world.url}${path}`);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Register' }).click();
  const token = await page.getByTestId('token').inputValue();
  expect(token.length).toBeGreaterThan(20);
  await page.getByRole('button', { name: /continue/ }).click();
  return page;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core on the page as it is now: no violation at all, whatever its impact (minor and moderate too). */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await page.addScriptTag({ path: AXE });
  // Evaluated in the page (a string: this file is type-checked without the DOM's globals).
  const violations = await page.evaluate<string[]>(`axe.run().then((result) => result.violations
    .map((v) => v.id + ' (' + v.impact + '): ' + v.help + ' at ' + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')))`);
  expect(violations, `axe on ${where}`).toEqual([]);
}

/** A small seeded generator, so a failing game can be replayed. */
export function picker(seed: number) {
  let state = seed >>> 0 || 1;
  return (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}

/** The move controls offered now: buttons that send a move or take a step toward one. */
export const CONTROLS = 'section.moves button:is([data-move],[data-step]):not([disabled])';

/**
 * Plays this seat by clicking until the end screen shows: whenever move
 * controls are offered, one of them, chosen by `pick`; otherwise waits for
 * the page to update itself (the live stream).
 */
export async function playToTheEnd(
  page: Page,
  pick: (n: number) => number,
  onTable?: (page: Page) => Promise<void>,
  /** Asked before each random click: a path the test must take acts here and answers true. */
  steer?: (page: Page) => Promise<boolean>,
): Promise<number> {
  const controls = page.locator(CONTROLS);
  const end = page.getByRole('button', { name: 'Verify this game' });
  let clicks = 0;
  for (;;) {
    await page.waitForFunction(
      `!!document.querySelector('${CONTROLS}') || [...document.querySelectorAll('button')].some((b) => b.textContent === 'Verify this game')`,
      undefined,
      { timeout: 120_000, polling: 100 },
    );
    if (await end.isVisible()) return clicks;
    const count = await controls.count();
    if (count === 0) continue;
    if (onTable && clicks === 6) await onTable(page);
    if (steer && (await steer(page))) {
      clicks++;
      continue;
    }
    await controls
      .nth(pick(count))
      .click({ timeout: 5_000 })
      .catch(() => undefined); // the page re-rendered under the pointer: look again
    clicks++;
  }
}

/** A steer for playToTheEnd: clicks the first control whose text matches, the first time one is offered. */
export function clickOnce(text: RegExp): (page: Page) => Promise<boolean> {
  let done = false;
  return async (page) => {
    const wanted = page.locator(CONTROLS).filter({ hasText: text });
    if (done || (await wanted.count()) === 0) return false;
    done = await wanted
      .first()
      .click({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false); // the page re-rendered under the pointer: look again
    return true;
  };
}

/** Creates a game through the lobby form by clicking, and returns its id (the invite link is /g/{id}). */
export async function createGameInLobby(page: Page, title: string, seats: number): Promise<string> {
  await page.getByRole('link', { name: 'New game', exact: true }).click();
  await page.getByRole('radio', { name: new RegExp(title) }).check();
  await page.getByLabel('Number of players').selectOption(String(seats));
  await page.getByLabel('Time control').selectOption('live');
  await page.getByRole('button', { name: /Create the game/ }).click();
  await page.waitForURL(/\/g\/[^/]+$/);
  return new URL(page.url()).pathname.split('/').at(-1) as string;
}

const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));

/**
 * With UPDATE_SCREENSHOTS=1, saves what a player sees of the page at laptop
 * and phone (390 px) width under docs/screenshots/ (the README shows them).
 */
export async function screenshotTable(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.evaluate('window.scrollTo(0, 0)');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENSHOTS}${name}-desktop.png`, fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}${name}-phone.png`, fullPage });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Presses "Verify" on the end screen and expects every check to pass. */
export async function verifyOnEndScreen(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Verify this game' }).click();
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  // On a failure, say which check failed and why.
  const checks = await page.getByRole('list', { name: 'Verification' }).textContent();
  expect(await page.getByTestId('verdict').textContent(), checks ?? '').toBe('Verified: the replay matches the game.');
}
