import { DEFAULT_LANGUAGE, type Language } from '../../service/languages.js';
import { gameTitle, isolated, LOCALES, speaking, type Sentences } from '../../service/speak.js';
import type { GameNotice, Notification, WebhookFormat } from '../model/schemas.js';

/**
 * The bodies chat apps' incoming webhooks accept: Discord's (`content`, and
 * `allowed_mentions` so a player's name can never ping a channel) and
 * Slack's (`text`), each one readable message naming the game, whose turn it
 * is and until when, with a link to the table. Pure: built from the
 * notification or notice alone, so a chat message can tell nothing the
 * notification does not.
 */

export type ChatFormat = Exclude<WebhookFormat, 'standard'>;

/** What a chat message says, in a language: a sentence of CHAT_SENTENCES (its words), its values, and the table it links to. */
interface ChatMessage {
  readonly key: ChatKey;
  readonly values: Readonly<Record<string, Value>>;
  readonly gameId: string | null;
}

/** A value of a sentence: words or a number as they are, a name a player chose (escaped), an instant (shown in the reader's own time zone where the app can), seats or scores listed. */
type Value =
  string | number | { readonly name: string } | { readonly at: string } | { readonly seats: readonly PublicSeat[] } | { readonly scores: readonly number[] };

/** A seat as a game's channel names it: its player's name, or null for a bot. */
type PublicSeat = Extract<GameNotice, { type: 'game.turn' }>['awaiting'][number];

type ChatKey =
  | 'your-turn'
  | 'deadline-soon'
  | 'timed-out'
  | 'started'
  | 'won'
  | 'lost'
  | 'player-joined'
  | 'seat-replaced'
  | 'seat-reclaimed'
  | 'webhook-disabled'
  | 'game.turn'
  | 'game.ended'
  | 'bot-seat'
  | 'open'
  | 'ping';

/**
 * Each sentence a chat channel reads, in the language of the webhook's owner
 * (their preferences; a game's channel is in the language of whoever set it
 * up). Seats are counted from 1; `{awaiting}` and `{winners}` are lists of
 * names, `{scores}` a list of numbers, each in the language's own list.
 */
export const CHAT_SENTENCES: Sentences<ChatKey> = {
  en: {
    'your-turn': 'Your turn in {title}, until {deadline}.',
    'deadline-soon': 'Your time in {title} runs out {deadline}.',
    'timed-out': 'Your time ran out in {title}: the default was played for you.',
    started: '{title} has started.',
    won: '{title} has ended: you won (scores {scores}).',
    lost: '{title} has ended: you did not win (scores {scores}).',
    'player-joined': '{name} took seat {seat, number} in {title}.',
    'seat-replaced': 'The bot now plays seat {seat, number} ({name}) in {title}, after {count, number} timeouts.',
    'seat-reclaimed': '{name} took seat {seat, number} back from the bot in {title}.',
    'webhook-disabled': 'A webhook of yours was disabled ({reason}).',
    'game.turn': '{title}: waiting for {awaiting} until {deadline}.',
    'game.ended': '{title} has ended: {winners} won (scores {scores}).',
    'bot-seat': 'the bot in seat {seat, number}',
    open: 'Open the table',
    ping: 'Valeria Tabletop: this webhook works. Game news will appear here.',
  },
  fr: {
    'your-turn': 'À vous de jouer dans {title}, jusqu’au {deadline}.',
    'deadline-soon': 'Votre temps dans {title} expire le {deadline}.',
    'timed-out': 'Votre temps est écoulé dans {title}\u00A0: le coup par défaut a été joué pour vous.',
    started: 'La partie de {title} a commencé.',
    won: 'La partie de {title} est terminée\u00A0: vous avez gagné (scores {scores}).',
    lost: 'La partie de {title} est terminée\u00A0: vous n’avez pas gagné (scores {scores}).',
    'player-joined': '{name} a pris la place {seat, number} dans {title}.',
    'seat-replaced':
      'Le bot joue désormais la place {seat, number} ({name}) dans {title}, après {count, plural, one {# dépassement de temps} other {# dépassements de temps}}.',
    'seat-reclaimed': '{name} a repris la place {seat, number} au bot dans {title}.',
    'webhook-disabled': 'Un de vos webhooks a été désactivé ({reason}).',
    'game.turn': '{title}\u00A0: on attend {awaiting} jusqu’au {deadline}.',
    'game.ended': 'La partie de {title} est terminée. Victoire\u00A0: {winners} (scores {scores}).',
    'bot-seat': 'le bot à la place {seat, number}',
    open: 'Ouvrir la table',
    ping: 'Valeria Tabletop\u00A0: ce webhook fonctionne. Les nouvelles des parties apparaîtront ici.',
  },
  fa: {
    'your-turn': 'نوبت شما در {title}، تا {deadline}.',
    'deadline-soon': 'وقت شما در {title} در {deadline} تمام می‌شود.',
    'timed-out': 'وقت شما در {title} تمام شد: حرکت پیش‌فرض به جای شما بازی شد.',
    started: '{title} شروع شد.',
    won: '{title} تمام شد: شما بردید (امتیازها: {scores}).',
    lost: '{title} تمام شد: شما نبردید (امتیازها: {scores}).',
    'player-joined': '{name} صندلی {seat, number} را در {title} گرفت.',
    'seat-replaced': 'اکنون ربات در {title} روی صندلی {seat, number} ({name}) بازی می‌کند، پس از {count, number} بار تمام شدن وقت.',
    'seat-reclaimed': '{name} صندلی {seat, number} را در {title} از ربات پس گرفت.',
    'webhook-disabled': 'یکی از وب‌هوک‌های شما غیرفعال شد ({reason}).',
    'game.turn': '{title}: در انتظار {awaiting} تا {deadline}.',
    'game.ended': '{title} تمام شد؛ برنده: {winners} (امتیازها: {scores}).',
    'bot-seat': 'ربات روی صندلی {seat, number}',
    open: 'باز کردن میز',
    ping: 'Valeria Tabletop: این وب‌هوک کار می‌کند. خبرهای بازی‌ها اینجا می‌آید.',
  },
};

/** The sentence a person reads for each notification or notice type, and what fills it. */
function said(message: Notification | GameNotice, language: Language): ChatMessage {
  if (message.type === 'webhook-disabled') return { key: 'webhook-disabled', gameId: null, values: { reason: message.reason } };
  const title = gameTitle(message.game, message.title, language);
  const about = (key: ChatKey, values: Readonly<Record<string, Value>> = {}): ChatMessage => ({ key, gameId: message.gameId, values: { title, ...values } });
  switch (message.type) {
    case 'your-turn':
    case 'deadline-soon':
      return about(message.type, { deadline: { at: message.pending.deadline } });
    case 'timed-out':
      return about('timed-out');
    case 'game-started':
    case 'game.started':
      return about('started');
    case 'game-ended':
      return about(message.result.winners.includes(message.seat) ? 'won' : 'lost', { scores: { scores: message.result.scores } });
    case 'player-joined':
      return about('player-joined', { name: { name: message.joined.name }, seat: message.joined.seat + 1 });
    case 'seat-replaced':
      return about('seat-replaced', { name: { name: message.replaced.name }, seat: message.replaced.seat + 1, count: message.replaced.afterTimeouts });
    case 'seat-reclaimed':
      return about('seat-reclaimed', { name: { name: message.reclaimed.name }, seat: message.reclaimed.seat + 1 });
    case 'game.turn':
      return about('game.turn', { awaiting: { seats: message.awaiting }, deadline: { at: message.deadline } });
    case 'game.ended':
      return about('game.ended', { winners: { seats: message.winners }, scores: { scores: message.scores } });
  }
}

/** Discord markdown and mentions: a name is shown as typed, never as formatting. */
const discordEscape = (text: string) => text.replace(/[\\*_~`|>#[\]<]/g, (c) => `\\${c}`);
/** Slack's three control characters (its mrkdwn reads `<…>` as links and mentions). */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A value as the app shows it, in the language: names escaped and isolated, instants as the app's own time tokens, lists in the language's way. */
function shown(value: Value, format: ChatFormat, language: Language): string | number {
  if (typeof value !== 'object') return value;
  // Names as a sentence lists them ("Ann, Ben and Cy"), scores as the language lists figures ("10, 8, 6" in English).
  const list = (items: readonly string[], type: 'conjunction' | 'unit') =>
    new Intl.ListFormat(LOCALES[language], { type, style: type === 'unit' ? 'short' : 'long' }).format(items);
  if ('name' in value) return isolated(format === 'discord' ? discordEscape(value.name) : slackEscape(value.name), language);
  if ('seats' in value)
    return list(
      value.seats.map(({ seat, name }) =>
        name === null ? speaking(CHAT_SENTENCES, language)('bot-seat', { seat: seat + 1 }) : String(shown({ name }, format, language)),
      ),
      'conjunction',
    );
  if ('scores' in value)
    return list(
      value.scores.map((score) => new Intl.NumberFormat(LOCALES[language], { useGrouping: false }).format(score)),
      'unit',
    );
  const unix = Math.floor(Date.parse(value.at) / 1000);
  // Each app shows these in the reader's own time zone; the fallback is the UTC instant.
  return format === 'discord' ? `<t:${unix}:f> (<t:${unix}:R>)` : `<!date^${unix}^{date_short_pretty} {time}|${value.at}>`;
}

const chatJson = (format: ChatFormat, text: string) =>
  format === 'discord' ? JSON.stringify({ content: text, allowed_mentions: { parse: [] } }) : JSON.stringify({ text });

/** A test ping in a chat app's shape: a message saying the webhook works, in its owner's language. */
export const chatPingBody = (format: ChatFormat, language: Language = DEFAULT_LANGUAGE): string => chatJson(format, speaking(CHAT_SENTENCES, language)('ping'));

/** The body of one message for a chat app's incoming webhook, in its owner's language; `appUrl` is the web client's origin (no link without one). */
export function chatBody(format: ChatFormat, message: Notification | GameNotice, appUrl: string | null, language: Language = DEFAULT_LANGUAGE): string {
  const say = speaking(CHAT_SENTENCES, language);
  const { key, values, gameId } = said(message, language);
  const link = appUrl !== null && gameId !== null ? `${appUrl}/g/${encodeURIComponent(gameId)}` : null;
  const text = say(key, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, shown(value, format, language)])));
  if (format === 'discord') return chatJson(format, link ? `${text} ${link}` : text);
  return chatJson(format, link ? `${text} <${link}|${say('open')}>` : text);
}
