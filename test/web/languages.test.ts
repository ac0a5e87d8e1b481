import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../web/src/i18n/catalogs/en.json' with { type: 'json' };
import fa from '../../web/src/i18n/catalogs/fa.json' with { type: 'json' };
import fr from '../../web/src/i18n/catalogs/fr.json' with { type: 'json' };
import { ApiClient } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';
import { expectAccessible, pageErrors, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-languages');

const api = (path: string, token: string, body?: unknown) =>
  fetch(`${world().url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));

/** A running game of each kind where `token`'s player sits with Ann (a Latin name at a Persian table) and, for three seats, a bot. */
async function gamesWith(token: string): Promise<Record<string, string>> {
  const ann = (await (
    await fetch(`${world().url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ann"}' })
  ).json()) as {
    token: string;
  };
  const games: Record<string, string> = {};
  for (const [game, seats] of [
    ['village-pillage', 2],
    ['villages-of-valeria', 3],
    ['valeria-card-kingdoms', 2],
  ] as const) {
    const created = await api('/v1/games', token, { game, seats, deadlines: 'daily' });
    const gameId = created.body.gameId as string;
    expect((await api(`/v1/games/${gameId}/join`, ann.token, {})).status).toBeLessThan(300);
    if (seats === 3) expect((await api(`/v1/games/${gameId}/bots`, token, { level: 'greedy' })).status).toBeLessThan(300);
    games[game] = gameId;
  }
  return games;
}

const documentLanguage = (page: Page) => page.evaluate<[string, string]>('[document.documentElement.lang, document.documentElement.dir]');

describe('the web client in Persian and French', () => {
  it('follows a Persian browser right to left, is kept in French once chosen on Account, and passes axe with no violation in both', async () => {
    const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'fa-IR' });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${world().url}/account`);
    await page.getByRole('heading', { name: 'بازی‌های والریا را با دوستانتان بازی کنید' }).waitFor();
    expect(await documentLanguage(page)).toEqual(['fa', 'rtl']);
    await expectAccessible(page, 'the sign-in page in Persian');

    await page.getByLabel('نام شما').fill('نگار');
    await page.getByRole('button', { name: 'ثبت‌نام' }).click();
    const token = await page.getByTestId('token').inputValue();
    await page.getByRole('button', { name: /ادامه/ }).click();
    await page.getByRole('link', { name: 'حساب', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'بازی‌های شما' }).waitFor();
    await expectAccessible(page, 'your games in Persian');
    for (const [path, heading] of [
      ['/lobby', 'شروع یک بازی تازه'],
      ['/notifications', 'اعلان‌ها'],
    ] as const) {
      await page.goto(`${world().url}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await expectAccessible(page, `${path} in Persian`);
    }
    const games = await gamesWith(token);

    for (const [game, gameId] of Object.entries(games)) {
      await page.goto(`${world().url}/g/${gameId}`);
      await page.getByRole('region', { name: 'میز بازی' }).waitFor();
      // The Latin name reads whole in the Persian page, isolated from the sentence around it.
      expect(await page.locator('.scoreboard bdi', { hasText: 'Ann' }).count()).toBeGreaterThan(0);
      await expectAccessible(page, `the ${game} table in Persian`);
      // The other two tables are pictured mid-game by their own language tests.
      if (game === 'village-pillage') await screenshotTable(page, `${game}-fa`);
    }

    await page.goto(`${world().url}/account`);
    await page.getByLabel('زبان').selectOption('fr');
    await page.getByRole('heading', { name: 'Compte', exact: true }).waitFor();
    expect(await documentLanguage(page)).toEqual(['fr', 'ltr']);
    // Kept for the player (the API's preferences) and in this browser.
    await expect.poll(async () => (await api('/v1/players/me/preferences', token)).body.language).toBe('fr');
    await page.reload();
    await page.getByRole('heading', { name: 'Compte', exact: true }).waitFor();
    await expectAccessible(page, 'the account page in French');

    for (const [game, gameId] of Object.entries(games)) {
      await page.goto(`${world().url}/g/${gameId}`);
      await page.getByRole('region', { name: 'La table' }).waitFor();
      await expectAccessible(page, `the ${game} table in French`);
      if (game === 'village-pillage') await screenshotTable(page, `${game}-fr`);
    }
    expect(pageErrors).toEqual([]);
  });

  it('shows a new browser of the same player the language they chose on another', async () => {
    const context = await world().browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const { token } = (await (
      await fetch(`${world().url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Zoé"}' })
    ).json()) as {
      token: string;
    };
    await fetch(`${world().url}/v1/players/me/preferences`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"language":"fa"}',
    });
    await page.goto(`${world().url}/account`);
    await page.getByRole('heading', { name: 'Play Valeria games with friends' }).waitFor();
    await page.getByLabel('Paste your key').fill(token);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'حساب', exact: true }).waitFor();
    expect(await documentLanguage(page)).toEqual(['fa', 'rtl']);
    await expectAccessible(page, 'the inbox in Persian');
  });
});

type Key = keyof typeof en;
const CATALOGS = { fr, fa } as const;

/** A sentence of the catalog in `language`, with its arguments filled in (simple `{name}` arguments only). */
const said = (language: keyof typeof CATALOGS, key: Key, values: Record<string, string> = {}): string =>
  CATALOGS[language][key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/** The start of a sentence, up to its first argument or colon: enough to know a heading, free of its spacing (French spaces before a colon). */
const opening = (language: keyof typeof CATALOGS, key: Key) => new RegExp(`^${CATALOGS[language][key].split(/[{:\u00a0]/)[0]?.trim() ?? ''}`);

/** Names that stay as they are in every language: the games' titles the editions keep, card names, names of standards and of players. */
const KEPT = [
  'Villages of Valeria',
  'Valeria: Card Kingdoms',
  'Village Pillage',
  'Starter Peasant',
  'Starter Knight',
  'Dark Lord',
  'Thief',
  'Pothole',
  'Imperator',
  'OpenSkill',
  'Standard Webhooks',
  'Deleted player',
  'HTTPS',
  'POST',
  'JSON',
  'Discord',
  'Slack',
  'iPhone',
  'iPad',
  'Safari',
  'Ctrl',
  'Valeria',
];

/**
 * The page's main text with what stays as it is taken out (names kept by the
 * editions, players' names, codes, the cards a table draws): what is left
 * must hold no English word (French) or no Latin word at all (Persian).
 */
async function expectNoEnglish(page: Page, language: keyof typeof CATALOGS, where: string, names: readonly string[]): Promise<void> {
  const text = await page.evaluate<string>(`(() => {
    const main = document.querySelector('main').cloneNode(true);
    for (const kept of main.querySelectorAll('code, .cards, input, select, [dir="ltr"], time')) kept.remove();
    return main.innerText;
  })()`);
  let left = text;
  for (const name of [...KEPT, ...names].sort((a, b) => b.length - a.length)) left = left.split(name).join(' ');
  const english = /\b(the|and|your|you|with|is|are|of|to|game|games|play|player|players|yet|no|not|none|loading)\b/gi;
  const latin = /[A-Za-z]{3,}/g;
  expect(left.match(language === 'fa' ? latin : english) ?? [], `English left on ${where} in ${language}: ${left.slice(0, 400)}`).toEqual([]);
}

const documentLanguageIs = async (page: Page, language: string) => expect(await documentLanguage(page)).toEqual([language, language === 'fa' ? 'rtl' : 'ltr']);

describe('every page of the web client in French and in Persian', () => {
  it.each([
    ['fr', 'fr-FR', 'Lucie'],
    ['fa', 'fa-IR', 'نگار'],
  ] as const)('%s: each page reads in the language, right to left in Persian, and passes axe at every impact', async (language, locale, name) => {
    const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${language}: ${error.message}`));
    const visit = async (path: string, heading: string | RegExp, where: string) => {
      await page.goto(`${world().url}${path}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await documentLanguageIs(page, language);
      await expectAccessible(page, `${where} in ${language}`);
    };

    // Signed out: the home page, How to play, the leaderboards, the e-mailed link's page, and signing in.
    await visit('/welcome', said(language, 'home.title'), 'the home page');
    await page.getByRole('group', { name: said(language, 'home.some-cards', { game: CATALOGS[language]['game.village-pillage'] }) }).waitFor();
    await expectNoEnglish(page, language, 'the home page', []);
    await screenshotTable(page, `home-${language}`);
    for (const game of ['villages-of-valeria', 'valeria-card-kingdoms', 'village-pillage'] as const) {
      const title = CATALOGS[language][`game.${game}`];
      await visit(`/how-to-play/${game}`, said(language, 'home.how-to-play', { game: title }), `How to play ${game}`);
      await page.getByRole('heading', { name: said(language, 'howto.here') }).waitFor();
      await expectNoEnglish(page, language, `How to play ${game}`, []);
    }
    await visit('/leaderboards/village-pillage', opening(language, 'leaderboard.title'), 'a leaderboard');
    await visit('/sign-in/email', said(language, 'signinLink.title'), 'the e-mailed link’s page');

    // Registering.
    await visit('/account', said(language, 'signin.title'), 'the sign-in page');
    await page.getByLabel(said(language, 'signin.name')).fill(name);
    await page.getByRole('button', { name: said(language, 'signin.register') }).click();
    const token = await page.getByTestId('token').inputValue();
    await expectAccessible(page, `the new key in ${language}`);
    await page.getByRole('button', { name: new RegExp(said(language, 'signin.copied').split(' ')[0] as string) }).click();
    await page.getByRole('heading', { name: said(language, 'page.inbox') }).waitFor();

    // A finished game against a bot, for the end page, the replay, the profile's finished games and the inbox.
    const api = new ApiClient(world().url, null);
    const finished = (await api.post('/v1/games', { token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily' } })).body.gameId as string;
    await api.post(`/v1/games/${finished}/bots`, { token, body: { level: 'greedy' } });
    await playToEnd(api, finished, [{ seat: 0, token }], { seed: `languages-${language}` });
    // And a table waiting for players.
    const waiting = (await api.post('/v1/games', { token, body: { game: 'villages-of-valeria', seats: 3, deadlines: 'daily' } })).body.gameId as string;
    const me = (await api.get('/v1/players/me', { token })).body.playerId as string;

    await visit('/', said(language, 'page.inbox'), 'your games');
    await visit('/nowhere', said(language, 'page.missing'), 'a missing page');
    await visit('/lobby', said(language, 'lobby.title'), 'the lobby');
    await visit('/play', said(language, 'page.play'), 'Play now');
    await expectNoEnglish(page, language, 'Play now', []);
    await visit('/open-games/village-pillage', said(language, 'howto.open-games', { game: CATALOGS[language]['game.village-pillage'] }), 'open games');
    await visit('/notifications', said(language, 'page.notifications'), 'the notifications');
    await visit('/webhooks', said(language, 'page.webhooks'), 'the webhooks');
    await visit(`/players/${me}`, name, 'the profile');
    await page.getByRole('heading', { name: said(language, 'profile.finished') }).waitFor();
    await page
      .getByRole('region', { name: said(language, 'profile.finished') })
      .getByRole('listitem')
      .first()
      .waitFor();
    await expectNoEnglish(page, language, 'the profile', [name, 'Bot']);
    await screenshotTable(page, `profile-${language}`);
    await visit(`/g/${waiting}`, new RegExp(`^${CATALOGS[language]['game.villages-of-valeria']}`), 'the open table');
    await page.getByRole('heading', { name: said(language, 'openTable.invite') }).waitFor();
    await visit(`/g/${finished}`, new RegExp(CATALOGS[language]['game.village-pillage']), 'the end page');
    await page.getByRole('region', { name: said(language, 'end.result') }).waitFor();
    await visit(`/g/${finished}/replay/3`, new RegExp(CATALOGS[language]['game.village-pillage']), 'the replay');
    await expect.poll(() => page.getByTestId('replay-position').textContent()).toMatch(opening(language, 'replay.after'));
    await visit('/account', said(language, 'page.account'), 'the account page');
    for (const heading of ['tokens.title', 'passkeys.title', 'vacation.title', 'device.title', 'deletion.title'] as const)
      await page.getByRole('heading', { name: said(language, heading) }).waitFor();
    await expectNoEnglish(page, language, 'the account page', [name]);
    await screenshotTable(page, `account-${language}`);
    expect(pageErrors).toEqual([]);
  });

  it('lets a Persian player register, find a game in Open games and Play now, and read their profile, all in Persian', async () => {
    const api = new ApiClient(world().url, null);
    const ann = await api.register('Ann');
    const listed = (await api.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily', visibility: 'open' } })).body
      .gameId as string;

    const context = await world().browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fa-IR' });
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`fa journey: ${error.message}`));
    await page.goto(`${world().url}/account`);
    await page.getByLabel(fa['signin.name']).fill('سارا');
    await page.getByRole('button', { name: fa['signin.register'] }).click();
    await page.getByRole('button', { name: /ادامه/ }).click();
    await page.getByRole('heading', { name: fa['page.inbox'] }).waitFor();

    // Play now: a seek in Persian, then taken back.
    await page.getByRole('link', { name: fa['page.play'], exact: true }).click();
    await page.getByRole('radio', { name: new RegExp(fa['game.village-pillage']) }).check();
    await page.getByLabel(fa['lobby.time-control']).selectOption('live');
    await page.getByText(/دقیقاً منتظر همین‌اند/).waitFor();
    await page.getByRole('button', { name: fa['page.play'], exact: true }).click();
    await page.getByRole('heading', { name: fa['playNow.looking'] }).waitFor();
    await expectAccessible(page, 'a Persian player waiting in Play now');
    await page.getByRole('button', { name: fa['playNow.stop'] }).click();

    // Open games: Ann's game, in Persian words and digits, with her Latin name isolated.
    await page.getByRole('link', { name: fa['page.open-games'], exact: true }).click();
    await page.getByRole('navigation', { name: fa['openGames.each-game'] }).getByRole('link', { name: fa['game.village-pillage'] }).click();
    const row = page.getByRole('list', { name: fa['page.open-games'] }).getByRole('listitem').filter({ hasText: 'Ann' });
    await row.getByText('۲ بازیکن، ۱ جای خالی').waitFor({ timeout: 30_000 });
    await row.locator('bdi', { hasText: 'Ann' }).first().waitFor();
    await expectAccessible(page, 'open games in Persian');
    await documentLanguageIs(page, 'fa');
    await row.getByRole('button', { name: /^پیوستن به بازی/ }).click();
    await page.waitForURL(`${world().url}/g/${listed}`);
    await page.getByRole('region', { name: fa['game.the-table'] }).waitFor({ timeout: 30_000 });

    // Her profile, in Persian: the facts, the ratings table, her finished games (none yet).
    await page.getByRole('list', { name: fa['game.players'] }).getByRole('link', { name: 'سارا' }).click();
    await page.getByRole('heading', { name: 'سارا' }).waitFor();
    await page.getByRole('heading', { name: fa['profile.ratings'] }).waitFor();
    expect(await page.getByTestId('reliability').textContent()).toBe(fa['profile.no-finished']);
    await page.getByText(fa['inbox.finished-none']).waitFor();
    await expectNoEnglish(page, 'fa', 'her profile', ['سارا']);
    await documentLanguageIs(page, 'fa');
    await expectAccessible(page, 'a profile in Persian');
    expect(pageErrors).toEqual([]);
  });
});

describe('a call that fails without the API’s own explanation', () => {
  it.each([
    ['fr', 'fr-FR'],
    ['fa', 'fa-IR'],
  ] as const)('%s: says in the language that the service was not reached, or which error it answered', async (language, locale) => {
    const context = await world().browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`${world().url}/sign-in/email#token=never-sent`);
    const submit = page.getByRole('button', { name: said(language, 'signinLink.submit') });
    const alert = page.getByRole('alert');

    // The request never reaches the service: the browser's own (English) words are not shown.
    await page.route('**/v1/sign-in/email/link', (route) => route.abort('internetdisconnected'));
    await submit.click();
    await expect.poll(() => alert.textContent()).toContain(said(language, 'errors.network'));

    // An answer without a problem document (a proxy's page): its status, in the language's digits.
    await page.unroute('**/v1/sign-in/email/link');
    await page.route('**/v1/sign-in/email/link', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
    await submit.click();
    const status = new Intl.NumberFormat(language === 'fa' ? 'fa-IR' : 'fr-FR').format(502);
    await expect.poll(() => alert.textContent()).toContain(said(language, 'errors.status').replace('{status, number}', status));
    await context.close();
  });
});
