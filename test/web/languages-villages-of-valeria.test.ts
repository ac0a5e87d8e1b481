import { ValeriaClient } from '@valeria-tabletop/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cryptoSecrets } from '../../functions/service/ids.js';
import fa from '../../web/src/i18n/catalogs/fa.json' with { type: 'json' };
import fr from '../../web/src/i18n/catalogs/fr.json' with { type: 'json' };
import { expectAccessible, pageErrors, screenshotTable, webWorldFor } from './browser.js';

// The same game each run: dealt from one seed, with counted ids (the bot's generator is seeded by its game's id).
let games = 0;
const world = webWorldFor(
  'web-languages-vv',
  undefined,
  {},
  { ...cryptoSecrets, seed: () => 'vv-lang'.padEnd(64, '0'), gameId: () => `g_vvlanguage${String(++games).padStart(2, '0')}` },
);

const documentLanguage = (page: Page) => page.evaluate<[string, string]>('[document.documentElement.lang, document.documentElement.dir]');

/** A player of this name, signed in in a browser whose language is `language`, at their new game of Villages of Valeria against a bot. */
async function atTable(name: string, language: 'fr' | 'fa'): Promise<Page> {
  const { token } = (await (
    await fetch(`${world().url}/v1/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) })
  ).json()) as { token: string };
  const client = new ValeriaClient({ baseUrl: world().url, token });
  const { gameId } = await client.createGame({ game: 'villages-of-valeria', seats: 2, options: {}, deadlines: 'daily', join: true });
  await client.addBot(gameId, 'greedy');
  const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 }, locale: language === 'fa' ? 'fa-IR' : 'fr-FR' });
  // Signed in as the sign-in page leaves a browser: the key kept in localStorage.
  await context.addInitScript(`localStorage.setItem('valeria.token', ${JSON.stringify(token)})`);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${name}: ${error.message}`));
  await page.goto(`${world().url}/g/${gameId}`);
  return page;
}

/** The catalog's words, so that the test reads what a reader of each language reads. */
const WORDS = { fr, fa } as const;

/** What each language's reader sees of the same deal: the first player's hand holds the Abbey, a card this service designed, and the Tannery, which the rulebooks name. */
const READS = {
  fr: {
    player: 'Zoé',
    dir: 'ltr',
    setup: 'Développer Abbaye gratuitement',
    tannery: 'Tannery, Bâtiment · Artisan',
    abbey: 'Abbaye, Bâtiment · Saint',
    tax: 'Impôt',
    decline: 'Refuser',
    led: 'Zoé effectue l’Action Impôt.',
    chose: 'Zoé a choisi de développer Abbaye.',
    village: 'Votre village',
    resources: 'Ressources',
    developed: 'Nourriture',
    // A no-break space before each colon, as French typography wants.
    summary: /4\u00a0pièces d’Or · \d+\u00a0cartes en main · 0\u00a0Bâtiment · 0\u00a0Aventurier/,
    stats: /^Or\u00a0: 4 · Cartes en main\u00a0: \d+ · Château\u00a0: libre \(Ressource Native\)$/,
  },
  fa: {
    player: 'Ann',
    dir: 'rtl',
    setup: 'تولید رایگان دیر',
    tannery: 'Tannery، ساختمان · کارگر',
    abbey: 'دیر، ساختمان · مقدس',
    tax: 'مالیات',
    decline: 'پاس',
    // The Latin name is isolated (FSI…PDI) in the Persian sentence, so it keeps the sentence's order around it.
    led: '\u2068Ann\u2069 اکشن مالیات را هدایت کرد.',
    chose: '\u2068Ann\u2069 دیر را برای تولید انتخاب کرد.',
    village: 'دهکده شما',
    resources: 'منابع',
    developed: 'غذا',
    // Persian digits, through the locale.
    summary: /۴ سکه طلا · [۰-۹]+ کارت در دست · ۰ ساختمان · ۰ ماجراجو/,
    stats: /^طلا: ۴ · کارت‌های دست: [۰-۹]+ · قلعه: آزاد \(منبع دلخواه\)$/,
  },
} as const;

describe('Villages of Valeria in French and Persian', () => {
  for (const language of ['fr', 'fa'] as const)
    it(`plays into a game in ${language === 'fr' ? 'French' : 'Persian'}: moves, the log, cards and resources read in it, and axe finds nothing`, async () => {
      const words = WORDS[language];
      const reads = READS[language];
      const page = await atTable(reads.player, language);
      await page.getByRole('region', { name: words['game.the-table'] }).waitFor();
      expect(await documentLanguage(page)).toEqual([language, reads.dir]);
      // The hand, by name and kind: a designed card in the reader's language, a card the rulebooks name as both editions print it.
      await page.getByRole('article', { name: reads.abbey }).first().waitFor();
      await page.getByRole('article', { name: reads.tannery }).first().waitFor();

      // The setup round's free develop, then lead Tax (declining any follow window first), and whatever Tax then asks.
      const moves = page.getByRole('region', { name: words['game.your-moves'] });
      await moves.getByRole('button', { name: reads.setup, exact: true }).click();
      const log = page.getByRole('list', { name: words['log.label'] });
      await log.getByText(reads.chose).waitFor({ timeout: 60_000 });
      let ledTax = false;
      for (let step = 0; step < 20 && !ledTax; step++) {
        const offered = moves.locator('button:is([data-move],[data-step]):not([disabled])');
        await offered.first().waitFor({ timeout: 60_000 });
        const tax = moves.getByRole('button', { name: reads.tax, exact: true });
        const decline = moves.getByRole('button', { name: reads.decline, exact: true });
        if (await tax.count())
          ledTax = await tax.click({ timeout: 5_000 }).then(
            () => true,
            () => false, // the page re-rendered under the pointer: look again
          );
        else await ((await decline.count()) ? decline : offered.first()).click({ timeout: 5_000 }).catch(() => undefined);
      }
      expect(ledTax, `the move "${reads.tax}" was offered by that name`).toBe(true);
      await log.getByText(reads.led).waitFor({ timeout: 60_000 });

      // My village: its resources and stats in the reader's words and digits.
      const village = page.getByRole('region', { name: reads.village });
      await expect.poll(() => village.locator('p.stats').textContent()).toMatch(reads.stats);
      expect(await village.getByRole('heading', { name: reads.resources }).locator('xpath=following-sibling::p[1]').textContent()).toBe(reads.developed);
      // My standing at a glance, on the scoreboard: Gold, cards, Buildings and Adventurers counted in the reader's words.
      expect(await page.locator('.scoreboard li', { hasText: reads.player }).textContent()).toMatch(reads.summary);
      // Names read whole whatever the page's direction: isolated in markup too.
      expect(await page.locator('.scoreboard bdi', { hasText: reads.player }).count()).toBeGreaterThan(0);
      await expectAccessible(page, `the Villages of Valeria table in ${language}`);
      await screenshotTable(page, `villages-of-valeria-played-${language}`);
      expect(pageErrors).toEqual([]);
    });
});
