import { DEFAULT_LANGUAGE, type Language } from '../../service/languages.js';
import { gameTitle, isolated, LOCALES, speaking } from '../../service/speak.js';
import type { Notification } from '../model/schemas.js';
import { isPushed, sentence, when } from '../webpush/message.js';
import type { Mail } from './mailer.js';
import { CONFIRMATION_MAIL, DIGEST_MAIL, MAIL_FRAME, NOTICE_MAIL, SIGN_IN_MAIL } from './sentences.js';
import { confirmToken, signInSecret, unsubscribeToken, type MailList } from './tokens.js';

/**
 * What each e-mail says (pure): the confirmation of an address, a notice of
 * one notification, a daily digest. Each has a plain-text part and an HTML
 * part saying the same, the one-click unsubscribe headers of RFC 8058, and
 * the link to stop in its footer. A notice is built from the notification
 * alone (already only what its addressee may see); a digest from the games
 * awaiting the addressee's move, as their own games list shows them. Every
 * word is in the addressee's language (sentences.ts), dates and times in their
 * zone and locale.
 */

/** Stored on the delivery, rendered at each attempt (the links are signed then, so no link is stored). */
export type MailContent =
  | { readonly kind: 'confirmation'; readonly nonce: string; readonly expiresAt: number }
  | { readonly kind: 'sign-in'; readonly nonce: string; readonly expiresAt: number }
  | { readonly kind: 'notice'; readonly notification: Emailed }
  | { readonly kind: 'digest'; readonly day: string; readonly games: readonly DigestGame[] };

export type Emailed = Extract<Notification, { type: 'your-turn' | 'deadline-soon' | 'timed-out' | 'game-ended' | 'seat-replaced' }>;
export const isEmailed = (notification: Notification): notification is Emailed => isPushed(notification);

/** A game waiting for the addressee's move. */
export interface DigestGame {
  readonly gameId: string;
  /** The game played (its title is shown as the addressee's language prints it); absent from a digest stored before it was kept. */
  readonly game?: string;
  readonly title: string;
  /** Their own deadline there, RFC 3339; null when the game has none. */
  readonly deadline: string | null;
}

/** Whom the message is for and how its links are made. */
export interface Addressee {
  readonly playerId: string;
  readonly address: string;
  readonly timeZone: string;
  /** The language they read (their preferences' `language`; English until they choose one). */
  readonly language: Language;
}

export interface MailSetting {
  readonly from: string;
  /** The origin the links point at (the web client's, which serves the API too). */
  readonly appUrl: string;
  readonly key: Uint8Array;
}

export const unsubscribeUrl = (setting: MailSetting, playerId: string, list: MailList) =>
  `${setting.appUrl}/v1/email/unsubscribe?token=${unsubscribeToken(setting.key, playerId, list)}`;

export const confirmUrl = (setting: MailSetting, playerId: string, nonce: string, expiresAt: number) =>
  `${setting.appUrl}/v1/email/confirm?token=${confirmToken(setting.key, playerId, nonce, expiresAt)}`;

/** The web client's page that signs a browser in with the link's secret, in the fragment: never sent with a request, so no server or proxy log holds it (opening it changes nothing until its button is pressed). */
export const signInUrl = (setting: MailSetting, nonce: string) => `${setting.appUrl}/sign-in/email#token=${signInSecret(setting.key, nonce)}`;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The languages written right to left: their HTML says so, and their plain-text lines start with a right-to-left mark. */
const RTL: readonly Language[] = ['fa'];
export const direction = (language: Language) => (RTL.includes(language) ? 'rtl' : 'ltr');

/** A paragraph of words and links, rendered twice: as lines of text and as HTML (every word escaped). */
type Part = string | { readonly link: string; readonly label: string };
type Paragraph = readonly Part[];

/**
 * The plain-text part: a link as "label: URL" in the language's typography.
 * A Persian line starts with U+200F (RIGHT-TO-LEFT MARK), so a mail app
 * that takes a paragraph's direction from its first strong letter (Unicode
 * bidi, P2–P3) sets it right to left even where it opens with a Latin name.
 */
function asText(paragraphs: readonly Paragraph[], language: Language) {
  const start = direction(language) === 'rtl' ? '\u200F' : '';
  const line = (part: Part) => start + (typeof part === 'string' ? part : speaking(MAIL_FRAME, language)('link', { label: part.label, link: part.link }));
  return paragraphs.map((p) => p.map(line).join('\n')).join('\n\n') + '\n';
}

const asHtml = (subject: string, paragraphs: readonly Paragraph[], language: Language) =>
  `<!doctype html><html lang="${language}" dir="${direction(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphs
    .map(
      (p) =>
        `<p>${p.map((part) => (typeof part === 'string' ? escapeHtml(part) : `<a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a>`)).join('<br>')}</p>`,
    )
    .join('')}</body></html>`;

function mail(setting: MailSetting, to: Addressee, list: MailList, subject: string, body: readonly Paragraph[]): Mail {
  const say = speaking(MAIL_FRAME, to.language);
  const leave = unsubscribeUrl(setting, to.playerId, list);
  const footer: Paragraph[] = [
    [say(`why-${list}`), { label: say(list === 'address' ? 'forget' : 'stop'), link: leave }],
    ...(list === 'address' ? [] : [[{ label: say('choose'), link: `${setting.appUrl}/account` }]]),
  ];
  const paragraphs = [...body, ['—'], ...footer];
  return {
    from: setting.from,
    to: to.address,
    subject,
    text: asText(paragraphs, to.language),
    html: asHtml(subject, paragraphs, to.language),
    headers: { 'List-Unsubscribe': `<${leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    playerId: to.playerId,
  };
}

const table = (setting: MailSetting, gameId: string) => `${setting.appUrl}/g/${gameId}`;

/** An instant (ms) as the addressee reads it: in their zone and language. */
const until = (at: number, to: Addressee) => when(new Date(at).toISOString(), to.timeZone, to.language);

/** The digest's local day (`YYYY-MM-DD`): English keeps it so; French and Persian read it as their locale writes a date (Persian in its own calendar). */
const dayIn = (day: string, language: Language) =>
  language === DEFAULT_LANGUAGE
    ? day
    : new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${day}T12:00:00Z`));

export function renderMail(content: MailContent, to: Addressee, setting: MailSetting): Mail {
  const { language } = to;
  switch (content.kind) {
    case 'confirmation': {
      const say = speaking(CONFIRMATION_MAIL, language);
      return mail(setting, to, 'address', say('subject'), [
        [say('asked', { address: isolated(to.address, language) })],
        [
          { label: say('confirm'), link: confirmUrl(setting, to.playerId, content.nonce, content.expiresAt) },
          say('once', { until: until(content.expiresAt, to) }),
        ],
      ]);
    }
    case 'sign-in': {
      const say = speaking(SIGN_IN_MAIL, language);
      return mail(setting, to, 'sign-in', say('subject'), [
        [say('asked')],
        [{ label: say('sign-in'), link: signInUrl(setting, content.nonce) }, say('once', { until: until(content.expiresAt, to) })],
        [say('ignore')],
      ]);
    }
    case 'notice': {
      const n = content.notification;
      const line = sentence(n, to.timeZone, language);
      const open = speaking(NOTICE_MAIL, language)('open', { title: gameTitle(n.game, n.title, language) });
      return mail(setting, to, n.type, line, [[line], [{ label: open, link: table(setting, n.gameId) }]]);
    }
    case 'digest': {
      const say = speaking(DIGEST_MAIL, language);
      return mail(setting, to, 'digest', say('subject', { count: content.games.length }), [
        [say('intro', { day: dayIn(content.day, language) })],
        ...content.games.map((game): Paragraph => {
          const title = game.game === undefined ? game.title : gameTitle(game.game, game.title, language);
          return [
            game.deadline === null ? say('no-deadline', { title }) : say('play-by', { title, deadline: when(game.deadline, to.timeZone, language) }),
            { label: say('open'), link: table(setting, game.gameId) },
          ];
        }),
      ]);
    }
  }
}
