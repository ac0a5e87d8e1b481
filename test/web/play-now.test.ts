import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-play-now');

/** Chooses a rated live Village Pillage Duel on the Play now page and presses Play now. */
async function playNow(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Play now', exact: true }).click();
  await page.getByRole('radio', { name: /Village Pillage/ }).check();
  await page.getByLabel('Number of players').selectOption('2');
  await page.getByLabel('Time control').selectOption('live');
  await page.getByRole('button', { name: 'Play now', exact: true }).click();
}

describe('the web client in Chromium: Play now', () => {
  it('two people who never met each press Play now and end up at the same table', async () => {
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
    expect(pageErrors).toEqual([]);
  });
});
