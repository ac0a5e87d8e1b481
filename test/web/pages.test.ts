import { describe, expect, it } from 'vitest';
import { expectAccessible, pageErrors, webWorldFor } from './browser.js';

const world = webWorldFor('web-pages');

describe('the web client in Chromium: the pages around the tables', () => {
  it('registers, shows the key once, signs out and back in with the pasted key; every page passes axe', async () => {
    const page = await (await world().browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${world().url}/`);
    await expectAccessible(page, 'the sign-in page');

    await page.getByLabel('Your name').fill('Cleo');
    await page.getByRole('button', { name: 'Register' }).click();
    const token = await page.getByTestId('token').inputValue();
    await expectAccessible(page, 'the key shown once');
    await page.getByRole('button', { name: /continue/ }).click();
    await page.getByRole('heading', { name: 'Your games' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('valeria.token')")).toBe(token);
    await expectAccessible(page, 'the inbox');

    await page.getByRole('link', { name: 'New game', exact: true }).click();
    await page.getByRole('heading', { name: 'Start a new game' }).waitFor();
    await page.getByRole('radio', { name: /Card Kingdoms/ }).check();
    await expectAccessible(page, 'the lobby');

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('button', { name: 'Show my key to copy to another device' }).click();
    expect(await page.getByTestId('token').inputValue()).toBe(token);
    // The preferences matrix: one cell switched off is saved, and still off after a reload.
    const joinedByWebhook = page.getByRole('checkbox', { name: 'Someone joined your table: Your webhooks' });
    expect(await joinedByWebhook.isChecked()).toBe(true);
    await joinedByWebhook.uncheck();
    const stored = async () =>
      (
        (await (await fetch(`${world().url}/v1/players/me/preferences`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
          notify: Record<string, unknown>;
        }
      ).notify['player-joined'];
    // A seat taken is never pushed to a browser nor mailed, so its push and e-mail cells start (and stay) off.
    await expect.poll(stored).toEqual({ stream: true, webhook: false, push: false, email: false });
    await page.reload();
    await page.getByRole('checkbox', { name: 'Someone joined your table: Your webhooks' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Someone joined your table: Your webhooks' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Your turn: While a page is open' }).isChecked()).toBe(true);
    await expectAccessible(page, 'the account page');
    await page.getByRole('button', { name: 'Sign out of this browser' }).click();
    await page.getByLabel('Paste your key').fill(token);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Your games' }).waitFor();

    await page.goto(`${world().url}/no/such/page`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await expectAccessible(page, 'the not-found page');
    expect(pageErrors).toEqual([]);
  });

  it('refuses a pasted key the API does not know', async () => {
    const page = await (await world().browser.newContext()).newPage();
    await page.goto(`${world().url}/account`);
    await page.getByLabel('Paste your key').fill('not-a-real-key');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('That key was not accepted');
    expect(await page.evaluate("localStorage.getItem('valeria.token')")).toBeNull();
  });

  it('serves the API reference at /docs from our own origin, rendered by Redoc from the committed document', async () => {
    const page = await (await world().browser.newContext()).newPage();
    const elsewhere: string[] = [];
    // What reached another origin (the page's Content-Security-Policy blocks the renderer's CDN logo before it leaves).
    page.on('requestfinished', (request) => {
      if (!/^(data:|blob:)/.test(request.url()) && new URL(request.url()).origin !== world().url) elsewhere.push(request.url());
    });
    await page.goto(`${world().url}/docs`);
    await page.locator('h2', { hasText: 'Create a game; it starts when every seat is taken' }).waitFor({ timeout: 60_000 });
    expect(elsewhere).toEqual([]);
    await expectAccessible(page, 'the API reference');
  });
});
