/**
 * The pages an e-mail's links open (pure HTML, no script): opening a link
 * changes nothing — mail scanners open links too — it shows one button that
 * posts to the same address, as a one-click unsubscribe posts (RFC 8058).
 * Each is written in the reader's language (its words from sentences.ts
 * `LINK_PAGES`), Persian right to left.
 */
import type { Language } from '../../service/languages.js';
import { direction, escapeHtml } from './message.js';

const page = (language: Language, title: string, body: string) =>
  `<!doctype html><html lang="${language}" dir="${direction(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/** The button that does what the link is for: a form posting `List-Unsubscribe=One-Click` to the link itself. */
export const askPage = (language: Language, title: string, action: string, button: string) =>
  page(
    language,
    title,
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(button)}</button></form>`,
  );

export const donePage = (language: Language, title: string, sentence: string) => page(language, title, `<p>${escapeHtml(sentence)}</p>`);
