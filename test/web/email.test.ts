import { ValeriaClient } from '@valeria-tabletop/client';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localEmailPolicy } from '../../functions/compose.js';
import { startMailCatcher, type MailCatcher } from '../../functions/local/mail-catcher.js';
import { disableFromSesEvent } from '../../functions/push/email/bounces.js';
import { smtpMailer } from '../../functions/push/email/smtp.js';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

/**
 * E-mail in Chromium, the mail going to the local mail catcher: the address
 * on Account (issue 23) — set, confirmed, disabled by a bounce and set again,
 * changed, removed — and signing in on a second browser through a mailed
 * link (issue 25, item 6), landing signed in as the same player with a key of
 * that browser's own.
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
const world = webWorldFor('web-email', undefined, {
  email: localEmailPolicy({}, randomBytes(32).toString('base64url'), { send: (mail) => smtpMailer(caught().smtpUrl).send(mail) }),
});

const tokenOf = async (page: Page) => String(await page.evaluate("localStorage.getItem('valeria.token')"));

const mailsTo = (address: string) => caught().received.filter((m) => m.envelope.to.includes(address));

/** The first link to `path` in the mail to `address` after the `already` it had, once it has arrived. */
async function linkIn(address: string, already: number, path: string): Promise<string> {
  while (mailsTo(address).length <= already) await caught().until(caught().received.length + 1);
  const text = mailsTo(address)[already]?.parsed.text ?? '';
  const link = new RegExp(`https?://\\S+${path.replaceAll('?', '\\?')}\\S+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${path} link in: ${text}`);
  return link;
}

/** A permanent bounce of mail to `address`, in the shape Amazon SES sends it (through EventBridge). */
const bounce = (playerId: string, address: string) => ({
  version: '0',
  source: 'aws.ses',
  'detail-type': 'Email Bounced',
  detail: {
    eventType: 'Bounce',
    mail: { timestamp: new Date().toISOString(), source: 'play@localhost', destination: [address], tags: { player: [playerId] } },
    bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address }] },
  },
});

/** What sticks out past a phone's 390 px (the page would scroll sideways): the innermost elements whose right edge passes the viewport's. */
async function overflowAtPhoneWidth(page: Page): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 844 });
  const wider = await page.evaluate<string[]>(`[...document.querySelectorAll('main *')]
    .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
    .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5))
    .map((e) => e.tagName.toLowerCase() + (e.className ? '.' + e.className : '') + ': ' + (e.textContent || '').slice(0, 40))`);
  await page.setViewportSize({ width: 1280, height: 900 });
  return wider;
}

describe('the web client in Chromium: e-mail', () => {
  it('sets, confirms, changes and removes the address on Account, saying its state, and why and how to mend a disabled one', async () => {
    const bea = await registeredPlayer(world(), 'Bea', '/');
    await bea.getByRole('link', { name: 'Account', exact: true }).click();
    const panel = bea.getByRole('region', { name: 'E-mail' });
    await panel.getByText('No address yet').waitFor();
    await panel.getByLabel('Your e-mail address').fill('bea@example.org');
    await panel.getByLabel('Sent at').selectOption('07:00');
    await panel.getByRole('button', { name: 'Save address' }).click();
    await panel.getByText('A confirmation link was mailed to bea@example.org.').waitFor();
    await panel.getByText('awaiting confirmation', { exact: false }).waitFor();
    const confirm = await linkIn('bea@example.org', 0, '/v1/email/confirm?token=');
    expect((await fetch(confirm, { method: 'POST' })).status).toBe(200);
    await bea.reload();
    await panel.getByText(/: confirmed /).waitFor();
    expect(await panel.getByLabel('Sent at').inputValue()).toBe('7');
    expect(await overflowAtPhoneWidth(bea)).toEqual([]);
    await expectAccessible(bea, 'the Account page with a confirmed address');
    await screenshotTable(bea, 'account-email', { fullPage: true });

    // A permanent bounce disables it: the panel says so, why, and how to use it again.
    const me = await new ValeriaClient({ baseUrl: world().url, token: await tokenOf(bea) }).me();
    expect(await disableFromSesEvent(world().ctx, bounce(me.playerId, 'bea@example.org'))).toBe(true);
    await bea.reload();
    await panel.getByText(/disabled .* \(bounced \(General\)\)\. Mail to it bounced for good or was marked as spam/).waitFor();
    await panel.getByText('To use it again, save it again below', { exact: false }).waitFor();
    await screenshotTable(bea, 'account-email-disabled', { fullPage: true });
    await panel.getByRole('button', { name: 'Save address' }).click();
    await panel.getByText('A confirmation link was mailed to bea@example.org.').waitFor();
    await panel.getByText('awaiting confirmation', { exact: false }).waitFor();

    // Changed: the new address is confirmed in its turn; removed: nothing is mailed.
    await panel.getByLabel('Your e-mail address').fill('bea.new@example.org');
    await panel.getByRole('button', { name: 'Save address' }).click();
    await panel.getByText('A confirmation link was mailed to bea.new@example.org.').waitFor();
    await linkIn('bea.new@example.org', 0, '/v1/email/confirm?token=');
    await panel.getByRole('button', { name: 'Remove my address' }).click();
    await panel.getByText('Address removed: nothing more is mailed to you.').waitFor();
    await panel.getByText('No address yet').waitFor();
    expect((await fetch(`${world().url}/v1/players/me/email`, { headers: { authorization: `Bearer ${await tokenOf(bea)}` } })).status).toBe(404);
  });

  it('mails a link to the confirmed address, and opening it in a second browser signs it in as the same player', async () => {
    const ann = await registeredPlayer(world(), 'Ann', '/');
    const annToken = await tokenOf(ann);
    const asAnn = new ValeriaClient({ baseUrl: world().url, token: annToken });
    const address = 'ann@example.org';
    const setAddress = await asAnn.api.PUT('/v1/players/me/email', { body: { address } });
    expect(setAddress.response.status).toBe(202);
    const confirm = await linkIn(address, 0, '/v1/email/confirm?token=');
    expect((await fetch(confirm, { method: 'POST' })).status).toBe(200);

    // A second browser, never signed in: Ann asks for a link on the sign-in page.
    const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 } });
    const phone = await context.newPage();
    phone.on('pageerror', (error) => pageErrors.push(`second browser: ${error.message}`));
    await phone.goto(`${world().url}/account`);
    await phone.getByLabel('Or get a sign-in link at your confirmed e-mail address').fill(address);
    await phone.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await phone
      .getByRole('status')
      .getByText(`If ${address} is the confirmed address of an account, a sign-in link is on its way.`, { exact: false })
      .waitFor();
    await expectAccessible(phone, 'the sign-in page with a link asked for');
    await screenshotTable(phone, 'sign-in-link-asked');

    const link = await linkIn(address, 1, '/sign-in/email#token=');
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
