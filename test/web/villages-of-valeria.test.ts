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

const world = webWorldFor('web-villages-of-valeria');

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

    const [annClicks, benClicks] = await Promise.all([
      playToTheEnd(ann, picker(3), (page) => screenshotTable(page, 'villages-of-valeria')),
      playToTheEnd(ben, picker(4)),
    ]);
    expect(annClicks + benClicks).toBeGreaterThan(10);
    await expect.poll(() => ann.getByRole('region', { name: 'Result' }).textContent()).toMatch(/won|share the win/);
    await verifyOnEndScreen(ben);
    await expectAccessible(ben, 'the Villages of Valeria end screen');
    expect(pageErrors).toEqual([]);
  });
});
