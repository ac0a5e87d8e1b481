import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LogLine } from '../../functions/app/app.js';
import { localEmailPolicy } from '../../functions/compose.js';
import { startMailCatcher, type MailCatcher } from '../../functions/local/mail-catcher.js';
import { emailTarget } from '../../functions/push/email/deliveries.js';
import { SIGN_IN_LINK_TTL_MS, SIGN_IN_LINKS_PER_ADDRESS } from '../../functions/push/email/sign-in-link.js';
import { smtpMailer } from '../../functions/push/email/smtp.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import { manualClock, STORE_KINDS, storeOf, type Reply } from '../support/api.js';
import { startPushApi, type PushApi } from '../support/push-api.js';

/**
 * Issue 25, item 6: signing in on another browser through a one-time link
 * mailed to a confirmed address, on both stores, the mail going by SMTP to
 * the real local mail catcher. The answer to asking never tells whether an
 * address has an account; a link works once, for 15 minutes (a manual
 * clock), and its secret is in no response, log line or stored item.
 */

const APP = 'https://play.example';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

const mailsTo = (address: string): ParsedMail[] => catcher.received.filter((m) => m.envelope.to.includes(address)).map((m) => m.parsed);

/** The secret of a sign-in mail: what follows `#token=` in its link. */
function secretOf(mail: ParsedMail): string {
  const found = new RegExp(`${APP.replaceAll('.', '\\.')}/sign-in/email#token=([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!found?.[1]) throw new Error(`no sign-in link in: ${mail.text}`);
  return found[1];
}

/** A header as sent, unfolded (RFC 5322 §2.2.3): mailparser would parse List-Unsubscribe into parts. */
const headerOf = (mail: ParsedMail, key: string) =>
  mail.headerLines
    .find((h) => h.key === key)
    ?.line.replace(/\r?\n(?=[ \t])/g, '')
    .replace(/^[^:]+:\s*/, '');

const expectProblem = (reply: Reply, status: number, code: string) => {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/problem+json');
  expect(reply.body.code).toBe(code);
};

describe.each(STORE_KINDS)('sign-in links mailed to a confirmed address (%s store)', (kind) => {
  const clock = manualClock();
  const logged: LogLine[] = [];
  /** Every response body this test saw, and every console line: no secret may be among them. */
  const seen: string[] = [];
  const consoleLines = vi.fn((...args: unknown[]) => void seen.push(args.map(String).join(' ')));
  let api: PushApi;
  const address = (name: string) => `${name}-${kind}@example.org`;

  async function settled() {
    await api.push.notifier.idle();
    await api.push.outbox.idle();
  }
  const call = async (path: string, body: unknown, headers: Record<string, string> = { 'user-agent': FIREFOX }) => {
    const reply = await api.client.post(path, { body, headers });
    seen.push(reply.text);
    return reply;
  };
  const ask = (to: string) => call('/v1/sign-in/email', { address: to });
  const use = (token: string, headers?: Record<string, string>) => call('/v1/sign-in/email/link', { token }, headers);

  /** Registers a player with `to` as their address, confirmed through the link mailed to it unless `confirm` is false. */
  async function playerWith(name: string, to: string, confirm = true) {
    const player = await api.client.register(name);
    const before = mailsTo(to).length;
    const caught = catcher.received.length;
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: player.token, body: { address: to } })).status).toBe(202);
    await settled();
    await catcher.until(caught + 1);
    const confirmation = mailsTo(to)[before];
    if (!confirmation) throw new Error(`no confirmation mailed to ${to}`);
    if (confirm) {
      const link = /\/v1\/email\/confirm\?token=\S+/.exec(confirmation.text ?? '')?.[0] ?? '';
      expect((await fetch(`${api.client.baseUrl}${link}`, { method: 'POST' })).status).toBe(200);
    }
    return player;
  }

  /** Asks for a link to `to` and reads the secret of the mail that arrives. */
  async function mailedSecret(to: string): Promise<string> {
    const before = mailsTo(to).length;
    const caught = catcher.received.length;
    expect((await ask(to)).status).toBe(202);
    await settled();
    await catcher.until(caught + 1);
    const mail = mailsTo(to)[before];
    if (!mail) throw new Error(`no sign-in link mailed to ${to}`);
    return secretOf(mail);
  }

  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(consoleLines);
    api = await startPushApi(
      {
        store: await storeOf(kind, 'sign-in-link', clock.now),
        clock: clock.now,
        pushPolicy: {
          ...DEFAULT_PUSH_POLICY,
          allowLoopbackHttp: true,
          appUrl: APP,
          retryDelaysMs: [0, 30, 60, 90],
          email: localEmailPolicy({ MAIL_FROM: 'Valeria Tabletop <play@example.org>' }, randomBytes(32).toString('base64url'), smtpMailer(catcher.smtpUrl)),
        },
      },
      { log: (line) => logged.push(line) },
    );
  });
  afterAll(async () => {
    await api.close();
    vi.restoreAllMocks();
  });

  it('answers the same for a confirmed, an unconfirmed, a disabled and an unknown address, and mails only the confirmed one', async () => {
    const ann = await playerWith('Ann', address('ann'));
    await playerWith('Ben', address('ben'), false);
    const cy = await playerWith('Cy', address('cy'));
    const cyRecord = await api.ctx.push.getEmail(cy.playerId, 'strong');
    await api.ctx.push.putEmail({ ...cyRecord!, disabled: { at: clock.now(), reason: 'bounced (General)' } });
    const before = catcher.received.length;

    const answers = [];
    for (const to of [address('ann'), address('ben'), address('cy'), address('nobody')]) {
      const reply = await ask(to.toUpperCase());
      answers.push({ status: reply.status, body: { ...reply.body, detail: reply.body.detail.replace(to.toUpperCase(), '<address>') } });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({
      status: 202,
      body: {
        expiresInSeconds: 900,
        detail:
          'If <address> is the confirmed address of an account, a sign-in link is on its way. It signs in the browser it is opened in, once, within 15 minutes.',
      },
    });
    await settled();
    await catcher.until(before + 1);
    expect(catcher.received.slice(before).map((m) => m.envelope.to)).toEqual([[address('ann')]]);
    const [mail] = mailsTo(address('ann')).slice(-1);
    expect(mail!.subject).toBe('Your sign-in link for Valeria Tabletop');
    expect(mail!.text).toContain(`Sign in: ${APP}/sign-in/email#token=`);
    expect(mail!.html).toContain(`<a href="${APP}/sign-in/email#token=`);
    expect(mail!.text).toContain('once, until');
    // Every message can be left in one click (RFC 8058): here, sign-in links themselves.
    expect(headerOf(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect((await use(secretOf(mail!))).body.player.playerId).toBe(ann.playerId);
  });

  it('mails the link in the language its player chose: Persian, right to left, its time in Persian digits', async () => {
    const nima = await playerWith('Nima', address('nima'));
    expect((await api.client.request('PUT', '/v1/players/me/preferences', { token: nima.token, body: { language: 'fa' } })).status).toBe(200);
    const secret = await mailedSecret(address('nima'));
    const [mail] = mailsTo(address('nima')).slice(-1);
    expect(mail!.subject).toBe('پیوند ورود شما به Valeria Tabletop');
    expect(mail!.text).toContain(`\u200Fورود: ${APP}/sign-in/email#token=`);
    expect(mail!.text).toMatch(
      /\u200Fاین پیوند مرورگری را که در آن باز شود، فقط یک بار و تا [۰-۹]{1,2} [\u0600-\u06FF]+، [۰-۹]{2}:[۰-۹]{2} UTC وارد می‌کند\./u,
    );
    expect(mail!.text).toContain('\u200Fاین ایمیل را می‌گیرید چون کسی پیوندی خواسته است تا با این نشانی به Valeria Tabletop وارد شود.');
    expect(mail!.html).toContain('<html lang="fa" dir="rtl">');
    expect((await use(secret)).body.player.playerId).toBe(nima.playerId);
  });

  it('answers the asking in the language the request asks for, never the owner’s (the same for a known and an unknown address)', async () => {
    await playerWith('Odile', address('odile'));
    const answers = [];
    for (const to of [address('odile'), address('nobody-fr')]) {
      const reply = await call('/v1/sign-in/email', { address: to }, { 'user-agent': FIREFOX, 'accept-language': 'fr-CA, en;q=0.8' });
      answers.push([reply.status, reply.headers.get('content-language'), reply.body.detail.replace(to, '<address>')]);
    }
    expect(answers).toEqual(
      Array(2).fill([
        202,
        'fr',
        'Si \u2068<address>\u2069 est l’adresse confirmée d’un compte, un lien de connexion est en route. Il connecte le navigateur dans lequel il est ouvert, une seule fois, dans les 15 minutes.',
      ]),
    );
    const persian = await call('/v1/sign-in/email', { address: address('nobody-fa') }, { 'user-agent': FIREFOX, 'accept-language': 'fa' });
    expect(persian.body.detail).toBe(
      `اگر \u2068${address('nobody-fa')}\u2069 نشانی تأییدشدهٔ یک حساب باشد، پیوند ورود در راه است. این پیوند مرورگری را که در آن باز شود، فقط یک بار و ظرف ۱۵ دقیقه وارد می‌کند.`,
    );
    await settled();
  });

  it('signs a browser in with a token of its own, listed as a device and revocable; a second use is refused', async () => {
    const dee = await playerWith('Dee', address('dee'));
    const secret = await mailedSecret(address('dee'));
    const signed = await use(secret);
    expect(signed.status, signed.text).toBe(201);
    expect(signed.body.player).toMatchObject({ playerId: dee.playerId, name: 'Dee' });
    expect(signed.body).toMatchObject({ label: 'Firefox on Linux', device: { method: 'email-link' }, expiresAt: null });
    expect(signed.body.token).not.toBe(dee.token);
    const me = await api.client.get('/v1/players/me', { token: signed.body.token });
    expect(me.body.playerId).toBe(dee.playerId);
    const tokens = (await api.client.get('/v1/players/me/tokens', { token: dee.token })).body.tokens as {
      tokenId: string;
      device: unknown;
      lastUsedAt: string | null;
    }[];
    const device = tokens.find((t) => t.tokenId === signed.body.tokenId);
    expect(device?.device).toEqual({ method: 'email-link' });
    expect(device?.lastUsedAt).toBe(new Date(clock.now()).toISOString());

    expectProblem(await use(secret), 409, 'sign-in-link-used');
    // Revoked from Account: that browser is signed out at once.
    expect((await api.client.request('DELETE', `/v1/players/me/tokens/${signed.body.tokenId}`, { token: dee.token })).status).toBe(204);
    expect((await api.client.get('/v1/players/me', { token: signed.body.token })).status).toBe(401);
  });

  it('lets one of two uses racing win, and refuses the other', async () => {
    await playerWith('Eve', address('eve'));
    const secret = await mailedSecret(address('eve'));
    const replies = await Promise.all([use(secret), use(secret)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)?.body.code).toBe('sign-in-link-used');
  });

  it('works until 15 minutes after it was mailed, and not after', async () => {
    await playerWith('Fay', address('fay'));
    const early = await mailedSecret(address('fay'));
    const late = await mailedSecret(address('fay'));
    clock.advance(SIGN_IN_LINK_TTL_MS - 1);
    expect((await use(early)).status).toBe(201);
    clock.advance(1);
    const expired = await use(late);
    expectProblem(expired, 400, 'sign-in-link-expired');
    expect(Date.parse(expired.body.expiredAt)).toBe(clock.now());
  });

  it('refuses a secret never mailed, and a malformed one, without echoing it', async () => {
    const never = randomBytes(32).toString('base64url');
    const unknown = await use(never);
    expectProblem(unknown, 404, 'sign-in-link-unknown');
    expect(unknown.text).not.toContain(never);
    const malformed = `${never}!`;
    const refused = await use(malformed);
    expectProblem(refused, 400, 'invalid-request');
    expect(refused.text).not.toContain(never);
  });

  it(`mails one address at most ${SIGN_IN_LINKS_PER_ADDRESS} links in 15 minutes, counting unknown addresses alike`, async () => {
    await playerWith('Gus', address('gus'));
    clock.advance(SIGN_IN_LINK_TTL_MS - (clock.now() % SIGN_IN_LINK_TTL_MS));
    for (const to of [address('gus'), address('stranger')]) {
      for (let i = 0; i < SIGN_IN_LINKS_PER_ADDRESS; i++) expect((await ask(to)).status).toBe(202);
      const refused = await ask(to);
      expectProblem(refused, 429, 'too-many-sign-in-links');
      expect(refused.body.limit).toBe(SIGN_IN_LINKS_PER_ADDRESS);
      expect(refused.headers.get('retry-after')).toBe('900');
    }
    await settled();
    expect(mailsTo(address('gus'))).toHaveLength(1 + SIGN_IN_LINKS_PER_ADDRESS);
    clock.advance(SIGN_IN_LINK_TTL_MS);
    expect((await ask(address('gus'))).status).toBe(202);
  });

  it('stops mailing links to an address whose owner clicked the one-click unsubscribe of one (RFC 8058), until it is set again', async () => {
    const hal = await playerWith('Hal', address('hal'));
    await mailedSecret(address('hal'));
    const [mail] = mailsTo(address('hal')).slice(-1);
    const leave = /^<([^>]+)>$/.exec(headerOf(mail!, 'list-unsubscribe') ?? '')?.[1] ?? '';
    expect(leave.startsWith(`${APP}/v1/email/unsubscribe?token=`)).toBe(true);
    const oneClick = await fetch(`${api.client.baseUrl}${leave.slice(APP.length)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    const count = mailsTo(address('hal')).length;
    expect((await ask(address('hal'))).status).toBe(202);
    await settled();
    expect(mailsTo(address('hal'))).toHaveLength(count);
    // Other mail keeps coming: the address is still confirmed. Setting it again asks for links again.
    expect((await api.client.get('/v1/players/me/email', { token: hal.token })).body.confirmed).toBe(true);
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: hal.token, body: { address: address('hal') } })).status).toBe(200);
    await mailedSecret(address('hal'));
  });

  it('signs in whoever confirmed the address last, and nobody once it is removed', async () => {
    const ivy = await playerWith('Ivy', address('ivy'));
    expect((await use(await mailedSecret(address('ivy')))).body.player.playerId).toBe(ivy.playerId);
    const jon = await playerWith('Jon', address('ivy'));
    expect((await use(await mailedSecret(address('ivy')))).body.player.playerId).toBe(jon.playerId);
    // Saving a confirmed address again (from Account) claims it again, as confirming does (in the next window of the per-address limit).
    clock.advance(SIGN_IN_LINK_TTL_MS);
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: ivy.token, body: { address: address('ivy'), digestHour: 9 } })).status).toBe(200);
    expect((await use(await mailedSecret(address('ivy')))).body.player.playerId).toBe(ivy.playerId);
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: jon.token, body: { address: address('ivy') } })).status).toBe(200);
    expect((await api.client.request('DELETE', '/v1/players/me/email', { token: jon.token })).status).toBe(204);
    const count = mailsTo(address('ivy')).length;
    expect((await ask(address('ivy'))).status).toBe(202);
    await settled();
    expect(mailsTo(address('ivy'))).toHaveLength(count);
  });

  it('signs nobody in through the address of a deleted account, and keeps no index of it', async () => {
    const lou = await playerWith('Lou', address('lou'));
    /** The index items naming Lou (DynamoDB only: the memory store's index is a map). */
    const indexOfLou = async () => {
      if (!(api.ctx.store instanceof DynamoStore)) return null;
      const { client, table } = api.ctx.store;
      const items = (await client.send(new ScanCommand({ TableName: table }))).Items ?? [];
      return items.filter((item) => item.playerId?.S === lou.playerId && item.pk?.S?.startsWith('ADDRESS#')).length;
    };
    expect(await indexOfLou()).toBe(kind === 'dynamodb' ? 1 : null);
    expect((await api.client.request('DELETE', '/v1/players/me', { token: lou.token, body: { confirm: 'Lou' } })).status).toBe(204);
    const count = mailsTo(address('lou')).length;
    expect((await ask(address('lou'))).status).toBe(202);
    await settled();
    expect(mailsTo(address('lou'))).toHaveLength(count);
    expect(await indexOfLou()).toBe(kind === 'dynamodb' ? 0 : null);
  });

  it('keeps the secret out of every response, log line, stored delivery and stored item: only its hash is kept', async () => {
    const kim = await playerWith('Kim', address('kim'));
    const secret = await mailedSecret(address('kim'));
    expect((await use(secret)).status).toBe(201);
    expect(await use(secret)).toMatchObject({ status: 409 });
    const deliveries = await api.ctx.push.listDeliveries(emailTarget(kim.playerId), 50);
    expect(deliveries.some((d) => d.type === 'email-sign-in')).toBe(true);
    const stored = [JSON.stringify(deliveries)];
    if (api.ctx.store instanceof DynamoStore) {
      const { client, table } = api.ctx.store;
      stored.push(JSON.stringify((await client.send(new ScanCommand({ TableName: table }))).Items));
    }
    for (const text of [...seen, ...logged.map((line) => JSON.stringify(line)), ...stored]) expect(text).not.toContain(secret);
    expect(logged.some((line) => line.path === '/v1/sign-in/email/link')).toBe(true);
  });
});
