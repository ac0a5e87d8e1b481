import type { Notification } from '../model/schemas.js';
import { isPushed, sentence, when } from '../webpush/message.js';
import type { Mail } from './mailer.js';
import { confirmToken, signInSecret, unsubscribeToken, type MailList } from './tokens.js';

/**
 * What each e-mail says (pure): the confirmation of an address, a notice of
 * one notification, a daily digest. Each has a plain-text part and an HTML
 * part saying the same, the one-click unsubscribe headers of RFC 8058, and
 * the link to stop in its footer. A notice is built from the notification
 * alone (already only what its addressee may see); a digest from the games
 * awaiting the addressee's move, as their own games list shows them.
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
  readonly title: string;
  /** Their own deadline there, RFC 3339; null when the game has none. */
  readonly deadline: string | null;
}

/** Whom the message is for and how its links are made. */
export interface Addressee {
  readonly playerId: string;
  readonly address: string;
  readonly timeZone: string;
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

/** A paragraph of words and links, rendered twice: as lines of text and as HTML (every word escaped). */
type Part = string | { readonly link: string; readonly label: string };
type Paragraph = readonly Part[];

const asText = (paragraphs: readonly Paragraph[]) =>
  paragraphs.map((p) => p.map((part) => (typeof part === 'string' ? part : `${part.label}: ${part.link}`)).join('\n')).join('\n\n') + '\n';

const asHtml = (subject: string, paragraphs: readonly Paragraph[]) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphs
    .map(
      (p) =>
        `<p>${p.map((part) => (typeof part === 'string' ? escapeHtml(part) : `<a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a>`)).join('<br>')}</p>`,
    )
    .join('')}</body></html>`;

const WHY: Readonly<Record<MailList, string>> = {
  'your-turn': 'your turn comes in a game',
  'deadline-soon': 'your time in a game runs short',
  'timed-out': 'your time runs out in a game',
  'game-ended': 'a game of yours ends',
  'seat-replaced': 'a seat in your game is handed to the bot',
  digest: 'you chose a daily list of the games waiting for you',
  'sign-in': 'someone asked for a link to sign in with this address',
  address: 'someone asked to be mailed at this address',
};

function mail(setting: MailSetting, to: Addressee, list: MailList, subject: string, body: readonly Paragraph[]): Mail {
  const leave = unsubscribeUrl(setting, to.playerId, list);
  const stop = list === 'address' ? 'Forget this address' : 'Stop these e-mails';
  const footer: Paragraph[] = [
    [`You get this e-mail because ${WHY[list]} on Valeria Tabletop.`, { label: stop, link: leave }],
    ...(list === 'address' ? [] : [[{ label: 'Choose what you are sent (Account)', link: `${setting.appUrl}/account` }]]),
  ];
  const paragraphs = [...body, ['—'], ...footer];
  return {
    from: setting.from,
    to: to.address,
    subject,
    text: asText(paragraphs),
    html: asHtml(subject, paragraphs),
    headers: { 'List-Unsubscribe': `<${leave}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    playerId: to.playerId,
  };
}

const table = (setting: MailSetting, gameId: string) => `${setting.appUrl}/g/${gameId}`;

export function renderMail(content: MailContent, to: Addressee, setting: MailSetting): Mail {
  switch (content.kind) {
    case 'confirmation':
      return mail(setting, to, 'address', 'Confirm your e-mail address for Valeria Tabletop', [
        [`Someone (we hope you) asked Valeria Tabletop to send notices of their games to ${to.address}.`],
        [
          { label: 'Confirm this address', link: confirmUrl(setting, to.playerId, content.nonce, content.expiresAt) },
          `The link works once, until ${when(new Date(content.expiresAt).toISOString(), to.timeZone)}. Until it is followed, nothing else is sent here.`,
        ],
      ]);
    case 'sign-in':
      return mail(setting, to, 'sign-in', 'Your sign-in link for Valeria Tabletop', [
        ['Someone (we hope you) asked to sign in to Valeria Tabletop with this address.'],
        [
          { label: 'Sign in', link: signInUrl(setting, content.nonce) },
          `The link signs in the browser it is opened in, once, until ${when(new Date(content.expiresAt).toISOString(), to.timeZone)}. Do not forward it: whoever opens it plays as you.`,
        ],
        ['If you did not ask for it, ignore this e-mail: nobody is signed in unless the link is opened.'],
      ]);
    case 'notice': {
      const n = content.notification;
      const line = sentence(n, to.timeZone);
      return mail(setting, to, n.type, line, [[line], [{ label: `Open ${n.title}`, link: table(setting, n.gameId) }]]);
    }
    case 'digest': {
      const count = content.games.length;
      const subject = `${count} ${count === 1 ? 'game waits' : 'games wait'} for your move`;
      return mail(setting, to, 'digest', subject, [
        [`Your games waiting for your move on ${content.day}, the nearest deadline first:`],
        ...content.games.map((game): Paragraph => [
          game.deadline === null ? `${game.title}: no deadline` : `${game.title}: play by ${when(game.deadline, to.timeZone)}`,
          { label: 'Open the table', link: table(setting, game.gameId) },
        ]),
      ]);
    }
  }
}
