import { language } from '../i18n/i18n.js';

/** "Thu 26 Nov, 14:00": a moment in the player's own time zone, written as the page's language writes dates. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(language(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
