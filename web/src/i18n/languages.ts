/**
 * The languages the web client speaks, and which one a visitor gets: the
 * player's stored choice, else this browser's kept choice, else the first of
 * the browser's languages we speak, else English. The names are each
 * language's own name for itself (a reader finds their language by it), so
 * they are the same in every catalog.
 */
export const LANGUAGES = ['en', 'fr', 'fa'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français', fa: 'فارسی' };

/** Persian is written right to left; the document's `dir` follows. */
export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'fa' ? 'rtl' : 'ltr');

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The first of the browser's preferred languages we speak ("fr-CA" is French), else English. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}
