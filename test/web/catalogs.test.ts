import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../web/src/i18n/languages.js';
import { argumentsOf } from '../support/icu.js';

/**
 * The web client's catalogs (web/src/i18n/catalogs): every language has every
 * key, every message is ICU MessageFormat that parses and names the same
 * arguments as the English one, and every key is used by the code (a key is
 * written out in full wherever it is used, so a search finds it).
 */
const WEB = join(import.meta.dirname, '../../web/src');
const CATALOGS = join(WEB, 'i18n/catalogs');

const catalogs = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (language) => [language, JSON.parse(await readFile(join(CATALOGS, `${language}.json`), 'utf8')) as Record<string, string>]),
  ),
) as Record<(typeof LANGUAGES)[number], Record<string, string>>;

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries.filter((e) => e.isFile() && /\.tsx?$/.test(e.name)).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map((file) => readFile(file, 'utf8')));
}

describe('the web catalogs', () => {
  const english = Object.keys(catalogs.en).sort();

  it.each(LANGUAGES)('%s has every key and no other', (language) => {
    expect(Object.keys(catalogs[language]).sort()).toEqual(english);
  });

  it.each(LANGUAGES)('%s: every message parses as ICU MessageFormat and names the arguments the English one names', (language) => {
    const wrong: string[] = [];
    for (const key of english) {
      const text = catalogs[language][key] ?? '';
      try {
        const names = [...argumentsOf(parse(text))].sort();
        const expected = [...argumentsOf(parse(catalogs.en[key] ?? ''))].sort();
        if (names.join() !== expected.join()) wrong.push(`${key}: names ${names.join(', ')} where English names ${expected.join(', ')}`);
      } catch (error) {
        wrong.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has no key the code does not use, and the code uses no key it lacks', async () => {
    const code = (await sources(WEB)).join('\n');
    expect(english.filter((key) => !code.includes(`'${key}'`))).toEqual([]);
    const called = [...code.matchAll(/\bt(?:Nodes)?\('([^']+)'/g)].map((m) => m[1] as string);
    expect([...new Set(called)].filter((key) => !(key in catalogs.en))).toEqual([]);
  });

  it('fails on a message that does not parse, and on a missing argument (the checks above can fail)', () => {
    expect(() => parse('{count, plural, one {# card}')).toThrow();
    expect([...argumentsOf(parse('{who} took {count, plural, one {# card} other {# cards from {whom}}}'))].sort()).toEqual(['count', 'who', 'whom']);
  });
});
