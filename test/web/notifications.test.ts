import { ValeriaClient } from '@valeria-tabletop/client';
import { describe, expect, it } from 'vitest';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-notifications');

describe('the web client in Chromium: notifications', () => {
  it('announces each as it arrives, lists them with a link to the table, and counts what came while away', async () => {
    const api = new ValeriaClient({ baseUrl: world().url });
    const ann = await registeredPlayer(world(), 'Ann');
    await ann.getByRole('heading', { name: 'Your games' }).waitFor();
    // Ann on another device: the same key, through the API.
    const annElsewhere = api.withToken(String(await ann.evaluate("localStorage.getItem('valeria.token')")));
    const ben = api.withToken((await api.register('Ben')).token);
    const duel = async () => {
      const { gameId } = await ben.createGame({ game: 'village-pillage', seats: 2, options: {}, deadlines: 'daily', join: true });
      await annElsewhere.join(gameId);
      return gameId;
    };

    // Live: the game starts while Ann looks at her inbox.
    const first = await duel();
    const toast = ann.getByRole('status', { name: 'New notification' });
    await expect.poll(() => toast.textContent(), { timeout: 30_000 }).toMatch(/^Your move in Village Pillage: .+ left\.Dismiss$/);
    await ann.getByRole('link', { name: /^Notifications \(\d+ new\)$/ }).waitFor();
    // The inbox, read before the game existed, lists it at once (its own poll is a minute apart).
    await ann.getByRole('heading', { name: 'Your move (1)' }).waitFor({ timeout: 20_000 });
    await expectAccessible(ann, 'the inbox with a notification shown');
    await toast.getByRole('link', { name: 'Village Pillage' }).click();
    await ann.waitForURL(`${world().url}/g/${first}`);
    await expect.poll(() => toast.textContent()).toBe('');

    await ann.getByRole('link', { name: /^Notifications/ }).click();
    const list = ann.getByRole('list', { name: 'Notifications, newest first' });
    await list.getByText('Village Pillage has started.').waitFor();
    expect(await list.getByRole('link', { name: 'Village Pillage' }).first().getAttribute('href')).toBe(`/g/${first}`);
    await ann.getByRole('link', { name: 'Notifications', exact: true }).waitFor(); // seen: no longer "new"
    // While the list is open, what arrives is announced and listed at once.
    const third = await duel();
    await expect.poll(() => toast.textContent(), { timeout: 30_000 }).toMatch(/^Your move in Village Pillage/);
    expect(await list.getByRole('link', { name: 'Village Pillage' }).first().getAttribute('href')).toBe(`/g/${third}`);
    await expectAccessible(ann, 'the notifications page');
    await screenshotTable(ann, 'notifications');
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => toast.textContent()).toBe('');
    await ann.getByRole('link', { name: 'Notifications', exact: true }).waitFor();

    // Away: Ann's page is closed while a second game starts; back, she is told what is new, without an announcement.
    const context = ann.context();
    await ann.close();
    const second = await duel();
    const back = await context.newPage();
    await back.goto(`${world().url}/`);
    await back.getByRole('link', { name: 'Notifications (2 new)' }).click();
    const again = back.getByRole('list', { name: 'Notifications, newest first' });
    await expect.poll(() => again.getByRole('listitem').count()).toBe(6);
    expect(await again.getByRole('link', { name: 'Village Pillage' }).evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      [second, second, third, third, first, first].map((id) => `/g/${id}`),
    );
    expect(await back.getByRole('status', { name: 'New notification' }).textContent()).toBe('');
    expect(pageErrors).toEqual([]);
  });
});
