import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '../../service/languages.js';
import { PUSHED_TYPES, type PushedType } from '../model/preferences.js';
import type { Notification } from '../model/schemas.js';
import type { WebPushHeaders } from '../store/port.js';
import { gameTitle, isolated, LOCALES, speaking, type Sentences } from '../../service/speak.js';

/**
 * What a browser push carries (pure): the notification types worth waking a
 * device for, each as a sentence a person reads on a lock screen, with the
 * game's title and id and the table's path, built from the notification alone
 * (already only what its addressee may see), and the RFC 8030 headers it is
 * sent with.
 */

type Pushed = Extract<Notification, { type: PushedType }>;

export const isPushed = (notification: Notification): notification is Pushed => (PUSHED_TYPES as readonly string[]).includes(notification.type);

/** The decrypted body a service worker receives (JSON). */
export interface PushMessage {
  readonly type: PushedType;
  /** The notification it tells (listed by `GET /v1/notifications`). */
  readonly notificationId: string;
  readonly gameId: string;
  readonly title: string;
  /** The lock-screen sentence. */
  readonly body: string;
  /** The table, on the web client's origin. */
  readonly path: string;
  readonly at: string;
}

/** How long a message without a deadline is worth keeping at the push service: a day (a player back later finds it in their feed). */
const NO_DEADLINE_TTL_MS = 24 * 60 * 60 * 1000;

/** A deadline as a person reads it in a time zone: the day and the time, and the zone's name (UTC for a push, which knows no zone of the player; e-mail knows theirs). */
export const when = (iso: string, timeZone = 'UTC', language: Language = DEFAULT_LANGUAGE) =>
  `${new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone, hourCycle: 'h23' }).format(new Date(iso))} ${timeZone}`;

const titleIn = (notification: Pushed, language: Language) => gameTitle(notification.game, notification.title, language);

/** The lock-screen sentences, in ICU MessageFormat (the web client's catalogs hold the same kind). */
export const PUSH_SENTENCES: Sentences<PushedType | 'won' | 'other-replaced'> = {
  en: {
    'your-turn': 'Your turn in {title}: play by {deadline}.',
    'deadline-soon': 'Your time in {title} runs out at {deadline}.',
    'timed-out': 'Your time ran out in {title}.',
    'game-ended': '{title} is over.',
    won: 'You won {title}!',
    'seat-replaced': 'A bot plays your seat in {title} after {count} timeouts: take it back at the table.',
    'other-replaced': 'A bot plays {name}’s seat in {title} now.',
  },
  fr: {
    'your-turn': 'À vous de jouer dans {title}\u00A0: jouez avant le {deadline}.',
    'deadline-soon': 'Votre temps dans {title} expire le {deadline}.',
    'timed-out': 'Votre temps est écoulé dans {title}.',
    'game-ended': 'La partie de {title} est terminée.',
    won: 'Vous avez gagné la partie de {title}\u202F!',
    'seat-replaced': 'Un bot joue à votre place dans {title} après {count, number} dépassements de temps\u00A0: reprenez-la à la table.',
    'other-replaced': 'Un bot joue désormais à la place de {name} dans {title}.',
  },
  fa: {
    'your-turn': 'نوبت شما در {title}: تا {deadline} بازی کنید.',
    'deadline-soon': 'وقت شما در {title} در {deadline} تمام می‌شود.',
    'timed-out': 'وقت شما در {title} تمام شد.',
    'game-ended': '{title} تمام شد.',
    won: '{title} را بردید!',
    'seat-replaced': 'پس از {count, number} بار تمام شدن وقت، ربات در {title} به جای شما بازی می‌کند: جایتان را سر میز پس بگیرید.',
    'other-replaced': 'اکنون ربات در {title} به جای {name} بازی می‌کند.',
  },
};

/** The sentence a person reads about a notification, in their language: on a lock screen, or as an e-mail's first line (with the deadline in the player's zone). */
export function sentence(notification: Pushed, timeZone = 'UTC', language: Language = DEFAULT_LANGUAGE): string {
  const say = speaking(PUSH_SENTENCES, language);
  const title = titleIn(notification, language);
  switch (notification.type) {
    case 'your-turn':
    case 'deadline-soon':
      return say(notification.type, { title, deadline: when(notification.pending.deadline, timeZone, language) });
    case 'timed-out':
      return say('timed-out', { title });
    case 'game-ended':
      return say(notification.result.winners.includes(notification.seat) ? 'won' : 'game-ended', { title });
    case 'seat-replaced':
      return notification.replaced.seat === notification.seat
        ? say('seat-replaced', { title, count: notification.replaced.afterTimeouts })
        : say('other-replaced', { title, name: isolated(notification.replaced.name, language) });
  }
}

/** The push for a notification, in its addressee's language (`language` on their preferences). */
export function pushMessage(notification: Pushed, language: Language = DEFAULT_LANGUAGE): PushMessage {
  return {
    type: notification.type,
    notificationId: notification.id,
    gameId: notification.gameId,
    title: titleIn(notification, language),
    body: sentence(notification, 'UTC', language),
    path: `/g/${notification.gameId}`,
    at: notification.at,
  };
}

/** A game's `Topic`: 32 base64url characters (RFC 8030 §5.4), a digest so the push service never learns the game's id. */
export const gameTopic = (gameId: string) => createHash('sha256').update(`topic:${gameId}`).digest('base64url').slice(0, 32);

export function pushHeaders(notification: Pushed): WebPushHeaders {
  const deadline = notification.type === 'your-turn' || notification.type === 'deadline-soon' ? Date.parse(notification.pending.deadline) : null;
  return {
    topic: gameTopic(notification.gameId),
    urgency: notification.type === 'deadline-soon' ? 'high' : 'normal',
    expiresAt: deadline ?? Date.parse(notification.at) + NO_DEADLINE_TTL_MS,
  };
}
