import { ValeriaClient } from '@valeria-tabletop/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, pageErrors, screenshotTable, webWorldFor } from './browser.js';

const world = webWorldFor('web-languages-card-kingdoms');

/** What the Card Kingdoms table must read in each language: the page's own words, then the game's (the French rulebook's terms). */
const LANGUAGES = {
  fr: {
    locale: 'fr-FR',
    dir: 'ltr',
    player: 'Zoé',
    name: 'Votre nom',
    register: 'S’inscrire',
    continue: /continuer/,
    table: 'La table',
    moves: 'Vos coups',
    keepDuke: 'Garder un Duc (secret)',
    // The Take a resource action, offered on every turn of one's own: the actions phase is reached.
    take: 'Gagner une Ressource',
    actions: ['Terrasser un Monstre', 'Recruter un Citoyen', 'Construire un Domaine'],
    dukeKept: /Zoé a gardé un Duc \([^)]+\)\./,
    turnStarted: /Au tour de .+\./,
    diceRolled: /Les dés donnent \d et \d\./,
    resources: /^\d+ Or · \d+ Force · \d+ Magie · \d+ PV$/,
    // The French edition keeps the English card names; their kinds and texts are the rulebook's.
    starter: 'Starter Peasant, Départ · activé sur 5',
    starterText: 'Votre lancer\u00a0: +1 Or',
    monsters: 'Monstres',
  },
  fa: {
    locale: 'fa-IR',
    dir: 'rtl',
    // A Latin name at a Persian table: it must read whole, isolated from the sentence around it.
    player: 'Ann',
    name: 'نام شما',
    register: 'ثبت‌نام',
    continue: /ادامه/,
    table: 'میز بازی',
    moves: 'حرکت‌های شما',
    keepDuke: 'نگه داشتن یک دوک (مخفی)',
    take: 'گرفتن یک منبع',
    actions: ['شکست دادن یک هیولا', 'جذب یک شهروند', 'ساختن یک قلمرو'],
    dukeKept: /\u2068Ann\u2069 یک دوک نگه داشت \([^)]+\)\./,
    turnStarted: /نوبت .+ شروع شد\./,
    // Persian digits, through the locale.
    diceRolled: /تاس‌ها [۱-۶] و [۱-۶] آمدند\./,
    resources: /^[۰-۹]+ طلا · [۰-۹]+ نیرو · [۰-۹]+ جادو · [۰-۹]+ امتیاز$/,
    // (The card's accessible name joins name and kind with the frame's comma: ui/card.tsx.)
    starter: 'دهقان آغازین، آغازین · با تاس ۵',
    starterText: 'تاس خودتان: +۱ طلا',
    monsters: 'هیولاها',
  },
} as const;

type Language = keyof typeof LANGUAGES;

/** A player registered through the page of a browser in `language`, and their token. */
async function registeredIn(language: Language): Promise<{ page: Page; token: string }> {
  const words = LANGUAGES[language];
  const context = await world().browser.newContext({ viewport: { width: 1280, height: 900 }, locale: words.locale });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${language}: ${error.message}`));
  await page.goto(`${world().url}/account`);
  await page.getByLabel(words.name).fill(words.player);
  await page.getByRole('button', { name: words.register }).click();
  const token = await page.getByTestId('token').inputValue();
  await page.getByRole('button', { name: words.continue }).click();
  return { page, token };
}

/** A two-seat game of Card Kingdoms where `token`'s player faces a greedy bot (created through the typed client). */
async function gameAgainstBot(token: string): Promise<string> {
  const player = new ValeriaClient({ baseUrl: world().url }).withToken(token);
  const { gameId } = await player.createGame({ game: 'valeria-card-kingdoms', seats: 2, options: {}, deadlines: 'daily', join: true });
  await player.addBot(gameId, 'greedy');
  return gameId;
}

/** The log's entries, one a commit (its sentences joined). */
const logLines = (page: Page, language: Language) =>
  page
    .getByRole('region', { name: language === 'fr' ? 'Ce qui s’est passé' : 'آنچه رخ داد' })
    .getByRole('listitem')
    .allTextContents();

/**
 * Plays the first move offered, again and again (the bot plays its own
 * turns), until the player's actions are offered: the turn's every step
 * (Dukes, dice, harvest) is read on the way.
 */
async function playToActions(page: Page, language: Language): Promise<void> {
  const words = LANGUAGES[language];
  const controls = page.locator(`section[aria-label="${words.moves}"] button:is([data-move],[data-step]):not([disabled])`);
  for (let clicks = 0; clicks < 60; clicks++) {
    await controls.first().waitFor({ timeout: 60_000 });
    if ((await page.getByRole('group', { name: words.take, exact: true }).count()) > 0) return;
    await controls
      .first()
      .click({ timeout: 5_000 })
      .catch(() => undefined); // the page re-rendered under the pointer: look again
  }
  throw new Error(`no action offered in ${language} after 60 moves`);
}

describe('Valeria: Card Kingdoms in French and in Persian', () => {
  it.each(['fr', 'fa'] as const)(
    '%s: the table, its moves, its log, its resources and its cards read in the language, and axe finds nothing',
    async (language) => {
      const words = LANGUAGES[language];
      const { page, token } = await registeredIn(language);
      const gameId = await gameAgainstBot(token);
      await page.goto(`${world().url}/g/${gameId}`);
      await page.getByRole('region', { name: words.table }).waitFor();
      expect(await page.evaluate<[string, string]>('[document.documentElement.lang, document.documentElement.dir]')).toEqual([language, words.dir]);

      // The Dukes: the move offered in the language, the card its own.
      const moves = page.getByRole('region', { name: words.moves });
      await moves.getByRole('group', { name: words.keepDuke }).waitFor();
      await expectAccessible(page, `the Card Kingdoms table in ${language}, choosing a Duke`);
      await moves.getByRole('group', { name: words.keepDuke }).getByRole('button').first().click();
      await expect.poll(() => logLines(page, language)).toContainEqual(expect.stringMatching(words.dukeKept));

      await playToActions(page, language);
      // Every action offered is named in the language (which ones depend on the resources at hand).
      const offered = await moves.locator('legend').allTextContents();
      expect(offered).toContain(words.take);
      const named: readonly string[] = [words.take, ...words.actions];
      expect(offered.filter((title) => !named.includes(title))).toEqual([]);
      const log = await logLines(page, language);
      expect(log).toContainEqual(expect.stringMatching(words.turnStarted));
      expect(log).toContainEqual(expect.stringMatching(words.diceRolled));

      // Resources in the language's words and digits; the player's name isolated in the turn line.
      const stats = await page.locator('.player .stats').allTextContents();
      expect(stats.length).toBe(2);
      for (const line of stats) expect(line).toMatch(words.resources);
      expect(await page.locator('.dice bdi').count()).toBe(1);
      // A card of one's own kingdom, its name, kind and text.
      const starter = page.getByRole('article', { name: words.starter }).first();
      await starter.waitFor();
      expect(await starter.textContent()).toContain(words.starterText);
      await page.getByRole('heading', { name: words.monsters, exact: true }).waitFor();

      await expectAccessible(page, `the Card Kingdoms table in ${language}, the actions offered`);
      await screenshotTable(page, `card-kingdoms-${language}`);
      expect(pageErrors).toEqual([]);
    },
  );
});
