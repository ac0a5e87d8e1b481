import type { PushContext } from '../../push/context.js';
import { CreatePushSubscriptionBody, PushSubscriptionIdParam } from '../../push/webpush/schemas.js';
import { createPushSubscription, presentPushSubscription, requirePushSubscription, requireVapid } from '../../push/webpush/subscriptions.js';
import type { ServiceProblemCode } from '../../service/problems.js';
import { requires } from '../auth.js';
import { problemResponses } from '../problem.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';

/** Codes of an operation on one of your push subscriptions. */
const ONE_SUBSCRIPTION: readonly ServiceProblemCode[] = [...AUTHENTICATED, 'invalid-request', 'push-subscription-not-found'];

/** The browser push routes (Web Push: RFC 8030, 8291, 8292), in document order. */
export const webPushRoutes = {
  vapidKey: defineRoute({
    method: 'get',
    operationId: 'getVapidKey',
    path: '/v1/push/vapid-key',
    tags: ['push'],
    summary: 'The VAPID public key browsers subscribe with',
    description:
      'The key every push message of this server is signed with (RFC 8292): pass it as `applicationServerKey` to `PushManager.subscribe`, then send the subscription to `POST /v1/push-subscriptions`. Needs no token. `503 web-push-unavailable` where this deployment sends no browser push.',
    security: [],
    responses: { 200: jsonResponse('VapidKey', 'The public key'), ...problemResponses(['web-push-unavailable']) },
  }),

  create: defineRoute({
    method: 'post',
    operationId: 'createPushSubscription',
    path: '/v1/push-subscriptions',
    tags: ['push'],
    summary: 'Have your notifications pushed to this browser',
    description:
      'Takes the browser’s `PushSubscription` JSON (endpoint and keys) and an optional device label. Each notification the `push` column of your preferences passes on (your turn, a deadline near, a timeout, a game’s end, a seat replaced) is then encrypted to this device (RFC 8291 `aes128gcm`), signed (VAPID) and sent through its push service, off the commit path, retried on 429 and 5xx like webhooks; a push service answering 404 or 410 ends the subscription. Nothing is pushed for a game you are watching on the stream at that moment, nor what your own request’s answer carried already (a move’s, an undo’s, a reclaim’s `notifications`: the page that sent it shows them). The endpoint must be https and resolve to a public address (`422 push-endpoint-forbidden`). A player keeps at most 10 (`409 too-many-push-subscriptions`, with the `limit`); the same endpoint again updates its subscription (200) instead of taking a second place.',
    security: requires('notifications:read'),
    request: { body: jsonBody(CreatePushSubscriptionBody) },
    responses: {
      201: jsonResponse('PushSubscription', 'Subscribed'),
      200: jsonResponse('PushSubscription', 'This endpoint was subscribed already: its keys and label updated'),
      ...problemResponses([
        ...AUTHENTICATED,
        ...WITH_BODY,
        'invalid-push-keys',
        'push-endpoint-forbidden',
        'too-many-push-subscriptions',
        'web-push-unavailable',
      ]),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listPushSubscriptions',
    path: '/v1/push-subscriptions',
    tags: ['push'],
    summary: 'The devices your notifications are pushed to',
    description: 'Each subscription with its label and its push service’s origin; never the endpoint itself or the keys.',
    security: requires('notifications:read'),
    responses: { 200: jsonResponse('PushSubscriptionList', 'Your subscriptions'), ...problemResponses(AUTHENTICATED) },
  }),

  delete: defineRoute({
    method: 'delete',
    operationId: 'deletePushSubscription',
    path: '/v1/push-subscriptions/{id}',
    tags: ['push'],
    summary: 'Stop pushing to a device',
    description: 'Deletes the subscription at once; messages not yet sent to it are dropped.',
    security: requires('notifications:read'),
    request: { params: PushSubscriptionIdParam },
    responses: { 204: { description: 'Deleted' }, ...problemResponses(ONE_SUBSCRIPTION) },
  }),
};

export function mountWebPushRoutes(mount: Mount, ctx: PushContext): void {
  mount(webPushRoutes.vapidKey, async (c) => c.json({ publicKey: (await requireVapid(ctx)).publicKey }, 200));

  mount(webPushRoutes.create, async (c) => {
    const { subscription, created } = await createPushSubscription(ctx, c.var.player.playerId, c.req.valid('json'));
    return created ? c.json(presentPushSubscription(subscription), 201) : c.json(presentPushSubscription(subscription), 200);
  });

  mount(webPushRoutes.list, async (c) => {
    const subscriptions = await ctx.push.listPushSubscriptions(c.var.player.playerId, 'strong');
    return c.json({ subscriptions: subscriptions.map(presentPushSubscription) }, 200);
  });

  mount(webPushRoutes.delete, async (c) => {
    const { player } = c.var;
    await ctx.push.deletePushSubscription(await requirePushSubscription(ctx, player.playerId, c.req.valid('param').id));
    return c.body(null, 204);
  });
}
