import { ValeriaClient, type GameId } from '@valeria-tabletop/client';
import type { CDPSession, Page } from 'playwright-core';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { cryptoSecrets } from '../../functions/service/ids.js';
import en from '../../web/src/i18n/catalogs/en.json' with { type: 'json' };
import fa from '../../web/src/i18n/catalogs/fa.json' with { type: 'json' };
import { CONTROLS, expectAccessible, pageErrors, registeredPlayer, webWorldFor } from './browser.js';

// The same games each run: every game is dealt from the same seed, and the ids are counted, since a bot's generator is
// seeded by its game's id (with the version and its seat); the keyboard's choices follow the controls offered.
let games = 0;
const world = webWorldFor(
  'web-keyboard',
  undefined,
  {},
  {
    ...cryptoSecrets,
    seed: () => 'a11y'.repeat(16),
    gameId: () => `g_keyboard${String(++games).padStart(2, '0')}`,
  },
);

/** The languages a game is played in here: English, and Persian right to left (its own digits, its own words). */
const CATALOGS = { en, fa } as const;
type Language = keyof typeof CATALOGS;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalog message as a pattern: each `{argument}` matches anything. */
const pattern = (language: Language, key: keyof typeof en) =>
  CATALOGS[language][key]
    .split(/\{\w+\}/)
    .map(escaped)
    .join('.+');

/** Each game, and where its player meets a "Back" to take by keyboard (a payment's stands beside the rows: Villages of Valeria's builds). */
const GAMES: readonly { game: GameId; title: string; player: string; seed: number; backs: readonly string[]; language: Language }[] = [
  { game: 'village-pillage', title: 'Village Pillage', player: 'Kay', seed: 21, backs: ['in a row'], language: 'en' },
  { game: 'villages-of-valeria', title: 'Villages of Valeria', player: 'Lou', seed: 22, backs: ['beside the rows', 'in a row'], language: 'en' },
  { game: 'valeria-card-kingdoms', title: 'Valeria: Card Kingdoms', player: 'Mo', seed: 23, backs: ['in a row'], language: 'en' },
  // A Persian player plays to the end too, every state announced in Persian.
  { game: 'village-pillage', title: 'Village Pillage', player: 'Nika', seed: 24, backs: ['in a row'], language: 'fa' },
];

/** What the page's focus is on, as the screen reader would land on it. */
const FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return 'body';
  return el.id ? '#' + el.id : el.closest('section.moves') ? 'moves:' + el.tagName.toLowerCase() : el.tagName.toLowerCase();
})()`;

/**
 * One of `n` for this seed and these controls offered (FNV-1a of their
 * names): the same state always gets the same choice, however often the other
 * player's moves made the test look again, so each run plays the same game.
 */
function choice(seed: number, offered: readonly string[], n: number): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of offered.join('\n')) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return (hash >>> 0) % n;
}

/** The control the keyboard is heading for, marked so that the page replacing it (the other player moved) shows. */
const TARGET = 'data-keyboard-target';

/**
 * Where the focus stands from the target: on it, in its group of choices, or
 * before or after it in the page (evaluated in the page: a string, this file
 * is type-checked without the DOM's globals).
 */
const WHERE_FROM_TARGET = `(() => {
  const el = document.querySelector('[${TARGET}]');
  const focused = document.activeElement;
  if (!el) return 'gone';
  if (focused === el) return 'on';
  const group = el.closest('[role="toolbar"]');
  if (focused && group && group.contains(focused)) {
    const buttons = [...group.querySelectorAll(':scope > button:not([disabled])')];
    return buttons.indexOf(focused) < buttons.indexOf(el) ? 'group-before' : 'group-after';
  }
  return focused && focused !== document.body && el.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
})()`;
const KEY_TOWARD = { before: 'Tab', after: 'Shift+Tab', 'group-before': 'ArrowRight', 'group-after': 'ArrowLeft' } as const;
/** Right to left, a row's next choice is to the left: the arrows are mirrored (web/src/ui/choice-row.tsx). */
const KEY_TOWARD_RTL = { ...KEY_TOWARD, 'group-before': 'ArrowLeft', 'group-after': 'ArrowRight' } as const;
const NEXT_IN_ROW: Readonly<Record<Language, string>> = { en: 'ArrowRight', fa: 'ArrowLeft' };

/**
 * Brings the focus onto the target by keyboard: Tab (or Shift+Tab, when it is
 * behind) to its group of choices, then the arrow keys along the group.
 * False when the page replaced it meanwhile.
 */
async function focusByKeyboard(page: Page, keys: Map<string, number>): Promise<boolean> {
  const toward = (await page.evaluate<string>('document.documentElement.dir')) === 'rtl' ? KEY_TOWARD_RTL : KEY_TOWARD;
  for (let presses = 0; presses < 400; presses++) {
    const where = await page.evaluate<'on' | 'gone' | keyof typeof KEY_TOWARD>(WHERE_FROM_TARGET);
    if (where === 'on') return true;
    if (where === 'gone') return false;
    await page.keyboard.press(toward[where]);
    keys.set(toward[where], (keys.get(toward[where]) ?? 0) + 1);
  }
  throw new Error(`the keyboard never reached "${await page.locator(`[${TARGET}]`).textContent()}"`);
}

/** The turn's live region as the accessibility tree has it: a polite status naming whose turn, the deadline and my resources. */
async function expectStateAnnounced(page: Page, cdp: CDPSession, language: Language): Promise<void> {
  // The snapshot's lines are the region's parts (strong, text, time…): read one after the other, as a screen reader would.
  const spoken = async () =>
    (await page.locator('#turn').ariaSnapshot())
      .split('\n')
      .slice(1)
      .map((line) => line.replace(/^\s*- \w+: /, '').replace(/^"(.*)"$/, '$1'))
      .join(' ');
  expect((await page.locator('#turn').ariaSnapshot()).split('\n')[0]).toBe('- status:');
  // Whose turn, the time left (a number, in the language's digits, and its unit), and what I have (counted).
  const whose = `(${pattern(language, 'game.your-move')}|${pattern(language, 'game.waiting-for')})`;
  const left = pattern(language, 'game.time-left').replace('.+', '[\\d۰-۹]+ \\S.*');
  const mine = pattern(language, 'game.you-have').replace('.+', '.*[\\d۰-۹]');
  await expect.poll(spoken).toMatch(new RegExp(`^${whose} — ${left} · ${mine}`));
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#turn' });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  const live = nodes[0]?.properties?.find((property) => property.name === 'live')?.value.value;
  expect(live).toBe('polite');
}

/**
 * Plays this seat with the keyboard alone until the end screen shows: on each
 * state, one of the controls offered (chosen by `choice`) is reached by Tab and
 * the arrow keys and pressed with Enter or Space. After a move the focus is on
 * the new state (the turn, or the result); after a step of one, on the next
 * choices; never on the page's body.
 */
async function playByKeyboard(
  page: Page,
  seed: number,
  language: Language,
  onFirstState: () => Promise<void>,
): Promise<{ keys: Map<string, number>; backs: Set<string> }> {
  const cdp = await page.context().newCDPSession(page);
  const keys = new Map<string, number>();
  const backs = new Set<string>();
  let presses = 0;
  for (;;) {
    await page
      .waitForFunction(`!!document.querySelector('${CONTROLS}') || !!document.getElementById('result')`, undefined, { timeout: 120_000, polling: 100 })
      .catch(async (failure: unknown) => {
        // Say what the page offered instead.
        throw new Error(`no move offered nor end shown; the moves read: ${await page.locator('.moves').innerText()}`, { cause: failure });
      });
    if ((await page.locator('#result').count()) > 0) return { keys, backs };
    await expectStateAnnounced(page, cdp, language);
    // Whatever the other player did meanwhile, the focus is somewhere a screen reader can be.
    await expect.poll(() => page.evaluate<string>(FOCUSED)).not.toBe('body');
    const offered = await page.locator(CONTROLS).allTextContents();
    if (offered.length === 0) continue;
    if (presses === 0) await onFirstState();
    const chosen = choice(seed, offered, offered.length);
    // Marked in the page and read back: the control chosen among those offered now (null: they changed meanwhile).
    const step = await page.evaluate<boolean | null>(`(() => {
      const el = document.querySelectorAll('${CONTROLS}')[${chosen}];
      if (!el) return null;
      for (const old of document.querySelectorAll('[${TARGET}]')) old.removeAttribute('${TARGET}');
      el.setAttribute('${TARGET}', '');
      return el.hasAttribute('data-step');
    })()`);
    if (step === null || !(await focusByKeyboard(page, keys))) continue;
    const press = choice(seed + 1, offered, 2) === 0 ? 'Enter' : 'Space';
    await page.keyboard.press(press);
    keys.set(press, (keys.get(press) ?? 0) + 1);
    presses++;
    // A step shows the next choices, focused; a move, the new state (or, at the end, the result), focused.
    await expect.poll(() => page.evaluate<string>(FOCUSED), { timeout: 30_000 }).toMatch(step ? /^moves:button$/ : /^#(turn|result)$/);
    if (step) await goBackOnce(page, keys, backs);
  }
}

/**
 * The first time a step offers a "Back" in a row of choices, and the first
 * time one stands beside them (a payment's), it is taken by keyboard: the
 * choices before come back, focused. The same choice is then made again.
 */
async function goBackOnce(page: Page, keys: Map<string, number>, backs: Set<string>): Promise<void> {
  const where = await page.evaluate<string | null>(`(() => {
    const back = document.querySelector('section.moves button[data-back]');
    if (!back) return null;
    for (const old of document.querySelectorAll('[${TARGET}]')) old.removeAttribute('${TARGET}');
    back.setAttribute('${TARGET}', '');
    return back.parentElement.getAttribute('role') === 'toolbar' ? 'in a row' : 'beside the rows';
  })()`);
  if (where === null) return;
  if (backs.has(where) || !(await focusByKeyboard(page, keys))) return;
  backs.add(where);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate<string>(FOCUSED), { message: `focus after Back ${where}` }).toBe('moves:button');
}

describe('the web client in Chromium, by keyboard alone', () => {
  for (const { game, title, player, seed, backs: expectedBacks, language } of GAMES)
    it(`plays a whole game of ${title} against a bot with Tab, the arrow keys, Enter and Space, each state announced (${language})`, async () => {
      const page = await registeredPlayer(world(), player);
      const token = await page.evaluate<string>("localStorage.getItem('valeria.token')");
      const client = new ValeriaClient({ baseUrl: world().url, token });
      // The page follows the language the player keeps on their preferences.
      if (language !== 'en') await client.changePreferences({ language });
      const { gameId } = await client.createGame({ game, seats: 2, options: {}, deadlines: 'daily', join: true });
      await client.addBot(gameId, 'greedy');
      await page.goto(`${world().url}/g/${gameId}`);
      // Opened, the table focuses its state, read first.
      await expect.poll(() => page.evaluate<string>(FOCUSED)).toBe('#turn');

      if (language === 'fa') await expect.poll(() => page.evaluate<string>('document.documentElement.dir')).toBe('rtl');
      const { keys, backs } = await playByKeyboard(page, seed, language, () => expectAccessible(page, `the ${title} table (${language})`));
      // Every kind of key had its part: Tab to a group of choices, arrows along it, Enter and Space to press.
      expect([...backs].sort()).toEqual(expectedBacks);
      for (const key of ['Tab', NEXT_IN_ROW[language], 'Enter', 'Space'])
        expect(keys.get(key), `${key} among ${JSON.stringify(Object.fromEntries(keys))}`).toBeGreaterThan(0);
      // The result in the page's language: over, won (by me or another), or shared.
      const say = (key: keyof typeof en, values: Record<string, string> = {}) =>
        String(new IntlMessageFormat(CATALOGS[language][key], language).format(values)).trim();
      const ended = [say('end.over'), say('end.won', { you: 'yes', who: '' }), say('end.won', { you: 'no', who: '' }), say('end.shared', { who: '' })].map(
        escaped,
      );
      await expect.poll(() => page.getByRole('region', { name: CATALOGS[language]['end.result'] }).textContent()).toMatch(new RegExp(ended.join('|')));
      expect(await page.evaluate<string>(FOCUSED)).not.toBe('body');
      await expectAccessible(page, `the ${title} end screen (${language})`);
      expect(pageErrors).toEqual([]);
    });
});
