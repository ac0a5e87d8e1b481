import type { PushContext } from '../context.js';
import type { Preferences } from '../model/preferences.js';
import type { EmailRecord, PushSubscriptionRecord, WebhookRecord } from '../store/port.js';
import { readPreferences } from './feed.js';

/**
 * What the channels read about a player while one consumer batch is handled
 * (a stream consumer's event on AWS, the commits signalled meanwhile under
 * `npm start`), each read at most once for the whole batch: every channel
 * consults the addressee's preferences, and a batch often tells one player
 * several things. Eventually consistent, as each channel read them before:
 * a change made in the last second may be seen a batch late.
 */
export interface BatchReads {
  preferences(playerId: string): Promise<Preferences>;
  /** The player's own webhooks, game-scoped ones included. */
  webhooks(playerId: string): Promise<readonly WebhookRecord[]>;
  pushSubscriptions(playerId: string): Promise<readonly PushSubscriptionRecord[]>;
  email(playerId: string): Promise<EmailRecord | null>;
}

/** A fresh set of reads for one batch. */
export function batchReads(ctx: PushContext): BatchReads {
  const once = <T>(read: (playerId: string) => Promise<T>) => {
    const held = new Map<string, Promise<T>>();
    return (playerId: string): Promise<T> => {
      let reading = held.get(playerId);
      if (!reading) held.set(playerId, (reading = read(playerId)));
      return reading;
    };
  };
  return {
    preferences: once((playerId) => readPreferences(ctx, playerId, 'eventual')),
    webhooks: once((playerId) => ctx.push.listWebhooks(playerId, 'eventual')),
    pushSubscriptions: once((playerId) => ctx.push.listPushSubscriptions(playerId, 'eventual')),
    email: once((playerId) => ctx.push.getEmail(playerId, 'eventual')),
  };
}
