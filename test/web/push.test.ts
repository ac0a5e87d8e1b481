import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapidKeysFromSeed } from '../../functions/push/webpush/vapid.js';
import { startPushService } from '../support/push-service.js';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

/**
 * Browser push in Chromium, as far as a headless browser without a network
 * allows. Chromium's own PushManager.subscribe cannot work here (it refuses in
 * a browser context without a profile, and its push service, FCM, is out of
 * reach), so the one thing stood in for is the browser's subscription, at the
 * browser's edge: PushManager answers with a subscription to a local push
 * service (test/support/push-service.ts) that holds its keys. Everything else
 * is real: the switch on Account, the VAPID key it subscribes with, the API
 * recording the device, the server encrypting and signing a turn to that push
 * service (which decrypts it), the decrypted message handed to our service
 * worker as a push through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), the notification it shows, and its
 * click taking the page to the table.
 */

const vapid = vapidKeysFromSeed(randomBytes(32).toString('base64url'), 'mailto:browser-push-tests@example.com');
const world = webWorldFor('web-push', undefined, { vapid: async () => vapid });

/** What the stand-in PushManager was asked, kept in the page's storage across reloads. */
interface PushLog {
  readonly subscribed: { userVisibleOnly: boolean; key: string }[];
  readonly unsubscribed: number;
  readonly active: boolean;
}

/** The stand-in for the browser's push subscription (a page script: this file has no DOM types). */
const standInPushManager = (subscription: object) => `(() => {
  const subscription = ${JSON.stringify(subscription)};
  const read = () => JSON.parse(localStorage.getItem('test.push') || '{"subscribed":[],"unsubscribed":0,"active":false}');
  const write = (log) => localStorage.setItem('test.push', JSON.stringify(log));
  const base64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const made = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    toJSON: () => subscription,
    unsubscribe: async () => {
      const log = read();
      write({ ...log, active: false, unsubscribed: log.unsubscribed + 1 });
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options) {
    const log = read();
    write({ ...log, active: true, subscribed: [...log.subscribed, { userVisibleOnly: options.userVisibleOnly, key: base64url(options.applicationServerKey) }] });
    return made();
  };
  PushManager.prototype.getSubscription = async function () {
    return read().active ? made() : null;
  };
})();`;

async function api<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${world().url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (response.status === 204 ? null : await response.json()) as T };
}

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type Devices = { subscriptions: { label: string; endpointOrigin: string }[] };

const tokenOf = async (page: Page) => (await page.evaluate<string | null>("localStorage.getItem('valeria.token')")) ?? '';

describe('browser push in Chromium: the switch, the service worker, the notification and its click', () => {
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(() => pushService.close());

  it('is installable: the manifest, its icons and the service worker at the root', async () => {
    const page = await (await world().browser.newContext()).newPage();
    await page.goto(`${world().url}/`);
    const manifestResponse = await fetch(`${world().url}/manifest.webmanifest`);
    expect(manifestResponse.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await manifestResponse.json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect([manifest.display, manifest.start_url]).toEqual(['standalone', '/']);
    for (const icon of manifest.icons) {
      const body = Buffer.from(await (await fetch(`${world().url}${icon.src}`)).arrayBuffer());
      if (icon.type === 'image/svg+xml') expect(body.toString('utf8')).toMatch(/^<svg [^>]*viewBox="0 0 512 512"/);
      else {
        // A PNG of the size it claims (IHDR: width and height), drawn in colour with transparency.
        expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
        expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
        expect(body[25]).toBe(6);
      }
    }
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    // Chromium itself reads the manifest without error, and holds nothing against installing the app but the test's own profile-less (incognito) context.
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate('navigator.serviceWorker.ready');
    const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect([read.url, read.errors]).toEqual([`${world().url}/manifest.webmanifest`, []]);
    const installable = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installable.installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito']);
    const worker = await fetch(`${world().url}/sw.js`);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('turns on "Notify me on this device", pushes a turn the server encrypted, shows it, follows its click to the table, and turns off', async () => {
    const page = await registeredPlayer(world(), 'Pia', '/', async (context) => {
      await context.grantPermissions(['notifications'], { origin: world().url });
      await context.addInitScript(standInPushManager(pushService.subscription));
    });
    const token = await tokenOf(page);
    const cdp = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    const notifyMe = page.getByRole('switch', { name: 'Notify me on this device' });
    await expect.poll(() => notifyMe.isEnabled()).toBe(true);
    expect(await notifyMe.isChecked()).toBe(false);
    // Clicked, not `check()`ed: the switch turns on once the API has the device, not at the click.
    await notifyMe.click();
    await expect.poll(() => notifyMe.isChecked()).toBe(true);
    // Subscribed for visible notifications with the key the API publishes, and recorded by the API under a readable label.
    const log = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('test.push')")) ?? '{}') as PushLog;
    expect(log.subscribed).toEqual([{ userVisibleOnly: true, key: vapid.publicKey }]);
    const devices = (await api<Devices>('/v1/push-subscriptions', token)).body.subscriptions;
    expect(devices).toEqual([expect.objectContaining({ label: 'Chrome on Linux', endpointOrigin: new URL(pushService.subscription.endpoint).origin })]);
    // A push cell of a type never pushed says so instead of offering a choice that does nothing.
    expect(await page.getByRole('checkbox', { name: 'Someone joined your table: Pushed to your devices' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Your turn: Pushed to your devices' }).isChecked()).toBe(true);
    await expectAccessible(page, 'the account page with push on');
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Notify me on this device' }).isChecked()).toBe(true);
    await screenshotTable(page, 'push-account', { fullPage: true });

    // A game starts while Pia is on Account (not at its table): the server pushes her turn to the push service, which decrypts it.
    const ben = (await (
      await fetch(`${world().url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ben' }) })
    ).json()) as { token: string };
    const gameId: string = (
      await api<{ gameId: string }>('/v1/games', token, { method: 'POST', body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })
    ).body.gameId;
    expect((await api(`/v1/games/${gameId}/join`, ben.token, { method: 'POST', body: {} })).status).toBe(200);
    const isTurn = (plaintext: string | null) => plaintext !== null && (JSON.parse(plaintext) as { type: string; gameId: string }).gameId === gameId;
    await pushService.until((all) => all.some((m) => isTurn(m.plaintext)));
    const pushed = pushService.received.find((m) => isTurn(m.plaintext))!;
    expect(pushed.problems).toEqual([]);
    expect(JSON.parse(pushed.plaintext!)).toMatchObject({ type: 'your-turn', gameId, path: `/g/${gameId}` });

    // The browser's push service would hand that message to the service worker: the DevTools protocol does.
    const registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${world().url}/`);
    expect(registration).toBeDefined();
    const [worker] = page.context().serviceWorkers();
    expect(worker?.url()).toBe(`${world().url}/sw.js`);
    const shown = async () =>
      worker!.evaluate<{ title: string; body: string; tag: string; data: { path: string } }[]>(
        'self.registration.getNotifications().then((all) => all.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })))',
      );
    // A push service hands a message again until the browser takes it; so does this stand-in. On a loaded CI machine one
    // delivery through the protocol once never became a notification in 20 s; the game's tag keeps a second one from adding another.
    const shownWithin = async (ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 100))) {
        if ((await shown()).length > 0) return true;
      }
      return false;
    };
    for (let attempt = 1; attempt <= 4; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: world().url, registrationId: registration!.registrationId, data: pushed.plaintext! });
      if (await shownWithin(5_000)) break;
    }
    await expect.poll(async () => (await shown()).length).toBe(1);
    const [notification] = await shown();
    expect(notification).toMatchObject({ title: 'Your turn', tag: `game:${gameId}`, data: { path: `/g/${gameId}` } });
    expect(notification!.body).toMatch(/^Your turn in Village Pillage: play by \d{1,2} \w{3}, \d{2}:\d{2} UTC\.$/);

    // Its click (no protocol clicks a notification: the worker is handed the event a click fires) takes the open page to the table.
    await worker!.evaluate(
      "self.registration.getNotifications().then(([n]) => { try { self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n })); } catch { /* waitUntil refuses an event no click fired; the handler has already run */ } })",
    );
    await page.waitForURL(`${world().url}/g/${gameId}`);
    await page.locator('section[aria-label="Your moves"]').waitFor();
    await expect.poll(async () => (await shown()).length).toBe(0);

    // Off again: the API forgets the device and the browser's subscription is dropped.
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    const again = page.getByRole('switch', { name: 'Notify me on this device' });
    await expect.poll(() => again.isChecked()).toBe(true);
    await again.click();
    await expect.poll(() => again.isChecked()).toBe(false);
    expect((await api<Devices>('/v1/push-subscriptions', token)).body.subscriptions).toEqual([]);
    const after = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('test.push')")) ?? '{}') as PushLog;
    expect([after.active, after.unsubscribed]).toEqual([false, 1]);

    // On again, then signing out of this browser removes the device too: the next person here is not shown Pia's turns.
    await again.click();
    await expect.poll(() => again.isChecked()).toBe(true);
    expect((await api<Devices>('/v1/push-subscriptions', token)).body.subscriptions).toHaveLength(1);
    await page.getByRole('button', { name: 'Sign out of this browser' }).click();
    // Exactly: the account page's own "Type your name, Pia, to confirm" would match at once, before signing out ends.
    await page.getByLabel('Your name', { exact: true }).waitFor();
    expect((await api<Devices>('/v1/push-subscriptions', token)).body.subscriptions).toEqual([]);
    const signedOut = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('test.push')")) ?? '{}') as PushLog;
    expect([signedOut.active, signedOut.unsubscribed]).toEqual([false, 2]);
    expect(pageErrors).toEqual([]);
  });

  it('tells an iPhone in Safari that push comes only to the app added to the Home Screen', async () => {
    const page = await registeredPlayer(world(), 'Ida', '/', async (context) => {
      // Safari in a tab on an iPhone: no PushManager (only the Home Screen app gets one, iOS 16.4+).
      await context.addInitScript(`delete window.PushManager;
        Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => '${IPHONE_SAFARI}' });`);
    });
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByText(/notifications come only to this app on your Home Screen \(iOS 16\.4 or later\)/).waitFor();
    expect(await page.getByRole('switch', { name: 'Notify me on this device' }).count()).toBe(0);
  });
});
