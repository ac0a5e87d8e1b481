import * as z from 'zod';

/**
 * The languages people read the service in: English, French and Persian, the
 * languages the three games were published in. A player's choice is kept on
 * their preferences (notifications, push and e-mail are written in it); a
 * request's `Accept-Language` chooses the language of its problem `title` and
 * `detail`. `code` and every machine field are the same in every language.
 */
export const LANGUAGES = ['en', 'fr', 'fa'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LanguageSchema = z
  .enum(LANGUAGES)
  .describe('A language people read: `en` English, `fr` French, `fa` Persian (written right to left).')
  .meta({ id: 'Language', example: 'fa' });

/**
 * The language an `Accept-Language` header asks for (RFC 9110 §12.5.4): the
 * highest-weighted range we speak ("fr-CA" is French, "*" is English), else
 * English.
 */
export function negotiateLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { base: range.trim().toLowerCase().split('-')[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const { base } of ranges) {
    if (base === '*') return DEFAULT_LANGUAGE;
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return DEFAULT_LANGUAGE;
}
