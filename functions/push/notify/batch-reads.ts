import type { GameHeader } from '../../store/port.js';
import type { PushContext } from '../context.js';
import { resolvePreferences, type Preferences } from '../model/preferences.js';
import type { EmailRecord, KeptKind, PushSubscriptionRecord, WebhookRecord } from '../store/port.js';
import { readPreferences } from './feed.js';

/**
 * What the channels read while one consumer batch is handled (a stream
 * consumer's event on AWS, the commits signalled meanwhile under `npm
 * start`), each read at most once for the whole batch: every channel
 * consults the addressee's preferences, and a batch often tells one player
 * several things. A player's own things are read only when the flags on
 * their profile say they keep some (`playerKeeps`, one read instead of four
 * for most players); a player stored before the flags is read as before.
 * Eventually consistent, as each channel read them before: a change made in
 * the last second may be seen a batch late.
 */
export interface BatchReads {
  preferences(playerId: string): Promise<Preferences>;
  /** The player's own webhooks, game-scoped ones included. */
  webhooks(playerId: string): Promise<readonly WebhookRecord[]>;
  pushSubscriptions(playerId: string): Promise<readonly PushSubscriptionRecord[]>;
  email(playerId: string): Promise<EmailRecord | null>;
  /**
   * The game's header, read once for the batch, when a commit of it first
   * needs it (the follower holds none that covers the commit's stamp): every
   * commit of the batch was durable before the batch began, so this read is
   * at least as new as the header each was decided under (it may see seats
   * changed after its commit).
   */
  header(gameId: string): Promise<GameHeader | null>;
  /** The game-scope webhooks of a game (asked only of a game whose header says it may have some: `mayHaveGameWebhooks`). */
  gameWebhooks(gameId: string): Promise<readonly WebhookRecord[]>;
  /** Whether either of two players blocks the other (their `BLOCK#` rows read once for the batch). */
  blockedEitherWay(playerId: string, otherId: string): Promise<boolean>;
}

/** Whether either of two players blocks the other: one read of their `BLOCK#` rows. */
export async function blockedEitherWay(ctx: Pick<PushContext, 'store'>, playerId: string, otherId: string): Promise<boolean> {
  return (await ctx.store.blockedEitherWay(playerId, [otherId])).has(otherId);
}

/** A read made at most once per key; a failed one is forgotten, so the batch's next commit reads again (under `npm start` a commit's failure does not stop the batch). */
function once<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const held = new Map<string, Promise<T>>();
  return (key) => {
    let reading = held.get(key);
    if (!reading) {
      held.set(key, (reading = read(key)));
      reading.catch(() => held.delete(key));
    }
    return reading;
  };
}

/** A fresh set of reads for one batch. */
export function batchReads(ctx: PushContext): BatchReads {
  const keeps = once((playerId) => ctx.push.playerKeeps(playerId));
  /** `read` unless the player's flags say they keep nothing of `kind` (then `none`). */
  const kept = <T>(kind: KeptKind, none: T, read: (playerId: string) => Promise<T>) =>
    once(async (playerId) => ((await keeps(playerId))?.[kind] === false ? none : read(playerId)));
  const blocked = once(async (pair) => {
    const [playerId, otherId] = JSON.parse(pair) as [string, string];
    return blockedEitherWay(ctx, playerId, otherId);
  });
  return {
    preferences: kept('preferences', resolvePreferences(null), (playerId) => readPreferences(ctx, playerId, 'eventual')),
    webhooks: kept('webhooks', [], (playerId) => ctx.push.listWebhooks(playerId, 'eventual')),
    pushSubscriptions: kept('devices', [], (playerId) => ctx.push.listPushSubscriptions(playerId, 'eventual')),
    email: kept('email', null, (playerId) => ctx.push.getEmail(playerId, 'eventual')),
    header: once((gameId) => ctx.store.getHeader(gameId)),
    gameWebhooks: once((gameId) => ctx.push.gameWebhooks(gameId, 'eventual')),
    // Either way round is the same question: one key for both.
    blockedEitherWay: (playerId, otherId) => blocked(JSON.stringify([playerId, otherId].sort())),
  };
}
