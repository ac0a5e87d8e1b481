import { ValeriaClient } from '@valeria-tabletop/client';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CONTROLS, expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-time-and-undo');

/**
 * Clicks the first offered control until the page has sent a move, and returns
 * the API's final status for it (a 409 for a version that moved on meanwhile is resent by the page).
 */
async function sendAMove(page: Page): Promise<number> {
  const sending = (r: Request) => r.method() === 'POST' && r.url().endsWith('/moves');
  const answered = page.waitForResponse((r) => sending(r.request()) && r.status() !== 409, { timeout: 30_000 });
  let sent = false;
  const seen = (request: Request) => void (sent ||= sending(request));
  page.on('request', seen);
  for (let clicks = 0; !sent && clicks < 5; clicks++) {
    await page.locator(CONTROLS).first().click({ timeout: 10_000 });
    await page.waitForTimeout(200);
  }
  page.off('request', seen);
  return (await answered).status();
}

/** Ben (a program on the typed client) opens a two-seat game on the correspondence preset; Ann opens its invite link in the browser, which seats her. */
async function benInvitesAnn(game: 'village-pillage' | 'valeria-card-kingdoms') {
  const w = world();
  const anonymous = new ValeriaClient({ baseUrl: w.url });
  const ben = anonymous.withToken((await anonymous.register('Ben')).token);
  const { gameId } = await ben.createGame({ game, seats: 2, options: {}, deadlines: 'correspondence', join: true });
  const ann = await registeredPlayer(w, 'Ann', `/g/${gameId}`);
  await ann.getByRole('heading', { name: 'Your move' }).waitFor();
  return { w, ben, gameId, ann };
}

describe('the web client in Chromium: time banks, undo and vacation', () => {
  it('shows each bank, takes back a plan that revealed nothing, shows why a revealing one cannot be, and tells a vacation', async () => {
    // Village Pillage Duel on the correspondence preset: a 3-day bank each; planning windows run nobody's bank.
    const { w, ben, gameId, ann } = await benInvitesAnn('village-pillage');

    const players = ann.getByRole('list', { name: 'Players' });
    await expect.poll(() => players.getByText('bank 3 d 0 h').count()).toBe(2);
    const undo = ann.getByRole('button', { name: 'Undo my last move' });
    expect(await undo.count()).toBe(0);
    await expectAccessible(ann, 'the table with banks');

    // Ann plans first: the window stays open and her plan is secret, so it can be taken back.
    expect(await sendAMove(ann)).toBe(200);
    await undo.waitFor({ timeout: 30_000 });
    await undo.click();
    const log = ann.getByRole('list', { name: 'Log, newest first' });
    await log.getByText(/^Ann took back move \d+\.$/).waitFor({ timeout: 30_000 });
    await expect.poll(() => undo.count()).toBe(0);
    const benSees = await ben.view(gameId);
    expect(benSees.view.state?.awaiting).toContain(1);

    // Ben plans, then Ann's plan closes the window and reveals both: the API refuses, and the page says why.
    const listed = await ben.legalMoves(gameId);
    await ben.playListed(listed, listed.moves[0] as never);
    await log.getByText('Ben planned in secret.').waitFor({ timeout: 30_000 });
    expect(await sendAMove(ann)).toBe(200);
    await undo.waitFor({ timeout: 30_000 });
    await undo.click();
    await expect.poll(() => ann.getByRole('alert').textContent(), { timeout: 30_000 }).toMatch(/cannot be undone: it .+\./);
    await expect.poll(() => undo.count()).toBe(0);
    await expectAccessible(ann, 'the table with a refused undo');

    // Ann goes on vacation from her account page (the week the form offers), and her table tells it.
    await ann.getByRole('link', { name: 'Account' }).click();
    await expect.poll(() => ann.getByTestId('allowance').textContent()).toMatch(/: 0 of 21 days used, 21 left\./);
    await ann.getByRole('button', { name: 'Go on vacation' }).click();
    await ann.getByText(/^You are away until .+ \(\d days?\)\./).waitFor();
    await expect.poll(() => ann.getByTestId('allowance').textContent()).toMatch(/days used, \d+ left\./);
    await expectAccessible(ann, 'the account page on vacation');
    await ann.goto(`${w.url}/g/${gameId}`);
    await players.getByText(/away until/).waitFor();
    // Her part of the planning window waits for her: about a week, not the window's day.
    await ann
      .getByRole('status')
      .getByText(/^[67] d /)
      .waitFor();
    await log
      .getByText(/^Ann is away until /)
      .first()
      .waitFor();
    await screenshotTable(ann, 'vacation');
    // Back early.
    await ann.getByRole('link', { name: 'Account' }).click();
    await ann.getByRole('button', { name: /end my vacation now/ }).click();
    await ann.getByRole('button', { name: 'Go on vacation' }).waitFor();
    // Ben goes away (through the typed client): Ann's games list says so beside his name.
    const benAway = await ben.startVacation(new Date(Date.now() + 3 * 86_400_000).toISOString());
    expect(benAway.games).toEqual([{ gameId, version: expect.any(Number) }]);
    await ann.getByRole('link', { name: 'Games', exact: true }).click();
    await ann.getByText(/with Ben \(away until .+\)/).waitFor();
    await ben.endVacation();
    expect(pageErrors).toEqual([]);
  });

  it('counts down the bank of the player whose turn it is, and only theirs', async () => {
    const { ben, gameId, ann } = await benInvitesAnn('valeria-card-kingdoms');
    // Both keep a Duke (a window: no bank runs), then Ben's first turn runs his bank alone.
    const listed = await ben.legalMoves(gameId);
    await ben.playListed(listed, listed.moves[0] as never);
    await ann.getByRole('list', { name: 'Log, newest first' }).getByText('Ben kept a Duke.').waitFor({ timeout: 30_000 });
    expect(await sendAMove(ann)).toBe(200);
    // Whoever the seed made first player: the API says whose bank runs, the page must agree.
    const { view } = await ben.view(gameId);
    const runningSeat = view.clocks?.seats.find((clock) => clock.running)?.seat;
    expect(runningSeat === 0 || runningSeat === 1).toBe(true);
    const [first, other] = runningSeat === 0 ? ['Ben', 'Ann (you)'] : ['Ann (you)', 'Ben'];
    const players = ann.getByRole('list', { name: 'Players' });
    const running = players.locator('li', { hasText: first }).locator('.clock.running');
    // A bank of 3 days, a moment spent.
    await expect.poll(() => running.textContent(), { timeout: 30_000 }).toMatch(/^ · bank running: (2 d 23 h|3 d 0 h) left$/);
    await expect.poll(() => players.locator('li', { hasText: other }).textContent()).toContain('bank 3 d 0 h');
    expect(await players.locator('.clock.running').count()).toBe(1);
    await screenshotTable(ann, 'time-banks');
    expect(pageErrors).toEqual([]);
  });
});
