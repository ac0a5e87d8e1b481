import { ValeriaClient } from '@valeria-tabletop/client';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cryptoSecrets } from '../../functions/service/ids.js';
import { expectAccessible, pageErrors, picker, playToTheEnd, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

// Fixed seeds and seek ids: the same deal and the same draw of seats every run (with each player's fixed picks below, the same game).
let drawn = 0;
const world = webWorldFor('web-play-now', undefined, {}, { seed: () => `web-play-now:${drawn++}`, seekId: () => `sk_playnow${drawn++}` });

/**
 * What one rated game between two newcomers leaves, as the README's ratings
 * section gives it (openskill's Plackett–Luce on mu 25, sigma 25/3, places
 * as ranks): the winner mu 27.64, sigma 8.07, rating 3.44; the loser mu
 * 22.36, rating −1.83; a shared win mu 25, rating 0.80. Shown with "?":
 * one game leaves a rating provisional.
 */
const AFTER_ONE_GAME = { won: '3.4?', lost: '-1.8?', shared: '0.8?' } as const;

const tokenOf = async (page: Page) => (await page.evaluate<string | null>("localStorage.getItem('valeria.token')")) as string;

/** Chooses a rated live Village Pillage Duel on the Play now page and presses Play now. */
async function playNow(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Play now', exact: true }).click();
  await page.getByRole('radio', { name: /Village Pillage/ }).check();
  await page.getByLabel('Number of players').selectOption('2');
  await page.getByLabel('Time control').selectOption('live');
  await page.getByRole('button', { name: 'Play now', exact: true }).click();
}

describe('the web client in Chromium: Play now', () => {
  it('two people who never met each press Play now, end up at the same table, play it to its end, and see both ratings move as the README says', async () => {
    const ann = await registeredPlayer(world(), 'Ann');
    await playNow(ann);
    await ann.getByRole('heading', { name: 'Looking for players…' }).waitFor();
    await expectAccessible(ann, 'Play now, waiting');

    const ben = await registeredPlayer(world(), 'Ben');
    await ben.getByRole('link', { name: 'Play now', exact: true }).click();
    // Ben sees Ann waiting for exactly this before he presses.
    await ben.getByRole('radio', { name: /Village Pillage/ }).check();
    await ben.getByLabel('Time control').selectOption('live');
    await expect.poll(() => ben.getByText(/waiting for exactly this/).textContent(), { timeout: 10_000 }).toMatch(/^1 player is waiting/);
    await expectAccessible(ben, 'Play now');
    await screenshotTable(ben, 'play-now');
    await playNow(ben);

    await Promise.all([ann.waitForURL(/\/g\/[^/]+$/, { timeout: 20_000 }), ben.waitForURL(/\/g\/[^/]+$/, { timeout: 20_000 })]);
    expect(new URL(ann.url()).pathname).toBe(new URL(ben.url()).pathname);
    // The table is theirs: both seated, the game under way.
    for (const page of [ann, ben])
      await page
        .getByRole('heading', { name: /Your move|Waiting/ })
        .first()
        .waitFor({ timeout: 20_000 });

    // They play it to its end by clicking, each on their own page.
    const gameId = new URL(ann.url()).pathname.split('/').at(-1) as string;
    await Promise.all([playToTheEnd(ann, picker(11)), playToTheEnd(ben, picker(12))]);
    const client = new ValeriaClient({ baseUrl: world().url });
    const [annClient, benClient] = [client.withToken(await tokenOf(ann)), client.withToken(await tokenOf(ben))];
    const { view } = await annClient.view(gameId);
    expect([view.rated, view.state?.finished]).toEqual([true, true]);
    const winners = view.state?.score?.winners ?? [];
    const [annId, benId] = [(await annClient.me()).playerId, (await benClient.me()).playerId];
    const seatOf = (id: string) => view.seats.findIndex((s) => s.kind === 'player' && s.playerId === id);
    const expected = (id: string) => (winners.length > 1 ? AFTER_ONE_GAME.shared : winners.includes(seatOf(id)) ? AFTER_ONE_GAME.won : AFTER_ONE_GAME.lost);

    // Each opens the other's profile from the name at the table: one rated game played and finished in time.
    for (const [page, other, id] of [
      [ann, 'Ben', benId],
      [ben, 'Ann', annId],
    ] as const) {
      await page.getByRole('list', { name: 'Players' }).getByRole('link', { name: other }).click();
      await page.getByRole('heading', { name: other }).waitFor();
      await expect.poll(() => page.getByTestId('rating-village-pillage').textContent(), { timeout: 10_000 }).toBe(expected(id));
      expect(await page.getByTestId('reliability').textContent()).toBe('100%');
      const row = page.locator('tr[data-game="village-pillage"]');
      // Rating, played, won, reliability.
      expect(await row.locator('td').allTextContents()).toEqual([expected(id), '1', winners.includes(seatOf(id)) ? '1' : '0', '100%']);
      await page
        .getByRole('region', { name: 'Finished games' })
        .getByRole('listitem')
        .getByText(/rating 0\.0 → -?\d+\.\d/)
        .waitFor();
      await expectAccessible(page, 'a profile after a game of Play now');
      await screenshotTable(page, `play-now-profile-${other.toLowerCase()}`);
    }
    expect(pageErrors).toEqual([]);
  });
});
