import type { Context } from 'hono';
import * as z from 'zod';
import type { PushContext } from '../../push/context.js';
import { confirmEmail, linkLanguage, presentEmail, removeEmail, requireEmailRecord, setEmail, unsubscribe, type MailDesk } from '../../push/email/address.js';
import { askPage, donePage } from '../../push/email/pages.js';
import { LINK_PAGES } from '../../push/email/sentences.js';
import { negotiateLanguage, type Language } from '../../service/languages.js';
import { isolated, speaking, type Speaker } from '../../service/speak.js';
import { EmailChange, EmailLinkQuery } from '../../push/email/schemas.js';
import { requires } from '../auth.js';
import { problemResponses } from '../problem.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';

/** The link itself, relative: the page's button posts to where it was opened, whatever host served it. */
const sameLink = (token: string) => `?token=${encodeURIComponent(token)}`;

/** The language a browser asks for, if it names one: `*` alone (what fetch sends by default) asks for none. */
const browserLanguage = (accepted: string | undefined) => (accepted && accepted.trim() !== '*' ? negotiateLanguage(accepted) : undefined);

/** A page for people, from a link in an e-mail. */
const htmlPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });

const LINK_CODES = ['invalid-request', 'email-link-invalid', 'email-unavailable'] as const;

/** The e-mail routes: the address (confirmed before anything else is sent), and the links every message carries, in document order. */
export const emailRoutes = {
  get: defineRoute({
    method: 'get',
    operationId: 'getEmail',
    path: '/v1/players/me/email',
    tags: ['push'],
    summary: 'Your e-mail address and daily digest',
    description:
      'The address, whether it is confirmed, your time zone, the digest’s hour and whether it is sent, and whether a bounce or complaint disabled the address.',
    security: requires('account:read'),
    responses: { 200: jsonResponse('EmailSettings', 'Your address'), ...problemResponses([...AUTHENTICATED, 'email-not-set']) },
  }),

  put: defineRoute({
    method: 'put',
    operationId: 'setEmail',
    path: '/v1/players/me/email',
    tags: ['push'],
    summary: 'Be told by e-mail',
    description:
      'Sets your address, time zone and daily digest. A new address is mailed a confirmation link (single use, valid a day) and nothing else is sent to it until the link is followed (202); the same address again takes the other settings (200), or, still unconfirmed, is mailed a new link (202). Once confirmed, the `email` column of your preferences says which notifications are mailed (reminders, timeouts and a seat handed to the bot by default; your turn is off), and the digest lists the games waiting for your move at the hour you chose of your day, at most once a day. Every message has a plain-text part and a one-click unsubscribe (RFC 8058), and is written in the `language` of your preferences, else in the one this request’s `Accept-Language` asked for (English without either), dates and times in your time zone. A permanent bounce or a spam complaint disables the address. `503 email-unavailable` where this deployment sends no e-mail.',
    security: requires('account:write'),
    request: {
      body: jsonBody(EmailChange, {
        new: { summary: 'A new address, the digest at 8 in Paris', value: { address: 'ann@example.org', timeZone: 'Europe/Paris', digestHour: 8 } },
        noDigest: { summary: 'No daily digest', value: { address: 'ann@example.org', digest: false } },
      }),
    },
    responses: {
      202: jsonResponse('EmailSettings', 'Set; a confirmation link was mailed'),
      200: jsonResponse('EmailSettings', 'The same address: its settings changed, nothing mailed'),
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, 'email-unavailable']),
    },
  }),

  delete: defineRoute({
    method: 'delete',
    operationId: 'deleteEmail',
    path: '/v1/players/me/email',
    tags: ['push'],
    summary: 'Stop all e-mail',
    description: 'Forgets the address: nothing more is mailed, messages not yet sent are dropped, the digest is no longer planned.',
    security: requires('account:write'),
    responses: { 204: { description: 'Forgotten (or there was none)' }, ...problemResponses([...AUTHENTICATED, 'email-unavailable']) },
  }),

  confirmPage: defineRoute({
    method: 'get',
    operationId: 'showEmailConfirmation',
    path: '/v1/email/confirm',
    tags: ['push'],
    summary: 'The confirmation link of an e-mail',
    description:
      'A page with one button that confirms the address (a POST to this same link); opening the link changes nothing, so a mail scanner opening it confirms nothing. Needs no token. The page is in the language its player chose on their preferences, else the one `Accept-Language` asks for (`Content-Language` says which).',
    security: [],
    request: { query: EmailLinkQuery },
    responses: { 200: htmlPage('The page asking to confirm'), ...problemResponses(['invalid-request']) },
  }),

  confirm: defineRoute({
    method: 'post',
    operationId: 'confirmEmail',
    path: '/v1/email/confirm',
    tags: ['push'],
    summary: 'Confirm an e-mail address',
    description:
      'Confirms the address the link was mailed to: once, within a day. Needs no token (the link’s own is signed). Any body is ignored. The page is in the language its player chose on their preferences, else the one `Accept-Language` asks for (`Content-Language` says which).',
    security: [],
    request: { query: EmailLinkQuery },
    responses: { 200: htmlPage('Confirmed'), ...problemResponses(LINK_CODES) },
  }),

  unsubscribePage: defineRoute({
    method: 'get',
    operationId: 'showEmailUnsubscribe',
    path: '/v1/email/unsubscribe',
    tags: ['push'],
    summary: 'The unsubscribe link of an e-mail',
    description:
      'A page with one button that stops these e-mails (a POST to this same link); opening the link changes nothing. Needs no token. The page is in the language its player chose on their preferences, else the one `Accept-Language` asks for (`Content-Language` says which).',
    security: [],
    request: { query: EmailLinkQuery },
    responses: { 200: htmlPage('The page asking to unsubscribe'), ...problemResponses(['invalid-request']) },
  }),

  unsubscribe: defineRoute({
    method: 'post',
    operationId: 'unsubscribeEmail',
    path: '/v1/email/unsubscribe',
    tags: ['push'],
    summary: 'One-click unsubscribe (RFC 8058)',
    description:
      'The `List-Unsubscribe` address of every e-mail, posted by mail apps with the body `List-Unsubscribe=One-Click` (`List-Unsubscribe-Post`), and by the page’s button: stops the kind of message it came in — that notification type’s e-mail (its `email` cell turned off), the daily digest, or, from a confirmation, the unconfirmed address itself. Needs no token; the body is not read. Doing it again changes nothing more. The page is in the language its player chose on their preferences, else the one `Accept-Language` asks for (`Content-Language` says which).',
    security: [],
    request: { query: EmailLinkQuery },
    responses: { 200: htmlPage('Unsubscribed'), ...problemResponses(LINK_CODES) },
  }),
};

export function mountEmailRoutes(mount: Mount, ctx: PushContext, desk: MailDesk | undefined): void {
  mount(emailRoutes.get, async (c) => c.json(presentEmail(await requireEmailRecord(ctx, c.var.player.playerId)), 200));

  mount(emailRoutes.put, async (c) => {
    const { record, confirmationSent } = await setEmail(
      ctx,
      desk,
      c.var.player.playerId,
      c.req.valid('json'),
      browserLanguage(c.req.header('accept-language')),
    );
    return confirmationSent ? c.json(presentEmail(record), 202) : c.json(presentEmail(record), 200);
  });

  mount(emailRoutes.delete, async (c) => {
    await removeEmail(ctx, desk, c.var.player.playerId);
    return c.body(null, 204);
  });

  /** A page for the link's reader: in the language its player chose, else the one the browser asks for (`Accept-Language`). */
  async function linkPage(c: Context, token: string, write: (say: Speaker<keyof (typeof LINK_PAGES)['en']>, language: Language) => string) {
    const language = (await linkLanguage(ctx, token)) ?? negotiateLanguage(c.req.header('accept-language'));
    return c.html(write(speaking(LINK_PAGES, language), language), 200, { 'Content-Language': language });
  }

  mount(emailRoutes.confirmPage, async (c) => {
    const { token } = c.req.valid('query');
    return linkPage(c, token, (say, language) => askPage(language, say('confirm-title'), sameLink(token), say('confirm-button')));
  });

  mount(emailRoutes.confirm, async (c) => {
    const { token } = c.req.valid('query');
    const record = await confirmEmail(ctx, desk, token);
    return linkPage(c, token, (say, language) => donePage(language, say('confirmed-title'), say('confirmed', { address: isolated(record.address, language) })));
  });

  mount(emailRoutes.unsubscribePage, async (c) => {
    const { token } = c.req.valid('query');
    return linkPage(c, token, (say, language) => askPage(language, say('unsubscribe-title'), sameLink(token), say('unsubscribe-button')));
  });

  mount(emailRoutes.unsubscribe, async (c) => {
    const { token } = c.req.valid('query');
    await unsubscribe(ctx, desk, token);
    return linkPage(c, token, (say, language) => donePage(language, say('unsubscribed-title'), say('unsubscribed')));
  });
}
