import { ValeriaClient } from '@valeria-tabletop/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
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

const world = webWorldFor('web-village-pillage');

describe('the web client in Chromium: Village Pillage', () => {
  it('two players in two browsers play a whole Duel by clicking, to a verified end screen', async () => {
    const ann = await registeredPlayer(world(), 'Ann');
    const gameId = await createGameInLobby(ann, 'Village Pillage', 2);
    await expect.poll(() => ann.getByLabel('Invite link').inputValue()).toBe(`${world().url}/g/${gameId}`);
    await expectAccessible(ann, 'the open table');
    // Ben opens the invite link, registers there, and is seated by opening it.
    const ben = await registeredPlayer(world(), 'Ben', `/g/${gameId}`);
    await ann.getByRole('heading', { name: 'Your move' }).waitFor();
    await expectAccessible(ann, 'the Village Pillage table');

    const [annClicks, benClicks] = await Promise.all([
      playToTheEnd(ann, picker(1), (page) => screenshotTable(page, 'village-pillage')),
      playToTheEnd(ben, picker(2)),
    ]);
    expect(annClicks + benClicks).toBeGreaterThan(4);
    await expect.poll(() => ben.getByRole('region', { name: 'Result' }).textContent()).toMatch(/won|share the win/);
    await verifyOnEndScreen(ann);
    await screenshotTable(ann, 'village-pillage-end');
    await expectAccessible(ann, 'the Village Pillage end screen');
    // Each one's list is their feed: the turns their own moves' answers told them (a round their move closed) are in neither.
    for (const page of [ann, ben]) await expectListIsFeed(page);
    expect(pageErrors).toEqual([]);
  });
});

/** The page's list of notifications holds exactly what the API's feed lists for its player. */
async function expectListIsFeed(page: Page): Promise<void> {
  const client = new ValeriaClient({ baseUrl: world().url, token: String(await page.evaluate("localStorage.getItem('valeria.token')")) });
  await page.getByRole('link', { name: /^Notifications/ }).click();
  const list = page.getByRole('list', { name: 'Notifications, newest first' });
  const feed = async () => (await client.api.GET('/v1/notifications', { params: { query: { limit: 100 } } })).data?.notifications ?? [];
  await expect
    .poll(async () => [await list.getByRole('listitem').count(), (await feed()).length])
    .toSatisfy(([listed, stored]) => listed === stored && stored! > 0);
  // The end stays in both, the ending move's author's too.
  expect((await feed()).map((n) => n.type)).toContain('game-ended');
}
