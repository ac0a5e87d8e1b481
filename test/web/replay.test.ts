import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';
import { expectAccessible, pageErrors, screenshotTable, webWorldFor } from './browser.js';

/**
 * Issue 25, item 5: the replay viewer. A finished game opens at any commit
 * from its link (`/g/{id}/replay/{seq}`), steps and jumps through its
 * commits, shows the table as any player saw it and the log up to there.
 * How fast a jump is, is measured by `npm run bench:replay`, not here.
 */
const world = webWorldFor('web-replay');

describe('the replay viewer in Chromium', () => {
  it('opens a finished game at a linked commit, steps, jumps, and shows each player’s table and the log as they were', async () => {
    const api = new ApiClient(world().url, null);
    const ann = await api.register('Ann');
    const gameId = (await api.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
    await api.post(`/v1/games/${gameId}/bots`, { token: ann.token, body: { level: 'greedy' } });
    await playToEnd(api, gameId, [{ seat: 0, token: ann.token }], { seed: 'web-replay' });
    const commits: number = (await api.get(`/v1/games/${gameId}`, { token: ann.token })).body.version;

    const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(`localStorage.setItem('valeria.token', ${JSON.stringify(ann.token)})`);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`replay: ${error.message}`));
    const position = page.getByTestId('replay-position');
    const logEntries = page.locator('section[aria-label="What happened"] li');
    const board = page.locator('section[aria-label="The table"]');

    // From the end screen of the game, then a link to one commit.
    await page.goto(`${world().url}/g/${gameId}`);
    await page.getByRole('link', { name: 'Replay the game move by move' }).click();
    await expect.poll(() => position.textContent()).toContain('Before the first commit');
    expect(await page.getByText('Nothing yet.').count()).toBe(1);

    await page.goto(`${world().url}/g/${gameId}/replay/5`);
    await expect.poll(() => position.textContent()).toContain(`After commit 5 of ${commits}`);
    const atFive = await logEntries.count();
    await page.getByRole('button', { name: 'Next ▶' }).click();
    await expect.poll(() => position.textContent()).toContain(`After commit 6 of ${commits}`);
    // The address follows the commit shown (set once the table is drawn).
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/g/${gameId}/replay/6`);
    await page.getByRole('button', { name: '◀ Previous' }).click();
    await page.getByRole('button', { name: '◀ Previous' }).click();
    await expect.poll(() => position.textContent()).toContain(`After commit 4 of ${commits}`);
    expect(await logEntries.count()).toBeLessThanOrEqual(atFive);

    // A jump to the end: the table is the final one, the log holds the whole game.
    const early = await board.textContent();
    await page.getByLabel('Jump to').fill(String(commits));
    await page.getByLabel('Jump to').press('Enter');
    await expect.poll(() => position.textContent()).toContain(`After commit ${commits} of ${commits}`);
    expect(await board.textContent()).not.toBe(early);
    expect(await logEntries.count()).toBeGreaterThan(atFive);
    expect(await page.getByRole('button', { name: 'End »' }).isDisabled()).toBe(true);

    // Seen by anyone, or by each player in turn: the same commit, each one's own table (their hand is theirs to see).
    expect(await page.locator('select option').allTextContents()).toEqual(['everyone (public)', 'Ann', 'Bot 2 (greedy)']);
    const publicTable = await board.textContent();
    await page.getByLabel('Seen by').selectOption({ label: 'Ann' });
    await expect.poll(() => board.textContent()).not.toBe(publicTable);
    await page.getByLabel('Seen by').selectOption({ label: 'Bot 2 (greedy)' });
    expect(await board.textContent()).toBeTruthy();
    await page.getByRole('button', { name: '« Start' }).click();
    await expect.poll(() => position.textContent()).toContain('Before the first commit');

    await page.goto(`${world().url}/g/${gameId}/replay/${Math.floor(commits / 2)}`);
    await expect.poll(() => position.textContent()).toContain(`After commit ${Math.floor(commits / 2)} of`);
    await expectAccessible(page, 'the replay viewer');
    await screenshotTable(page, 'replay');

    // From the history: a finished game in the inbox links to its replay.
    await page.goto(`${world().url}/`);
    await page.getByRole('link', { name: 'replay' }).first().click();
    await expect.poll(() => position.textContent()).toContain('Before the first commit');
    expect(pageErrors).toEqual([]);
  });
});
