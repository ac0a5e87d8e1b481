import { ValeriaClient } from '@valeria-tabletop/client';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localEmailPolicy } from '../../functions/compose.js';
import { startMailCatcher, type MailCatcher } from '../../functions/local/mail-catcher.js';
import { smtpMailer } from '../../functions/push/email/smtp.js';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

/**
 * Issue 25, item 6, in Chromium: a person with a confirmed address signs in
 * on a second browser through the link the local mail catcher received, and
 * lands signed in as the same player, with a key of that browser's own.
 */

let catcher: MailCatcher | undefined;
const caught = () => {
  if (!catcher) throw new Error('the mail catcher has not started');
  return catcher;
};
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher?.stop());

// The catcher starts with the world; the mailer finds its port when the first message goes.
const world = webWorldFor('web-sign-in-link', undefined, {
  email: localEmailPolicy({}, randomBytes(32).toString('base64url'), { send: (mail) => smtpMailer(caught().smtpUrl).send(mail) }),
});

const tokenOf = async (page: Page) => String(await page.evaluate("localStorage.getItem('valeria.token')"));

/** The first link to `path` in the last mail to `address`, once it has arrived. */
async function linkIn(address: string, count: number, path: string): Promise<string> {
  await caught().until(count);
  const mails = caught().received.filter((m) => m.envelope.to.includes(address));
  const text = mails.at(-1)?.parsed.text ?? '';
  const link = new RegExp(`https?://\\S+${path.replaceAll('?', '\\?')}\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in: ${text}`);
  return link;
}

describe('the web client in Chromium: signing in with an e-mailed link', () => {
  it('mails a link to the confirmed address, and opening it in a second browser signs it in as the same player', async () => {
    const ann = await registeredPlayer(world(), 'Ann', '/');
    const annToken = await tokenOf(ann);
    const asAnn = new ValeriaClient({ baseUrl: world().url, token: annToken });
    const address = 'ann@example.org';
    const setAddress = await asAnn.api.PUT('/v1/players/me/email', { body: { address } });
    expect(setAddress.response.status).toBe(202);
    const confirm = await linkIn(address, 1, '/v1/email/confirm?token=');
    expect((await fetch(confirm, { method: 'POST' })).status).toBe(200);

    // A second browser, never signed in: Ann asks for a link on the sign-in page.
    const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 } });
    const phone = await context.newPage();
    phone.on('pageerror', (error) => pageErrors.push(`second browser: ${error.message}`));
    await phone.goto(`${world().url}/account`);
    await phone.getByLabel('Or get a sign-in link at your confirmed e-mail address').fill(address);
    await phone.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await phone.getByRole('status').getByText(`If ${address} is the confirmed address of an account, a sign-in link is on its way.`, { exact: false }).waitFor();
    await expectAccessible(phone, 'the sign-in page with a link asked for');
    await screenshotTable(phone, 'sign-in-link-asked');

    const link = await linkIn(address, 2, '/sign-in/email#token=');
    expect(link.startsWith(`${world().url}/sign-in/email#token=`)).toBe(true);
    await phone.goto(link);
    await phone.getByRole('heading', { name: 'Sign in with an e-mailed link' }).waitFor();
    // The secret leaves the address bar as soon as the page has read it.
    expect(phone.url()).toBe(`${world().url}/sign-in/email`);
    await expectAccessible(phone, 'the page a sign-in link opens');
    await screenshotTable(phone, 'sign-in-link');
    await phone.getByRole('button', { name: 'Sign in on this browser' }).click();
    await phone.getByRole('heading', { name: 'Your games' }).waitFor();
    const deviceToken = await tokenOf(phone);
    expect(deviceToken).toMatch(/^vt_/);
    expect(deviceToken).not.toBe(annToken);
    const me = await new ValeriaClient({ baseUrl: world().url, token: deviceToken }).me();
    expect(me.name).toBe('Ann');

    // Ann's first browser lists the new device, signed in with the link, and can sign it out.
    await ann.getByRole('link', { name: 'Account', exact: true }).click();
    const devices = ann.getByRole('list', { name: 'Devices signed in' });
    await devices.getByText(/signed in with an e-mailed link/).waitFor();
    await screenshotTable(ann, 'sign-in-link-account', { fullPage: true });
    await devices.getByRole('button', { name: 'Sign out “Chrome on Linux”' }).click();
    await ann.getByText('None yet.').waitFor();
    expect((await fetch(`${world().url}/v1/players/me`, { headers: { authorization: `Bearer ${deviceToken}` } })).status).toBe(401);
    expect(pageErrors).toEqual([]);
  });
});
