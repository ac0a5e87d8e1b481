import { language } from '../i18n/i18n.js';

/** "Thu 26 Nov, 14:00": a moment in the player's own time zone, written as the page's language writes dates. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(language(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

const UNITS = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
] as const;

/** "3 days", "90 seconds" (« 3 jours », "۳ روز"): a span in the largest whole unit, in the page's words. */
export function span(seconds: number): string {
  const [size, unit] = UNITS.find(([size]) => seconds >= size && seconds % size === 0) ?? [1, 'second'];
  return new Intl.NumberFormat(language(), { style: 'unit', unit, unitDisplay: 'long' }).format(seconds / size);
}

/** "26 November 2026": a day, as the page's language writes it. */
export const day = (iso: string) => new Date(iso).toLocaleDateString(language(), { day: 'numeric', month: 'long', year: 'numeric' });

/** "42 %", "۴۲٪": a share as the page's language writes percentages. */
export const percent = (share: number) => new Intl.NumberFormat(language(), { style: 'percent' }).format(share / 100);
