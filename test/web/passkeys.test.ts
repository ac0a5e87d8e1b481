import { ValeriaClient } from '@valeria-tabletop/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor, type WebWorld } from './browser.js';

const world = webWorldFor('web-passkeys');

/**
 * A virtual authenticator in the page's browser context, through the
 * DevTools protocol's `WebAuthn` domain: a platform authenticator holding
 * discoverable credentials, its user present and verified without a prompt.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    add: (credential: Awaited<ReturnType<typeof cdp.send<'WebAuthn.getCredentials'>>>['credentials'][number]) =>
      cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  };
}

const tokenOf = async (page: Page) => String(await page.evaluate("localStorage.getItem('valeria.token')"));

/** Passkeys are bound to a host name: the pages open the server as localhost, never as 127.0.0.1. */
const onLocalhost = (w: WebWorld): WebWorld => ({ ...w, url: w.localhostUrl });

describe('the web client in Chromium: passkeys', () => {
  it('registers a passkey in one browser, signs in with it in a second, lists that device in the first and signs it out there', async () => {
    // The first browser: Ann registers, and adds a passkey on Account.
    const ann = await registeredPlayer(onLocalhost(world()), 'Ann', '/');
    const first = await virtualAuthenticator(ann);
    await ann.getByRole('link', { name: 'Account', exact: true }).click();
    await ann.getByRole('heading', { name: 'Passkeys and devices' }).waitFor();
    await ann.getByLabel('Name for a new passkey').fill('Laptop');
    await ann.getByRole('button', { name: 'Add a passkey' }).click();
    await ann.getByRole('button', { name: 'Remove passkey “Laptop”' }).waitFor();
    await ann.getByText('never used to sign in').waitFor();
    await expectAccessible(ann, 'the Account page with a passkey');
    const [credential] = await first.credentials();
    expect(credential).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // The second browser holds the same credential (as a synced passkey would be) and signs in with it: no name, no key pasted.
    const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 } });
    const phone = await context.newPage();
    phone.on('pageerror', (error) => pageErrors.push(`second browser: ${error.message}`));
    await phone.goto(`${world().localhostUrl}/account`);
    const second = await virtualAuthenticator(phone);
    await second.add(credential!);
    await phone.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await phone.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    const deviceToken = await tokenOf(phone);
    const annToken = await tokenOf(ann);
    expect(deviceToken).toMatch(/^vt_/);
    expect(deviceToken).not.toBe(annToken);
    const asDevice = new ValeriaClient({ baseUrl: world().url, token: deviceToken });
    const me = await asDevice.me();
    expect(me.name).toBe('Ann');

    // The first browser lists the new device, with its last use, and the passkey's sign-in.
    await ann.reload();
    const devices = ann.getByRole('list', { name: 'Devices signed in' });
    await devices.getByText('Chrome on Linux', { exact: true }).waitFor();
    await devices.getByText(/last used/).waitFor();
    await ann.getByText(/last signed in/).waitFor();
    // A device's key is not among the keys for programs.
    expect(await ann.getByRole('list', { name: 'Your keys for programs' }).count()).toBe(0);
    await expectAccessible(ann, 'the Account page with a device signed in');
    await screenshotTable(ann, 'passkeys-account', { fullPage: true });

    // Signing the device out there revokes its token: the second browser loses access at once.
    await devices.getByRole('button', { name: 'Sign out “Chrome on Linux”' }).click();
    await devices.waitFor({ state: 'detached' });
    await ann.getByText('None yet.').waitFor();
    await expect(asDevice.me()).rejects.toMatchObject({ code: 'invalid-token' });
    await phone.reload();
    const refused = phone.getByRole('region', { name: 'Passkeys and devices' }).getByRole('alert');
    await refused.waitFor();
    expect(await refused.textContent()).toBe('This API token is not valid.');
    // The first browser is still signed in.
    expect((await new ValeriaClient({ baseUrl: world().url, token: annToken }).me()).playerId).toBe(me.playerId);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
