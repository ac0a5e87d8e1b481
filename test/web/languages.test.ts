import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, pageErrors, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-languages');

const api = (path: string, token: string, body?: unknown) =>
  fetch(`${world().url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));

/** A running game of each kind where `token`'s player sits with Ann (a Latin name at a Persian table) and, for three seats, a bot. */
async function gamesWith(token: string): Promise<Record<string, string>> {
  const ann = (await (
    await fetch(`${world().url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ann"}' })
  ).json()) as {
    token: string;
  };
  const games: Record<string, string> = {};
  for (const [game, seats] of [
    ['village-pillage', 2],
    ['villages-of-valeria', 3],
    ['valeria-card-kingdoms', 2],
  ] as const) {
    const created = await api('/v1/games', token, { game, seats, deadlines: 'daily' });
    const gameId = created.body.gameId as string;
    expect((await api(`/v1/games/${gameId}/join`, ann.token, {})).status).toBeLessThan(300);
    if (seats === 3) expect((await api(`/v1/games/${gameId}/bots`, token, { level: 'greedy' })).status).toBeLessThan(300);
    games[game] = gameId;
  }
  return games;
}

const documentLanguage = (page: Page) => page.evaluate<[string, string]>('[document.documentElement.lang, document.documentElement.dir]');

describe('the web client in Persian and French', () => {
  it('follows a Persian browser right to left, is kept in French once chosen on Account, and passes axe with no violation in both', async () => {
    const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fa-IR' });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${world().url}/account`);
    await page.getByRole('heading', { name: 'بازی‌های والریا را با دوستانتان بازی کنید' }).waitFor();
    expect(await documentLanguage(page)).toEqual(['fa', 'rtl']);
    await expectAccessible(page, 'the sign-in page in Persian');

    await page.getByLabel('نام شما').fill('نگار');
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    const token = await page.getByTestId('token').inputValue();
    await page.getByRole('button', { name: /ادامه/ }).click();
    await page.getByRole('link', { name: 'حساب', exact: true }).waitFor();
    await expectAccessible(page, 'your games in Persian');
    for (const [path, heading] of [
      ['/lobby', 'شروع یک بازی تازه'],
      ['/notifications', 'اعلان‌ها'],
    ] as const) {
      await page.goto(`${world().url}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expectAccessible(page, `${path} in Persian`);
    }
    const games = await gamesWith(token);

    for (const [game, gameId] of Object.entries(games)) {
      await page.goto(`${world().url}/g/${gameId}`);
      await page.getByRole('region', { name: 'میز بازی' }).waitFor();
      // The Latin name reads whole in the Persian page, isolated from the sentence around it.
      expect(await page.locator('.scoreboard bdi', { hasText: 'Ann' }).count()).toBeGreaterThan(0);
      await expectAccessible(page, `the ${game} table in Persian`);
      await screenshotTable(page, `${game}-fa`);
    }

    await page.goto(`${world().url}/account`);
    await page.getByLabel('زبان').selectOption('fr');
    await page.getByRole('heading', { name: 'Compte' }).waitFor();
    expect(await documentLanguage(page)).toEqual(['fr', 'ltr']);
    // Kept for the player (the API's preferences) and in this browser.
    await expect.poll(async () => (await api('/v1/players/me/preferences', token)).body.language).toBe('fr');
    await page.reload();
    await page.getByRole('heading', { name: 'Compte' }).waitFor();
    await expectAccessible(page, 'the account page in French');

    for (const [game, gameId] of Object.entries(games)) {
      await page.goto(`${world().url}/g/${gameId}`);
      await page.getByRole('region', { name: 'La table' }).waitFor();
      await expectAccessible(page, `the ${game} table in French`);
      await screenshotTable(page, `${game}-fr`);
    }
    expect(pageErrors).toEqual([]);
  });

  it('shows a new browser of the same player the language they chose on another', async () => {
    const context = await world().browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const { token } = (await (
      await fetch(`${world().url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Zoé"}' })
    ).json()) as {
      token: string;
    };
    await fetch(`${world().url}/v1/players/me/preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"language":"fa"}',
    });
    await page.goto(`${world().url}/account`);
    await page.getByRole('heading', { name: 'Play Valeria games with friends' }).waitFor();
    await page.getByLabel('Paste your key').fill(token);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'حساب', exact: true }).waitFor();
    expect(await documentLanguage(page)).toEqual(['fa', 'rtl']);
    await expectAccessible(page, 'the inbox in Persian');
  });
});
