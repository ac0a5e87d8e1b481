import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CONTROLS,
  createGameInLobby,
  expectAccessible,
  pageErrors,
  picker,
  playToTheEnd,
  registeredPlayer,
  screenshotTable,
  webWorldFor,
  verifyOnEndScreen,
} from './browser.js';

const world = webWorldFor('web-villages-of-valeria');

/**
 * A steer for playToTheEnd: until one Build has been paid from sources
 * chosen by ticking them, every Build offered opens its payment and ticks, for
 * each resource of the cost, a matching coin spot (yours first) or else the
 * Castle, and sends that. A choice the rules refuse (too few coins, say) is
 * shown as an alert; the player then pays automatically and tries again at the
 * next Build.
 */
function payFromChosenSources(): { steer(page: Page): Promise<boolean>; paid(): boolean } {
  let paid = false;
  return {
    paid: () => paid,
    async steer(page) {
      const build = page.locator(CONTROLS).filter({ hasText: /^(Follow: )?Build .+…$/ });
      if (paid || (await build.count()) === 0) return false;
      if (
        !(await build
          .first()
          .click({ timeout: 5_000 })
          .then(
            () => true,
            () => false,
          ))
      )
        return true;
      const sources = page.getByRole('group', { name: 'Or pay with' });
      const cost =
        (await page.locator('section[aria-label="Your moves"] p.question', { hasText: /^Cost: / }).textContent())
          ?.match(/^Cost: (.+)\. Pay/)?.[1]
          ?.split(', ') ?? [];
      for (const need of cost) {
        const spot = [`A coin on your ${need}`, `'s ${need}`, 'Castle'].map((label) => sources.getByRole('checkbox', { name: label, checked: false }));
        for (const option of spot)
          if ((await option.count()) > 0) {
            await option.first().check();
            break;
          }
      }
      await sources.getByRole('button', { name: /with the chosen sources$/ }).click();
      const refused = page.locator('section[aria-label="Your moves"] [role="alert"]');
      await expect.poll(async () => (await refused.count()) > 0 || (await sources.count()) === 0, { timeout: 30_000 }).toBe(true);
      if ((await sources.count()) > 0) await page.getByRole('button', { name: /paying automatically$/ }).click();
      else paid = true;
      return true;
    },
  };
}

describe('the web client in Chromium: Villages of Valeria', () => {
  it('two players in two browsers play a whole game by clicking, with standing orders, to a verified end screen', async () => {
    const ann = await registeredPlayer(world(), 'Ann');
    const gameId = await createGameInLobby(ann, 'Villages of Valeria', 2);
    const ben = await registeredPlayer(world(), 'Ben', `/g/${gameId}`);
    await ben.getByRole('heading', { name: 'Your move' }).waitFor();

    // Ben declines every Tax in advance: his follow windows for Tax are answered for him.
    await ben.getByText('Standing orders: answer follow windows in advance').click();
    await ben.getByLabel('When someone leads Tax').selectOption('decline');
    await ben.getByRole('button', { name: 'Save standing orders' }).click();
    await ben.getByText('Saved.').waitFor();
    await expectAccessible(ben, 'the Villages of Valeria table');

    // Every build Ann's page sends, and how the API answered it.
    const builds: { payment: unknown; status: number }[] = [];
    ann.on('requestfinished', async (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/moves')) return;
      const build = (request.postDataJSON().moves as { type: string; payment?: unknown }[]).find((m) => m.type === 'build');
      if (build) builds.push({ payment: build.payment, status: (await request.response())?.status() ?? 0 });
    });
    const chosen = payFromChosenSources();
    const [annClicks, benClicks] = await Promise.all([
      playToTheEnd(ann, picker(3), (page) => screenshotTable(page, 'villages-of-valeria'), chosen.steer),
      playToTheEnd(ben, picker(4)),
    ]);
    expect(annClicks + benClicks).toBeGreaterThan(10);
    // Ann built at least once paying from the sources she ticked, and the API took it.
    expect(chosen.paid()).toBe(true);
    expect(builds.some((b) => Array.isArray(b.payment) && b.status === 200)).toBe(true);
    await expect.poll(() => ann.getByRole('region', { name: 'Result' }).textContent()).toMatch(/won|share the win/);
    await verifyOnEndScreen(ben);
    await expectAccessible(ben, 'the Villages of Valeria end screen');
    expect(pageErrors).toEqual([]);
  });
});
