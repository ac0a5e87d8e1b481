import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  clickOnce,
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
    // Every move sent, and how the API answered it.
    const sent: { moves: { type: string }[]; status: number }[] = [];
    ann.on('requestfinished', async (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/moves')) return;
      sent.push({ moves: request.postDataJSON().moves, status: (await request.response())?.status() ?? 0 });
    });
    await createGameInLobby(ann, 'Valeria: Card Kingdoms', 2);
    await ann.getByRole('button', { name: 'Fill a seat with a greedy bot' }).click();
    await ann.getByRole('heading', { name: 'Your move' }).waitFor();
    await expectAccessible(ann, 'the Card Kingdoms table');

    // Once, both actions of a turn planned together: the second one a resource taken.
    const planTwo = clickOnce(/, then Take 1 gold$/);
    let planShown = false;
    const steer = async (page: Page) => {
      if (!planShown && (await page.getByText('Choose your second action: both are sent together.').isVisible())) {
        planShown = true;
        await screenshotTable(page, 'card-kingdoms-two-actions');
      }
      return planTwo(page);
    };
    const clicks = await playToTheEnd(ann, picker(5), (page) => screenshotTable(page, 'card-kingdoms'), steer);
    expect(clicks).toBeGreaterThan(5);
    // The turn's two actions went as one batch, and the API took it.
    const actions = new Set(['slay', 'recruit', 'build', 'take']);
    expect(sent.filter((s) => s.moves.length === 2 && s.moves.every((m) => actions.has(m.type)) && s.status === 200).length).toBeGreaterThan(0);
    // No batch was refused by the rules (a 409 for a version that moved on is resent by the page).
    expect(sent.filter((s) => s.status !== 200 && s.status !== 409)).toEqual([]);
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
