import type { Notification, Preferences } from './schemas.js';
import type { TimerStore } from './timers.js';

/**
 * The storage port of push, apart from the game store so that one stays
 * narrow. Two adapters (DynamoDB and in-memory) pass one contract suite
 * (test/functions/push-store-contract.test.ts).
 */

/** Notifications are kept this long (TTL), so a client away for a month still catches up. */
export const NOTIFICATION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface NotificationPage {
  readonly items: readonly Notification[];
  /** Where the next call resumes: after the last item, or the cursor given when there was none. */
  readonly next: string | null;
  readonly more: boolean;
}

export interface NotificationStore {
  /**
   * Stores each notification in its addressee's partition, kept 30 days from
   * its `at`. Idempotent: a notification's place is its time and id, so
   * storing it again rewrites the same item.
   */
  putNotifications(playerId: string, notifications: readonly Notification[]): Promise<void>;
  /** In (time, id) order after the cursor (a `next` from an earlier page, or null for the oldest kept). */
  listNotifications(playerId: string, after: string | null, limit: number): Promise<NotificationPage>;

  getPreferences(playerId: string): Promise<Preferences | null>;
  putPreferences(playerId: string, preferences: Preferences): Promise<void>;
}

/** Everything push stores. */
export type PushStore = NotificationStore & TimerStore;
