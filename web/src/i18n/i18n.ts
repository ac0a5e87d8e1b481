import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type en from './catalogs/en.json';
import { directionOf, type Language } from './languages.js';

/**
 * Every sentence a person reads comes from a catalog (catalogs/{en,fr,fa}.json,
 * ICU MessageFormat read by FormatJS's intl-messageformat): `t(key, values)`.
 * A catalog is its own chunk, fetched when its language is chosen, so the
 * first load carries none of them. The chosen language is kept in this
 * browser (localStorage) and, once signed in, on the player's preferences
 * (account.tsx), where notifications find it too.
 */
export type MessageKey = keyof typeof en;
type Catalog = Readonly<Record<MessageKey, string>>;

const loaders: Record<Language, () => Promise<{ default: Catalog }>> = {
  en: () => import('./catalogs/en.json'),
  fr: () => import('./catalogs/fr.json'),
  fa: () => import('./catalogs/fa.json'),
};

interface Loaded {
  readonly language: Language;
  readonly catalog: Catalog;
  /** Each message parsed once per language. */
  readonly parsed: Map<MessageKey, IntlMessageFormat>;
}

/**
 * The catalog shown, and who re-renders when it changes (i18n/use.ts). Kept
 * free of Preact so the log's sentences can be tested in Node.
 */
let current: Loaded | null = null;
const listeners = new Set<() => void>();
export const onLanguageChange = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function message(key: MessageKey): IntlMessageFormat {
  const loaded = current;
  if (!loaded) throw new Error('no catalog loaded yet: render after startLanguage()');
  let format = loaded.parsed.get(key);
  if (!format) {
    format = new IntlMessageFormat(loaded.catalog[key], loaded.language);
    loaded.parsed.set(key, format);
  }
  return format;
}

/** A sentence as text (titles, attributes, announcements). */
export function t(key: MessageKey, values?: Record<string, PrimitiveType>): string {
  return String(message(key).format(values));
}

/** A sentence whose key depends on data (a map of full keys): `fallback` (the API's own word) where the map has none. */
export const tOr = (key: MessageKey | undefined, fallback: string): string => (key ? t(key) : fallback);

/** The language now shown. */
export const language = (): Language => current?.language ?? 'en';

/** Fetches a language's catalog and makes it the one sentences are read from. */
export async function loadCatalog(next: Language): Promise<void> {
  const { default: catalog } = await loaders[next]();
  current = { language: next, catalog, parsed: new Map() };
  for (const listener of listeners) listener();
}

/** Items joined as the language lists them ("A, B and C", « A, B et C », "A، B و C"). */
export const listOf = (items: readonly string[]): string => new Intl.ListFormat(language(), { type: 'conjunction' }).format(items);

/** A number as the language writes it: Persian digits in Persian (Intl's choice for `fa`), grouping as each language does. */
export const num = (n: number): string => new Intl.NumberFormat(language()).format(n);

const STRONG_RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const STRONG_LTR = /[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/;

/**
 * A name inside a sentence of plain text (a title, a log line, an
 * announcement), isolated with FSI…PDI (Unicode bidi isolates) when its
 * script runs the other way from the page's, so "Ann" in a Persian sentence
 * or "علی" in an English one keeps the sentence's order around it. In markup,
 * names are isolated by <bdi> instead (ui/player-name.tsx).
 */
export function isolate(name: string): string {
  const rtlPage = directionOf(language()) === 'rtl';
  return (rtlPage ? STRONG_LTR.test(name) : STRONG_RTL.test(name)) ? `\u2068${name}\u2069` : name;
}
