import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localEmailPolicy } from '../../functions/compose.js';
import { disableFromSesEvent } from '../../functions/push/email/bounces.js';
import { fireDigest } from '../../functions/push/email/digest.js';
import { localDay, nextLocalHour } from '../../functions/push/email/local-time.js';
import { sesRequest } from '../../functions/push/email/ses.js';
import { smtpMailer } from '../../functions/push/email/smtp.js';
import { startMailCatcher, type MailCatcher } from '../../functions/local/mail-catcher.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import type { Language } from '../../functions/service/languages.js';
import { storeOf } from '../support/api.js';
import { startPushApi, type PushApi } from '../support/push-api.js';

/**
 * E-mail end to end: the API under `npm start`'s composition, sending by SMTP
 * to the real local mail catcher, each message parsed by mailparser.
 */
const APP = 'https://play.example';
const SEED = randomBytes(32).toString('base64url');

let catcher: MailCatcher;
let api: PushApi;
beforeAll(async () => {
  catcher = await startMailCatcher();
  api = await startPushApi({
    store: await storeOf('dynamodb', 'push-email'),
    pushPolicy: {
      ...DEFAULT_PUSH_POLICY,
      allowLoopbackHttp: true,
      appUrl: APP,
      retryDelaysMs: [0, 30, 60, 90],
      email: localEmailPolicy({ MAIL_FROM: 'Valeria Tabletop <play@example.org>' }, SEED, smtpMailer(catcher.smtpUrl)),
    },
  });
});
afterAll(async () => {
  await api.close();
  await catcher.stop();
});

/** Everything queued so far handled: notified, delivered to the catcher (or closed). */
async function settled() {
  await api.push.notifier.idle();
  await api.push.outbox.idle();
}

const mailsTo = (address: string) => catcher.received.filter((m) => m.envelope.to.includes(address)).map((m) => m.parsed);

/** A link of the message as a path on this test's server (the messages link to the app's origin). */
function linkOf(mail: ParsedMail, prefix: string): string {
  const found = (mail.text ?? '').match(new RegExp(`${APP.replaceAll('.', '\\.')}${prefix}\\S+`));
  if (!found) throw new Error(`no ${prefix} link in: ${mail.text}`);
  return found[0].slice(APP.length);
}

/** The RFC 8058 headers, as sent: one https URL in angle brackets, and the one-click body to post to it. */
function oneClick(mail: ParsedMail): string {
  // Unfolded (RFC 5322 §2.2.3): a long header goes on over lines that start with white space.
  const line = (key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r?\n(?=[ \t])/g, '');
  expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const url = /^List-Unsubscribe:\s*<([^>]+)>$/.exec(line('list-unsubscribe') ?? '')?.[1] ?? '';
  expect(url.startsWith(`${APP}/v1/email/unsubscribe?token=`)).toBe(true);
  return url.slice(APP.length);
}

/** What a mail app does with those headers: a POST, no session, the one-click body (RFC 8058 §3.2). */
const postOneClick = (path: string) =>
  fetch(`${api.client.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

/** An SES event (its EventBridge shape) about a message mailed to the player at `address`. */
const sesEventFor = (playerId: string, address: string, eventType: string, detail: object) => ({
  version: '0',
  source: 'aws.ses',
  'detail-type': eventType === 'Bounce' ? 'Email Bounced' : 'Email Complaint Received',
  detail: {
    eventType,
    mail: { timestamp: '2026-11-26T10:00:00.000Z', source: 'play@example.org', destination: [address], tags: { player: [playerId] } },
    ...detail,
  },
});

/** A player whose address is confirmed through the link mailed to it; with a `language`, chosen on their preferences before the address is set. */
async function confirmedPlayer(name: string, address: string, settings: object = {}, language?: Language) {
  const player = await api.client.register(name);
  if (language) expect((await api.client.request('PUT', '/v1/players/me/preferences', { token: player.token, body: { language } })).status).toBe(200);
  const before = catcher.received.length;
  const put = await api.client.request('PUT', '/v1/players/me/email', { token: player.token, body: { address, ...settings } });
  expect(put.status).toBe(202);
  await settled();
  await catcher.until(before + 1);
  const [confirmation] = mailsTo(address).slice(-1);
  const confirmed = await fetch(`${api.client.baseUrl}${linkOf(confirmation!, '/v1/email/confirm')}`, { method: 'POST' });
  expect(confirmed.status).toBe(200);
  return { ...player, confirmation: confirmation!, confirmedPage: { language: confirmed.headers.get('content-language'), html: await confirmed.text() } };
}

/** A two-player Village Pillage game between them, started: each is awaited (the first turn is simultaneous). */
async function gameBetween(a: { token: string }, b: { token: string }) {
  const gameId: string = (await api.client.post('/v1/games', { token: a.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId;
  expect((await api.client.post(`/v1/games/${gameId}/join`, { token: b.token, body: {} })).status).toBe(200);
  await settled();
  return gameId;
}

describe('e-mail (SMTP to the local mail catcher)', () => {
  it('mails a confirmation link (plain text and HTML, one-click unsubscribe) and nothing else until it is followed, once', async () => {
    const { client } = api;
    const ann = await client.register('Ann Mail');
    const ben = await client.register('Ben Mail');
    expect((await client.get('/v1/players/me/email', { token: ann.token })).body.code).toBe('email-not-set');
    const put = await client.request('PUT', '/v1/players/me/email', {
      token: ann.token,
      body: { address: 'ann@example.org', timeZone: 'Europe/Paris', digestHour: 7 },
    });
    expect([put.status, put.body]).toEqual([
      202,
      { address: 'ann@example.org', confirmed: false, confirmedAt: null, timeZone: 'Europe/Paris', digestHour: 7, digest: true, disabled: null },
    ]);
    await client.request('PUT', '/v1/players/me/preferences', { token: ann.token, body: { notify: { 'your-turn': { email: true } } } });
    await settled();
    await catcher.until(1);
    // Unconfirmed: her turn is not mailed.
    await gameBetween(ann, ben);
    const mails = mailsTo('ann@example.org');
    expect(mails).toHaveLength(1);
    const [confirmation] = mails;
    expect(confirmation!.subject).toBe('Confirm your e-mail address for Valeria Tabletop');
    expect(confirmation!.from?.value).toEqual([{ name: 'Valeria Tabletop', address: 'play@example.org' }]);
    expect(confirmation!.text).toContain('Confirm this address: https://play.example/v1/email/confirm?token=');
    expect(confirmation!.html).toContain('<a href="https://play.example/v1/email/confirm?token=');
    oneClick(confirmation!);

    const link = linkOf(confirmation!, '/v1/email/confirm');
    // Opening the link (a mail scanner does) shows a button and confirms nothing.
    const page = await fetch(`${client.baseUrl}${link}`);
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=UTF-8']);
    expect(await page.text()).toContain('<form method="post"');
    expect((await client.get('/v1/players/me/email', { token: ann.token })).body.confirmed).toBe(false);
    expect((await fetch(`${client.baseUrl}${link}`, { method: 'POST' })).status).toBe(200);
    const after = (await client.get('/v1/players/me/email', { token: ann.token })).body;
    expect([after.confirmed, typeof after.confirmedAt]).toEqual([true, 'string']);
    // Single use; a token altered or made for another purpose is nobody's.
    const again = await fetch(`${client.baseUrl}${link}`, { method: 'POST' });
    expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([404, 'email-link-invalid']);
    const forged = `${link.slice(0, -3)}abc`;
    expect((await fetch(`${client.baseUrl}${forged}`, { method: 'POST' })).status).toBe(404);
    const unsubscribeAsConfirm = `/v1/email/confirm?${oneClick(confirmation!).split('?')[1]}`;
    expect((await fetch(`${client.baseUrl}${unsubscribeAsConfirm}`, { method: 'POST' })).status).toBe(404);
    // Bad input changes nothing.
    const bad = await client.request('PUT', '/v1/players/me/email', { token: ann.token, body: { address: 'not an address' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid-request']);
    const zone = await client.request('PUT', '/v1/players/me/email', { token: ann.token, body: { address: 'ann@example.org', timeZone: 'Mars/Olympus' } });
    expect([zone.status, zone.body.code]).toEqual([400, 'invalid-request']);
    // The same address takes new settings without a new confirmation.
    const same = await client.request('PUT', '/v1/players/me/email', { token: ann.token, body: { address: 'Ann@Example.org', digestHour: 9 } });
    expect([same.status, same.body.confirmed, same.body.digestHour]).toEqual([200, true, 9]);
    await settled();
    expect(mailsTo('ann@example.org')).toHaveLength(1);
  });

  it('mails a turn notice where its cell is on, and one click on its List-Unsubscribe turns that cell off', async () => {
    const cat = await confirmedPlayer('Cat Mail', 'cat@example.org', { timeZone: 'America/New_York' });
    const dan = await api.client.register('Dan Mail');
    const before = catcher.received.length;
    // Your turn is off by default: the game starts, nothing is mailed.
    await gameBetween(cat, dan);
    expect(catcher.received.length).toBe(before);
    expect((await api.client.get('/v1/players/me/preferences', { token: cat.token })).body.notify['your-turn'].email).toBe(false);
    await api.client.request('PUT', '/v1/players/me/preferences', { token: cat.token, body: { notify: { 'your-turn': { email: true } } } });
    const gameId = await gameBetween(cat, dan);
    await catcher.until(before + 1);
    const [notice] = mailsTo('cat@example.org').slice(-1);
    expect(notice!.subject).toMatch(/^Your turn in Village Pillage: play by \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d America\/New_York\.$/);
    expect(notice!.text).toContain(`Open Village Pillage: ${APP}/g/${gameId}`);
    expect(notice!.html).toContain(`<a href="${APP}/g/${gameId}">`);
    expect(mailsTo('dan@example.org')).toEqual([]);

    const leave = oneClick(notice!);
    const page = await fetch(`${api.client.baseUrl}${leave}`);
    expect(await page.text()).toContain('name="List-Unsubscribe" value="One-Click"');
    const done = await postOneClick(leave);
    expect(done.status).toBe(200);
    expect((await postOneClick(leave)).status).toBe(200);
    const notify = (await api.client.get('/v1/players/me/preferences', { token: cat.token })).body.notify;
    expect(notify['your-turn']).toEqual({ stream: true, webhook: true, push: true, email: false });
    // Other types keep their e-mail.
    expect(notify['deadline-soon'].email).toBe(true);
    const count = catcher.received.length;
    await gameBetween(cat, dan);
    expect(catcher.received.length).toBe(count);
  });

  it('sends the daily digest at the chosen local hour, listing the games waiting by deadline, once a local day', async () => {
    // Two digest hours whose next occurrences fall on one local day in Tokyo, whatever the hour the test runs at:
    // the day, not the hour, is what a digest is sent once for.
    const tokyoHour = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', hour: 'numeric', hourCycle: 'h23' }).format(Date.now()));
    const [firstHour, laterHour] = tokyoHour <= 20 ? [tokyoHour + 2, tokyoHour + 3] : [1, 2];
    const eve = await confirmedPlayer('Eve Mail', 'eve@example.org', { timeZone: 'Asia/Tokyo', digestHour: firstHour });
    const fay = await api.client.register('Fay Mail');
    const games: string[] = [];
    const day = 24 * 60 * 60;
    for (const days of [2, 1, 3]) {
      const deadlines = { windowSeconds: days * day, turnSeconds: days * day };
      const gameId: string = (await api.client.post('/v1/games', { token: eve.token, body: { game: 'village-pillage', seats: 2, deadlines } })).body.gameId;
      expect((await api.client.post(`/v1/games/${gameId}/join`, { token: fay.token, body: {} })).status).toBe(200);
      games.push(gameId);
    }
    // A game not started waits for nobody.
    await api.client.post('/v1/games', { token: eve.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } });
    await settled();
    const mine = (await api.client.get('/v1/games?awaiting=me', { token: eve.token })).body.games as { gameId: string; deadline: string }[];
    const byDeadline = [...mine].sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline)).map((g) => g.gameId);
    expect(byDeadline).toEqual([games[1], games[0], games[2]]);

    const now = api.ctx.clock();
    const dueAt = nextLocalHour('Asia/Tokyo', firstHour, now);
    // As a number: with hourCycle h23, 'numeric' writes the hours before 10 as 01…09.
    expect(Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', hour: 'numeric', hourCycle: 'h23' }).format(dueAt))).toBe(firstHour);
    const payload = { kind: 'email-digest', playerId: eve.playerId, dueAt } as const;
    // Confirming planned it on the one timer system: the next such hour in Tokyo.
    const planned = async () => (await api.ctx.push.listTimers()).filter((t) => t.payload.kind === 'email-digest' && t.payload.playerId === eve.playerId);
    expect(await planned()).toEqual([{ id: `digest:${eve.playerId}:${localDay(dueAt, 'Asia/Tokyo')}`, dueAt, payload }]);
    const before = catcher.received.length;
    await fireDigest(api.ctx, api.push.timers, api.push.outbox, payload);
    await settled();
    await catcher.until(before + 1);
    const [digest] = mailsTo('eve@example.org').slice(-1);
    expect(digest!.subject).toBe('3 games wait for your move');
    expect(digest!.text).toContain(`Your games waiting for your move on ${localDay(dueAt, 'Asia/Tokyo')}, the nearest deadline first:`);
    const listed = [...(digest!.text ?? '').matchAll(/\/g\/(g_[A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    expect(listed).toEqual(byDeadline);
    expect(digest!.text).toMatch(/Village Pillage: play by \d{1,2} [A-Z][a-z]{2}, \d\d:\d\d Asia\/Tokyo/);

    // The same firing again (a retry), or the day planned again at another hour, sends nothing more that day.
    await fireDigest(api.ctx, api.push.timers, api.push.outbox, payload);
    await api.client.request('PUT', '/v1/players/me/email', { token: eve.token, body: { address: 'eve@example.org', digestHour: laterHour } });
    // The first hour's timer is dropped, the later one planned (the firing above, early, planned tomorrow's too: its own hour will find it out of date).
    expect((await planned()).map((t) => t.dueAt)).toContain(nextLocalHour('Asia/Tokyo', laterHour, api.ctx.clock()));
    expect((await planned()).map((t) => t.dueAt)).not.toContain(dueAt);
    await fireDigest(api.ctx, api.push.timers, api.push.outbox, { ...payload, dueAt: nextLocalHour('Asia/Tokyo', laterHour, now) });
    // A timer of the old hour is out of date now and does nothing either.
    await fireDigest(api.ctx, api.push.timers, api.push.outbox, { ...payload, dueAt: nextLocalHour('Asia/Tokyo', firstHour, dueAt) });
    await settled();
    expect(mailsTo('eve@example.org')).toHaveLength(2);

    // One click on the digest's header stops the digest, and nothing else.
    expect((await postOneClick(oneClick(digest!))).status).toBe(200);
    const settings = (await api.client.get('/v1/players/me/email', { token: eve.token })).body;
    expect([settings.digest, settings.confirmed]).toEqual([false, true]);
  });

  it('disables an address on a permanent bounce or a complaint (the SES event shape), and not on a transient bounce', async () => {
    const gus = await confirmedPlayer('Gus Mail', 'gus@example.org');
    const hal = await api.client.register('Hal Mail');
    await api.client.request('PUT', '/v1/players/me/preferences', { token: gus.token, body: { notify: { 'your-turn': { email: true } } } });
    const sesEvent = (eventType: string, detail: object) => sesEventFor(gus.playerId, 'gus@example.org', eventType, detail);
    const transient = sesEvent('Bounce', {
      bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull', bouncedRecipients: [{ emailAddress: 'gus@example.org' }] },
    });
    expect(await disableFromSesEvent(api.ctx, transient)).toBe(false);
    const otherAddress = sesEvent('Bounce', { bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: 'old@example.org' }] } });
    expect(await disableFromSesEvent(api.ctx, otherAddress)).toBe(false);
    expect(await disableFromSesEvent(api.ctx, { detail: 'not an SES event' })).toBe(false);
    expect((await api.client.get('/v1/players/me/email', { token: gus.token })).body.disabled).toBeNull();

    const permanent = sesEvent('Bounce', {
      bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: 'Gus@Example.org' }] },
    });
    expect(await disableFromSesEvent(api.ctx, permanent)).toBe(true);
    const disabled = (await api.client.get('/v1/players/me/email', { token: gus.token })).body.disabled;
    expect(disabled.reason).toBe('bounced (General)');
    const count = catcher.received.length;
    await gameBetween(gus, hal);
    expect(catcher.received.length).toBe(count);

    // Setting the address again starts over: a new confirmation.
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: gus.token, body: { address: 'gus@example.org' } })).status).toBe(202);
    await settled();
    await catcher.until(count + 1);
    const complaint = sesEvent('Complaint', { complaint: { complainedRecipients: [{ emailAddress: 'gus@example.org' }], complaintFeedbackType: 'abuse' } });
    expect(await disableFromSesEvent(api.ctx, complaint)).toBe(true);
    expect((await api.client.get('/v1/players/me/email', { token: gus.token })).body.disabled.reason).toBe('marked as spam');
    expect((await api.client.request('DELETE', '/v1/players/me/email', { token: gus.token })).status).toBe(204);
    expect((await api.client.get('/v1/players/me/email', { token: gus.token })).body.code).toBe('email-not-set');
  });
});

/** What a French and a Persian reader are mailed, and the pages their links open (each language's words, digits and direction). */
const SPOKEN = {
  fr: {
    timeZone: 'Europe/Paris',
    html: '<html lang="fr" dir="ltr">',
    confirmation: {
      subject: 'Confirmez votre adresse e-mail pour Valeria Tabletop',
      text: [
        'Quelqu’un (vous, nous l’espérons) a demandé à Valeria Tabletop d’envoyer les notifications de ses parties à \u2068ana@example.org\u2069.',
        `Confirmer cette adresse\u00A0: ${APP}/v1/email/confirm?token=`,
        'Vous recevez cet e-mail parce que quelqu’un a demandé à Valeria Tabletop d’écrire à cette adresse.',
        `Oublier cette adresse\u00A0: ${APP}/v1/email/unsubscribe?token=`,
      ],
      until: /Le lien ne sert qu’une fois, jusqu’au \d{1,2} [a-zéû]+\.?, \d\d:\d\d Europe\/Paris\./u,
    },
    bounced: 'rejeté définitivement (General)',
    pages: { ask: 'Confirmez votre adresse e-mail', confirmed: 'Les notifications de vos parties seront envoyées à \u2068ana@example.org\u2069.' },
    turn: {
      subject: /^À vous de jouer dans Village Pillage\u00A0: jouez avant le \d{1,2} [a-zéû]+\.?, \d\d:\d\d Europe\/Paris\.$/u,
      text: [
        'Ouvrir Village Pillage\u00A0: ',
        'Vous recevez cet e-mail parce que c’est à vous de jouer dans une partie sur Valeria Tabletop.',
        'Choisir ce que vous recevez (Compte)',
      ],
    },
    digest: {
      subject: '2 parties attendent que vous jouiez',
      text: [
        /Vos parties qui attendent que vous jouiez, le \d{1,2} [a-zéû]+ 20\d\d, l’échéance la plus proche d’abord\u00A0:/u,
        /Village Pillage\u00A0: jouez avant le \d{1,2} [a-zéû]+\.?, \d\d:\d\d Europe\/Paris\nOuvrir la table\u00A0: /u,
      ],
    },
  },
  fa: {
    timeZone: 'Asia/Tehran',
    html: '<html lang="fa" dir="rtl">',
    confirmation: {
      subject: 'نشانی ایمیل خود را برای Valeria Tabletop تأیید کنید',
      text: [
        '\u200Fکسی (امیدواریم خودتان) از Valeria Tabletop خواسته است اعلان‌های بازی‌هایش را به \u2068ana@example.org\u2069 بفرستد.',
        `\u200Fتأیید این نشانی: ${APP}/v1/email/confirm?token=`,
        '\u200Fاین ایمیل را می‌گیرید چون کسی از Valeria Tabletop خواسته است به این نشانی ایمیل بفرستد.',
        `\u200Fفراموش کردن این نشانی: ${APP}/v1/email/unsubscribe?token=`,
      ],
      until: /\u200Fاین پیوند فقط یک بار و تا [۰-۹]{1,2} [\u0600-\u06FF]+، [۰-۹]{2}:[۰-۹]{2} Asia\/Tehran کار می‌کند\./u,
    },
    bounced: 'برگشت خورد (General)',
    pages: { ask: 'نشانی ایمیل خود را تأیید کنید', confirmed: 'اعلان‌های بازی‌هایتان به \u2068ana@example.org\u2069 فرستاده می‌شود.' },
    turn: {
      subject: /^نوبت شما در غارت دهکده: تا [۰-۹]{1,2} [\u0600-\u06FF]+، [۰-۹]{2}:[۰-۹]{2} Asia\/Tehran بازی کنید\.$/u,
      text: [
        '\u200Fباز کردن غارت دهکده: ',
        '\u200Fاین ایمیل را می‌گیرید چون در یکی از بازی‌هایتان در Valeria Tabletop نوبت شما شده است.',
        '\u200Fانتخاب آنچه برایتان فرستاده می‌شود (حساب)',
      ],
    },
    digest: {
      subject: '۲ بازی منتظر حرکت شماست',
      text: [
        /\u200Fبازی‌هایی که در [۰-۹]{1,2} [\u0600-\u06FF]+ [۰-۹]{4} منتظر حرکت شما هستند، نزدیک‌ترین مهلت اول:/u,
        /\u200Fغارت دهکده: تا [۰-۹]{1,2} [\u0600-\u06FF]+، [۰-۹]{2}:[۰-۹]{2} Asia\/Tehran بازی کنید\n\u200Fباز کردن میز: /u,
      ],
    },
  },
} as const;

describe.each(['fr', 'fa'] as const)('e-mail in the language the player chose (%s)', (language) => {
  const spoken = SPOKEN[language];
  const address = (name: string) => `${name}-${language}@example.org`;
  const replaceAddress = (text: string, name: string) => text.replace('ana@example.org', address(name));

  it('mails the confirmation, a turn and the digest in it; the confirmation link’s pages and a bounce’s reason speak it', async () => {
    const ana = await confirmedPlayer(`Ana ${language}`, address('ana'), { timeZone: spoken.timeZone, digestHour: 8 }, language);
    const { confirmation } = ana;
    expect(confirmation.subject).toBe(spoken.confirmation.subject);
    for (const line of spoken.confirmation.text) expect(confirmation.text).toContain(replaceAddress(line, 'ana'));
    expect(confirmation.text).toMatch(spoken.confirmation.until);
    expect(confirmation.html).toContain(spoken.html);
    expect(confirmation.html).toContain(`<a href="${APP}/v1/email/confirm?token=`);
    // The one-click headers are the same in every language.
    oneClick(confirmation);
    expect(ana.confirmedPage.language).toBe(language);
    expect(ana.confirmedPage.html).toContain(spoken.html);
    expect(ana.confirmedPage.html).toContain(replaceAddress(spoken.pages.confirmed, 'ana'));
    // The page a link opens speaks its player's language, whatever the browser asks for.
    const asked = await fetch(`${api.client.baseUrl}${linkOf(confirmation, '/v1/email/confirm')}`, { headers: { 'accept-language': 'en' } });
    expect(asked.headers.get('content-language')).toBe(language);
    const page = await asked.text();
    expect([page.includes(spoken.html), page.includes(`<h1>${spoken.pages.ask}</h1>`)]).toEqual([true, true]);

    await api.client.request('PUT', '/v1/players/me/preferences', { token: ana.token, body: { notify: { 'your-turn': { email: true } } } });
    const bo = await api.client.register(`Bo ${language}`);
    const caught = catcher.received.length;
    const games = [await gameBetween(ana, bo), await gameBetween(ana, bo)];
    await catcher.until(caught + 2);
    const turn = mailsTo(address('ana')).find((mail) => mail.text?.includes(`${APP}/g/${games[1]}`));
    expect(turn!.subject).toMatch(spoken.turn.subject);
    for (const line of spoken.turn.text) expect(turn!.text).toContain(line);
    expect(turn!.html).toContain(spoken.html);

    const dueAt = nextLocalHour(spoken.timeZone, 8, api.ctx.clock());
    const count = catcher.received.length;
    await fireDigest(api.ctx, api.push.timers, api.push.outbox, { kind: 'email-digest', playerId: ana.playerId, dueAt });
    await settled();
    await catcher.until(count + 1);
    const [digest] = mailsTo(address('ana')).slice(-1);
    expect(digest!.subject).toBe(spoken.digest.subject);
    for (const line of spoken.digest.text) expect(digest!.text).toMatch(line);
    expect(digest!.html).toContain(spoken.html);

    // A permanent bounce says why in the player's language too (Account shows it).
    const bounce = { bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: address('ana') }] } };
    expect(await disableFromSesEvent(api.ctx, sesEventFor(ana.playerId, address('ana'), 'Bounce', bounce))).toBe(true);
    expect((await api.client.get('/v1/players/me/email', { token: ana.token })).body.disabled.reason).toBe(spoken.bounced);
  });
});

describe('e-mail for a player who chose no language', () => {
  it('is written in the language the browser asked for when setting the address, until the player chooses one', async () => {
    const jo = await api.client.register('Jo Mail');
    const before = catcher.received.length;
    const body = { address: 'jo@example.org', timeZone: 'Europe/Paris' };
    const put = await api.client.request('PUT', '/v1/players/me/email', { token: jo.token, body, headers: { 'accept-language': 'fr-CA, en;q=0.8' } });
    expect(put.status).toBe(202);
    await settled();
    await catcher.until(before + 1);
    expect(mailsTo('jo@example.org').map((mail) => mail.subject)).toEqual(['Confirmez votre adresse e-mail pour Valeria Tabletop']);
    // Chosen on their preferences, a language wins over the browser's; setting the address again without a header keeps the browser's.
    await api.client.request('PUT', '/v1/players/me/preferences', { token: jo.token, body: { language: 'fa' } });
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: jo.token, body })).status).toBe(202);
    await settled();
    await catcher.until(before + 2);
    expect(mailsTo('jo@example.org')[1]!.subject).toBe('نشانی ایمیل خود را برای Valeria Tabletop تأیید کنید');
    expect((await api.ctx.push.getEmail(jo.playerId, 'strong'))?.language).toBe('fr');
  });
});

describe('the pages of e-mail links, for a player who chose no language', () => {
  it('speak the language the browser asks for (Accept-Language), English otherwise', async () => {
    const { confirmation } = await confirmedPlayer('Ida Mail', 'ida@example.org');
    const link = `${api.client.baseUrl}${oneClick(confirmation)}`;
    const persian = await fetch(link, { headers: { 'accept-language': 'fa-IR, en;q=0.5' } });
    expect(persian.headers.get('content-language')).toBe('fa');
    const html = await persian.text();
    expect([html.includes('<html lang="fa" dir="rtl">'), html.includes('<h1>توقف این ایمیل‌ها</h1>'), html.includes('>لغو اشتراک</button>')]).toEqual([
      true,
      true,
      true,
    ]);
    const english = await fetch(link);
    expect(await english.text()).toContain(
      '<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Stop these e-mails</title>',
    );
  });
});

describe('e-mail, pure parts', () => {
  it('plans the digest at the local hour across daylight saving, and names the local day', () => {
    expect(nextLocalHour('Europe/Paris', 8, Date.UTC(2026, 10, 26, 12))).toBe(Date.UTC(2026, 10, 27, 7));
    expect(nextLocalHour('Europe/Paris', 8, Date.UTC(2026, 10, 26, 6))).toBe(Date.UTC(2026, 10, 26, 7));
    // New York springs forward on 8 March 2026: 8:00 is 13:00 UTC the day before, 12:00 UTC that day.
    expect(nextLocalHour('America/New_York', 8, Date.UTC(2026, 2, 7, 14))).toBe(Date.UTC(2026, 2, 8, 12));
    expect(nextLocalHour('UTC', 0, Date.UTC(2026, 11, 31, 23))).toBe(Date.UTC(2027, 0, 1, 0));
    expect(localDay(Date.UTC(2026, 10, 26, 23), 'Asia/Tokyo')).toBe('2026-11-27');
  });

  it('asks SES for both parts, the unsubscribe headers, the configuration set and the player tag', () => {
    const request = sesRequest(
      {
        from: 'f@example.org',
        to: 't@example.org',
        subject: 'S',
        text: 'T',
        html: '<p>H</p>',
        headers: { 'List-Unsubscribe': '<https://x>' },
        playerId: 'pl_1',
      },
      'valeria-mail',
    );
    expect(request).toEqual({
      FromEmailAddress: 'f@example.org',
      Destination: { ToAddresses: ['t@example.org'] },
      Content: {
        Simple: {
          Subject: { Data: 'S', Charset: 'UTF-8' },
          Body: { Text: { Data: 'T', Charset: 'UTF-8' }, Html: { Data: '<p>H</p>', Charset: 'UTF-8' } },
          Headers: [{ Name: 'List-Unsubscribe', Value: '<https://x>' }],
        },
      },
      ConfigurationSetName: 'valeria-mail',
      EmailTags: [{ Name: 'player', Value: 'pl_1' }],
    });
  });
});
