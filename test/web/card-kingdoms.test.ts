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

const world = webWorldFor('web-card-kingdoms');

describe('the web client in Chromium: Valeria: Card Kingdoms', () => {
  it('one player fills the other seat with a bot and plays a whole game by clicking, to a verified end screen', async () => {
    const ann = await registeredPlayer(world(), 'Ann');
    await createGameInLobby(ann, 'Valeria: Card Kingdoms', 2);
    await ann.getByRole('button', { name: 'Fill a seat with a greedy bot' }).click();
    await ann.getByRole('heading', { name: 'Your move' }).waitFor();
    await expectAccessible(ann, 'the Card Kingdoms table');

    const clicks = await playToTheEnd(ann, picker(5), (page) => screenshotTable(page, 'card-kingdoms'));
    expect(clicks).toBeGreaterThan(5);
    await verifyOnEndScreen(ann);
    await screenshotTable(ann, 'card-kingdoms-end');
    await expectAccessible(ann, 'the Card Kingdoms end screen');

    // The inbox lists the finished game with its result.
    await ann.getByRole('link', { name: 'Games', exact: true }).click();
    await ann.getByRole('heading', { name: 'Finished' }).waitFor();
    await ann.getByText(/won · /).waitFor();
    await expectAccessible(ann, 'the inbox');
    expect(pageErrors).toEqual([]);
  });
});
