import { ValeriaClient } from '@valeria-tabletop/client';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../support/webhook-receiver.js';
import { expectAccessible, pageErrors, registeredPlayer, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-webhooks');
const receivers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(receivers.map((r) => r.close())));

describe('the web client in Chromium: webhooks', () => {
  it('adds a webhook to a loopback receiver, shows its secret once to copy, tests it and removes it', async () => {
    const good = await startReceiver(() => 204);
    const broken = await startReceiver(() => 500);
    receivers.push(good, broken);
    const ann = await registeredPlayer(world(), 'Ann', '/', (context) => context.grantPermissions(['clipboard-read', 'clipboard-write']));
    await ann.getByRole('link', { name: 'Account', exact: true }).click();
    await ann.getByRole('link', { name: 'webhooks' }).click();
    await ann.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await ann.getByText('None yet.').waitFor();
    await expectAccessible(ann, 'the webhooks page');

    const add = async (url: string) => {
      await ann.getByLabel("Your server's URL (https)").fill(url);
      await ann.getByRole('checkbox', { name: 'Your move' }).check();
      await ann.getByRole('button', { name: 'Add the webhook' }).click();
      const secret = await ann.getByTestId('secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      return secret;
    };
    const secret = await add(good.url);
    await ann.getByRole('button', { name: 'Copy signing secret' }).click();
    await ann.getByText('Copied.').waitFor();
    expect(await ann.evaluate('navigator.clipboard.readText()')).toBe(secret);
    await expectAccessible(ann, 'the secret shown once');
    await screenshotTable(ann, 'webhooks');
    await ann.getByRole('button', { name: 'I have kept it' }).click();
    expect(await ann.getByTestId('secret').count()).toBe(0);
    await ann.getByText(`Your notifications, from every game: Your move.`).waitFor();

    // The test ping reaches the receiver, signed with the secret shown; the page says how it went.
    await ann.getByRole('button', { name: `Send a test to ${good.url}` }).click();
    await expect.poll(() => ann.getByRole('status', { name: `Test of ${good.url}` }).textContent()).toBe('Delivered: your server answered with success (2xx).');
    expect(good.received).toHaveLength(1);
    const ping = good.received[0];
    const headers = Object.fromEntries(Object.entries(ping?.headers ?? {}).map(([k, v]) => [k, String(v)]));
    expect(new Webhook(secret).verify(ping?.body ?? '', headers)).toMatchObject({ type: 'ping' });

    // A receiver that answers 500 is refused, and no more is said (its status or text would make the ping a port scanner).
    await add(broken.url);
    await ann.getByRole('button', { name: 'I have kept it' }).click();
    await ann.getByRole('button', { name: `Send a test to ${broken.url}` }).click();
    await expect
      .poll(() => ann.getByRole('status', { name: `Test of ${broken.url}` }).textContent())
      .toBe('Refused: your server answered with an error, could not be reached, or its URL no longer resolves to a public address.');
    await expectAccessible(ann, 'the webhooks page with two webhooks tested');

    await ann.getByRole('button', { name: `Remove the webhook to ${good.url}` }).click();
    await ann.getByRole('button', { name: `Remove the webhook to ${broken.url}` }).click();
    await ann.getByText('None yet.').waitFor();
    const token = String(await ann.evaluate("localStorage.getItem('valeria.token')"));
    const { data } = await new ValeriaClient({ baseUrl: world().url, token }).api.GET('/v1/webhooks');
    expect(data?.webhooks).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('adds a Discord webhook: the format chosen where it goes, its test posted in Discord’s shape', async () => {
    const channel = await startReceiver(() => 204);
    receivers.push(channel);
    const ben = await registeredPlayer(world(), 'Ben', '/webhooks');
    await ben.getByLabel("Your server's URL (https)").fill(channel.url);
    await ben.getByLabel('Where it goes').selectOption({ label: 'A Discord channel (its incoming webhook URL)' });
    await ben.getByText('A turn handed back by an undo is not posted again.').waitFor();
    await ben.getByRole('button', { name: 'Add the webhook' }).click();
    await ben.getByRole('button', { name: 'I have kept it' }).click();
    await ben.getByText(`${channel.url} (Discord)`).waitFor();
    await expectAccessible(ben, 'the webhooks page with a Discord webhook');
    await ben.getByRole('button', { name: `Send a test to ${channel.url}` }).click();
    await expect
      .poll(() => ben.getByRole('status', { name: `Test of ${channel.url}` }).textContent())
      .toBe('Delivered: your server answered with success (2xx).');
    expect(JSON.parse(channel.received[0]?.body ?? '{}')).toEqual({
      content: 'Valeria Tabletop: this webhook works. Game news will appear here.',
      allowed_mentions: { parse: [] },
    });
    expect(pageErrors).toEqual([]);
  });
});
