import { ValeriaClient } from '@valeria-tabletop/client';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../support/api.js';
import { expectAccessible, pageErrors, registeredPlayer, webWorldFor } from './browser.js';

// The server's clock, moved past a deadline by the test (the browser keeps real time).
const clock = manualClock(Date.now());
const world = webWorldFor('web-absence', clock.now);

describe('the web client in Chromium: a seat played by the bot', () => {
  it('shows the handover on the table, in the log and in the notifications, and takes the seat back with a click', async () => {
    const w = world();
    const anonymous = new ValeriaClient({ baseUrl: w.url });
    const ben = anonymous.withToken((await anonymous.register('Ben')).token);
    // One missed move hands a seat to the bot.
    const { gameId } = await ben.createGame({
      game: 'village-pillage',
      seats: 2,
      options: {},
      deadlines: { windowSeconds: 60, turnSeconds: 60 },
      table: { replaceAfterTimeouts: 1 },
      join: true,
    });
    const ann = await registeredPlayer(w, 'Ann', `/g/${gameId}`);
    await ann.getByRole('heading', { name: 'Your move' }).waitFor();

    // Ben plans; Ann lets the window pass; Ben's next look at the game settles the timeout.
    const listed = await ben.legalMoves(gameId);
    await ben.playListed(listed, listed.moves[0] as never);
    clock.advance(61_000);
    expect((await ben.view(gameId)).view.absence?.seatsUnderBot).toEqual([1]);

    const log = ann.getByRole('list', { name: 'Log, newest first' });
    await log.getByText('Ann missed a move: the bot plays their seat until they take it back.').waitFor({ timeout: 30_000 });
    const players = ann.getByRole('list', { name: 'Players' });
    await players.locator('li', { hasText: 'Ann (you)' }).getByText('played by the bot').waitFor();
    const reclaim = ann.getByRole('button', { name: 'Take my seat back' });
    await reclaim.waitFor();
    await expectAccessible(ann, 'the table with a seat under the bot');

    await reclaim.click();
    await log.getByText('Ann took their seat back from the bot.').waitFor({ timeout: 30_000 });
    await expect.poll(() => reclaim.count()).toBe(0);
    await expect.poll(() => players.getByText('played by the bot').count()).toBe(0);
    expect((await ben.view(gameId)).view.absence?.seatsUnderBot).toEqual([]);

    await ann.getByRole('link', { name: /^Notifications/ }).click();
    const list = ann.getByRole('list', { name: 'Notifications, newest first' });
    await list.getByText('You missed a move in Village Pillage: the bot plays your seat until you take it back.').waitFor({ timeout: 30_000 });
    await list.getByText('You took your seat back in Village Pillage.').waitFor({ timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  });
});
