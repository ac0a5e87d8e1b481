import { createHash } from 'node:crypto';
import { PUSHED_TYPES, type PushedType } from '../model/preferences.js';
import type { Notification } from '../model/schemas.js';
import type { WebPushHeaders } from '../store/port.js';

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
export const when = (iso: string, timeZone = 'UTC') =>
  `${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone, hourCycle: 'h23' }).format(new Date(iso))} ${timeZone}`;

/** The sentence a person reads about a notification: on a lock screen, or as an e-mail's first line (with the deadline in the player's zone). */
export function sentence(notification: Pushed, timeZone = 'UTC'): string {
  const title = notification.title;
  switch (notification.type) {
    case 'your-turn':
      return `Your turn in ${title}: play by ${when(notification.pending.deadline, timeZone)}.`;
    case 'deadline-soon':
      return `Your time in ${title} runs out at ${when(notification.pending.deadline, timeZone)}.`;
    case 'timed-out':
      return `Your time ran out in ${title}.`;
    case 'game-ended':
      return notification.result.winners.includes(notification.seat) ? `You won ${title}!` : `${title} is over.`;
    case 'seat-replaced':
      return notification.replaced.seat === notification.seat
        ? `A bot plays your seat in ${title} after ${notification.replaced.afterTimeouts} timeouts: take it back at the table.`
        : `A bot plays ${notification.replaced.name}’s seat in ${title} now.`;
  }
}

export function pushMessage(notification: Pushed): PushMessage {
  return {
    type: notification.type,
    notificationId: notification.id,
    gameId: notification.gameId,
    title: notification.title,
    body: sentence(notification),
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
