/**
 * The pages an e-mail's links open (pure HTML, no script): opening a link
 * changes nothing — mail scanners open links too — it shows one button that
 * posts to the same address, as a one-click unsubscribe posts (RFC 8058).
 */
import { escapeHtml } from './message.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/** The button that does what the link is for: a form posting `List-Unsubscribe=One-Click` to the link itself. */
export const askPage = (title: string, action: string, button: string) =>
  page(
    title,
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(button)}</button></form>`,
  );

export const donePage = (title: string, sentence: string) => page(title, `<p>${escapeHtml(sentence)}</p>`);
