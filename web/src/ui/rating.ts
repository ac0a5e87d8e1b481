import { language, t } from '../i18n/i18n.js';
import { directionOf } from '../i18n/languages.js';

/** "12.3" ("۱۲٫۳" in Persian): a rating to one decimal, as the page's language writes numbers. */
export const rating = (value: number) => new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** "+1.3", "−0.8": how a game moved a rating; kept left to right (its sign before it) in a right-to-left page. */
export const signed = (delta: number) => {
  const text = `${delta >= 0 ? '+' : '−'}${rating(Math.abs(delta))}`;
  return directionOf(language()) === 'rtl' ? `\u2066${text}\u2069` : text;
};

/** The API's rating as shown ("14.2", "-3.1?" while provisional) in the page's digits, its "?" as the language writes it. */
export function shownRating(display: string): string {
  const number = /^-?\d+(?:\.\d+)?/.exec(display)?.[0];
  if (number === undefined) return display;
  const value = rating(Number(number));
  return display.endsWith('?') ? t('profile.provisional-mark', { rating: value }) : value;
}
