import type { PushContext } from '../../push/context.js';
import { changePreferences, readPreferences, readNotifications } from '../../push/notify/feed.js';
import { PreferencesChange } from '../../push/model/preferences.js';
import { requires } from '../auth.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { NotificationsQuery } from '../schemas.js';

/** The notification and preference routes, in document order. */
export const notificationRoutes = {
  list: defineRoute({
    method: 'get',
    operationId: 'listNotifications',
    path: '/v1/notifications',
    tags: ['push'],
    summary: 'Your notifications after a cursor, oldest first (kept 30 days)',
    description:
      'What the stream and your webhooks also receive: `your-turn`, `deadline-soon`, `timed-out`, `game-started`, `game-ended`, `player-joined` (someone took a seat at a table where you sit), `webhook-disabled`. Not listed: a `your-turn` that your own move, undo or reclaim was answered with (its `notifications`: a turn your move kept or brought back to you) — that answer told you, and the game’s legal moves tell it again; one a commit of the service’s own (a bot, a standing order, a timeout) hands you is listed. Keep `next` and pass it as `after` to catch up after being away; ids are stable, so one seen on the stream is the same here.',
    security: requires('notifications:read'),
    request: { query: NotificationsQuery },
    responses: {
      200: jsonResponse('NotificationsPage', 'Notifications after the cursor'),
      ...problemResponses([...AUTHENTICATED, 'invalid-request', 'invalid-cursor']),
    },
  }),

  getPreferences: defineRoute({
    method: 'get',
    operationId: 'getPreferences',
    path: '/v1/players/me/preferences',
    tags: ['push'],
    summary: 'Your preferences: reminders, each type × channel, and your language',
    description:
      'Your reminders and, per notification type, whether each channel (`stream`, `webhook`) passes it on. What you never set reads as its default: one reminder at 0.8 of a pending entry’s time, every channel on for every type. `language` (`en`, `fr` or `fa`) is the language you chose to read the service in; absent until you choose one.',
    security: requires('account:read'),
    responses: { 200: jsonResponse('Preferences', 'Your preferences, with defaults for what you never set'), ...problemResponses(AUTHENTICATED) },
  }),

  putPreferences: defineRoute({
    method: 'put',
    operationId: 'putPreferences',
    path: '/v1/players/me/preferences',
    tags: ['push'],
    summary: 'Change your reminders, your language or some cells of the type × channel matrix',
    description:
      'Only what the body names changes. `reminders`: up to 3, each a fraction of a pending entry’s time (e.g. `[0.5, 0.9]`); `[]` for none; the default is one at 0.8; sent for entries of at least 10 minutes, and only while you still have to act. `notify`: the cells to set, e.g. `{"player-joined":{"webhook":false}}`; the others keep their values. `language`: `en`, `fr` or `fa`. Answers the whole matrix.',
    security: requires('account:write'),
    request: { body: jsonBody(PreferencesChange) },
    responses: { 200: jsonResponse('Preferences', 'Your preferences as stored'), ...problemResponses([...AUTHENTICATED, ...WITH_BODY]) },
  }),
};

export function mountNotificationRoutes(mount: Mount, ctx: PushContext): void {
  mount(notificationRoutes.list, async (c) => {
    const { player } = c.var;
    const { after, limit } = c.req.valid('query');
    return c.json(await readNotifications(ctx, player.playerId, after ?? null, limit), 200);
  });

  mount(notificationRoutes.getPreferences, async (c) => {
    const { player } = c.var;
    // Strong: a player reads back what they just PUT.
    return c.json(await readPreferences(ctx, player.playerId, 'strong'), 200);
  });

  mount(notificationRoutes.putPreferences, async (c) => {
    const { player } = c.var;
    return c.json(await changePreferences(ctx, player.playerId, c.req.valid('json')), 200);
  });
}
