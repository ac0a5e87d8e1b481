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
    expect(pageErrors).toEqual([]);
  });
});
