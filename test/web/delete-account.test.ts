import { ValeriaClient } from '@valeria-tabletop/client';
import { describe, expect, it } from 'vitest';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-delete-account');

describe('the web client in Chromium: deleting the account', () => {
  it('deletes only once the name is typed exactly, then signs the browser out; a running game goes on under "Deleted player"', async () => {
    const ann = await registeredPlayer(world(), 'Ann Deleted', '/');
    const token = String(await ann.evaluate("localStorage.getItem('valeria.token')"));
    const owner = new ValeriaClient({ baseUrl: world().url, token });
    const { gameId } = await owner.createGame({ game: 'village-pillage', seats: 2, deadlines: 'daily' });
    await owner.addBot(gameId, 'greedy');

    await ann.getByRole('link', { name: 'Account', exact: true }).click();
    await ann.getByRole('heading', { name: 'Delete account' }).waitFor();
    const confirm = ann.getByLabel(/Type your name/);
    const button = ann.getByRole('button', { name: 'Delete my account' });
    await ann.getByText('Ann Deleted', { exact: true }).waitFor();
    expect(await button.isDisabled()).toBe(true);
    // Near is not enough.
    await confirm.fill('ann deleted');
    expect(await button.isDisabled()).toBe(true);
    await expectAccessible(ann, 'the Account page with its Delete account section');
    await screenshotTable(ann, 'delete-account', { fullPage: true });
    await confirm.fill('Ann Deleted');
    expect(await button.isDisabled()).toBe(false);
    await button.click();

    // Signed out: the key is gone from the browser and refused by the API.
    await ann.waitForURL((url) => url.pathname === '/');
    expect(await ann.evaluate("localStorage.getItem('valeria.token')")).toBeNull();
    await expect(owner.me()).rejects.toMatchObject({ code: 'invalid-token' });
    // The game goes on: her seat is the bot's for good, under "Deleted player".
    const spectator = new ValeriaClient({ baseUrl: world().url, token: (await new ValeriaClient({ baseUrl: world().url }).register('Ben')).token });
    const { view } = await spectator.view(gameId);
    expect(view.seats[0]).toMatchObject({ kind: 'player', name: 'Deleted player' });
    expect(view.absence?.seatsUnderBot).toContain(0);
    expect(pageErrors).toEqual([]);
  });
});
