import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, type Language } from './languages.js';

/**
 * How the service writes a sentence a person reads, in their language (pure):
 * ICU MessageFormat, as the web client's catalogs, with each language's
 * numbers and dates. Problem details, pushes, e-mails and feed texts all speak
 * through it, so a language's digits and names read the same everywhere.
 */

/** The locale each language formats numbers and dates with (Persian with its own digits). */
export const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', fr: 'fr-FR', fa: 'fa-IR' };

/** Each message parsed once per language: the service's messages are a fixed set, so the cache stays small. */
const parsed = new Map<string, IntlMessageFormat>();

/** An ICU message with its arguments, in a language. */
export function format(language: Language, message: string, values: Readonly<Record<string, string | number>> = {}): string {
  const key = `${language}\u0000${message}`;
  let formatter = parsed.get(key);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, LOCALES[language]);
    parsed.set(key, formatter);
  }
  return String(formatter.format(values));
}

/** The arguments a `select` chooses on in a message: their values are keys, not words a reader sees. */
const selectorsOf = (message: string) => new Set([...message.matchAll(/\{\s*(\w+)\s*,\s*select\s*,/g)].map((match) => match[1]));

/** The arguments a message shows as they are (`{name}`), with no format of their own. */
const plainArgumentsOf = (message: string) => new Set([...message.matchAll(/\{\s*(\w+)\s*\}/g)].map((match) => match[1]));

/**
 * An ICU message whose text arguments (names, ids, paths, quoted reasons) are
 * isolated, so each keeps its own direction inside the sentence, and whose
 * plain numbers are written as the language writes them (Persian digits);
 * the keys a `select` chooses on are left as they are.
 */
export function sentence(language: Language, message: string, values: Readonly<Record<string, string | number>>): string {
  const chosenOn = selectorsOf(message);
  const plain = plainArgumentsOf(message);
  const numbers = new Intl.NumberFormat(LOCALES[language]);
  const shown = Object.entries(values).map(([name, value]) => {
    if (typeof value === 'number') return [name, plain.has(name) ? numbers.format(value) : value];
    return [name, chosenOn.has(name) ? value : isolated(value, language)];
  });
  return format(language, message, Object.fromEntries(shown) as Record<string, string | number>);
}

/** A name inside a sentence, isolated (FSI…PDI) so a Latin name keeps a Persian sentence's order, and the reverse. */
export const isolated = (name: string, language: Language) => (language === DEFAULT_LANGUAGE ? name : `\u2068${name}\u2069`);

/** Each game's title as its editions in that language print it (web/src/i18n/TERMS.md); English where an edition keeps it. */
const TITLES: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {},
  fr: {},
  fa: { 'villages-of-valeria': 'دهکده‌های والریا', 'valeria-card-kingdoms': 'والریا: پادشاهی‌های کارتی', 'village-pillage': 'غارت دهکده' },
};

/** A game's title in a language, else the English one given. */
export const gameTitle = (game: string, english: string, language: Language) => TITLES[language][game] ?? english;

/**
 * A kind of message's sentences: one table per language, each with the
 * English one's keys, in ICU MessageFormat naming the English one's arguments
 * (test/functions/server-sentences.test.ts holds every table to it).
 */
export type Sentences<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

/** A table's sentences in one language: each by its key, its arguments filled in. */
export type Speaker<K extends string> = (key: K, values?: Readonly<Record<string, string | number>>) => string;

export const speaking =
  <K extends string>(table: Sentences<K>, language: Language): Speaker<K> =>
  (key, values = {}) =>
    format(language, table[language][key], values);
