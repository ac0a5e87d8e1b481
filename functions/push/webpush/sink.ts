import type { PushContext } from '../context.js';
import { derivedId } from '../model/derive.js';
import { chooses } from '../model/preferences.js';
import { deliverable, type PushSink } from '../notify/channels.js';
import type { OutboxMessage } from '../outbox/message.js';
import type { Outbox } from '../outbox/port.js';
import { newDeliveryMessage } from '../webhooks/courier.js';
import { isPushed, pushHeaders, pushMessage } from './message.js';

/** Whether a player has a live stream subscription on a game right now (then its table is open before them, and a push would only echo it). */
export type Watching = (playerId: string, gameId: string) => Promise<boolean>;

/**
 * A sink that queues a push delivery for each pushed notification to every
 * device of its addressee in the outbox, its content in the message (nothing
 * is sent or written here, as for webhooks; never the device's keys): none when the player's preferences keep the type
 * from push, when they are watching the game on the stream, or when the
 * commit's answer told them already (deliverable: they just moved). Subscriptions
 * and preferences are read eventually consistent, as webhooks' are; the
 * preferences only for players with a device.
 */
export function webPushSink(ctx: PushContext, outbox: Outbox, watching: Watching): PushSink {
  return async (derived, observed, reads) => {
    if (ctx.pushPolicy.vapid === null) return;
    const due: OutboxMessage[] = [];
    for (const { playerId, notification } of deliverable(derived, observed)) {
      if (!isPushed(notification)) continue;
      const mine = await reads.pushSubscriptions(playerId);
      if (mine.length === 0) continue;
      const preferences = await reads.preferences(playerId);
      if (!chooses(preferences, notification.type, 'push')) continue;
      if (await watching(playerId, notification.gameId)) continue;
      // Written in the addressee's language.
      const body = JSON.stringify(pushMessage(notification, preferences.language));
      const webPush = pushHeaders(notification);
      for (const subscription of mine) {
        const delivery = {
          id: derivedId('msg', subscription.id, notification.id),
          webhookId: subscription.id,
          ownerId: playerId,
          type: notification.type,
          body,
          webPush,
          createdAt: Date.parse(notification.at),
        };
        due.push(newDeliveryMessage(delivery, 'web-push'));
      }
    }
    await outbox.enqueue(due);
  };
}
