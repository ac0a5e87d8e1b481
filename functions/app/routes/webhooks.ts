import type { ServiceContext } from '../../service/context.js';
import { CreateWebhookBody, DeliveryList, DeliveryView, NewWebhook, WebhookIdParam, WebhookList, WebhookView } from '../../notifications/webhook-schemas.js';
import { createWebhook, pingWebhook, presentDelivery, presentWebhook, requireWebhook } from '../../notifications/webhooks.js';
import { BEARER, requirePlayer, type Api } from '../http.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, mountRoute } from '../route.js';

const RECENT_DELIVERIES = 50;

/** The webhook routes, in document order. */
export const webhookRoutes = {
  create: defineRoute({
    method: 'post',
    operationId: 'createWebhook',
    path: '/v1/webhooks',
    tags: ['push'],
    summary: 'Subscribe a URL to your notifications, or to one game’s public notices',
    description:
      'Deliveries are signed by the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with any Standard Webhooks library and the secret answered here once). At least once, 5-second timeout, no redirects followed, retried with growing delays for over 24 hours, then the subscription is disabled and you get a `webhook-disabled` notification. The URL must be https and resolve to a public address (`422 webhook-target-forbidden`). Not idempotent: the secret is answered once.',
    security: BEARER,
    request: { body: jsonBody(CreateWebhookBody) },
    responses: {
      201: jsonResponse(NewWebhook, 'The subscription and its signing secret (shown once)'),
      ...problemResponses(400, 401, 403, 404, 413, 415, 422),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listWebhooks',
    path: '/v1/webhooks',
    tags: ['push'],
    summary: 'Your webhook subscriptions',
    security: BEARER,
    responses: { 200: jsonResponse(WebhookList, 'Your subscriptions (without their secrets)'), ...problemResponses(401) },
  }),

  get: defineRoute({
    method: 'get',
    operationId: 'getWebhook',
    path: '/v1/webhooks/{id}',
    tags: ['push'],
    summary: 'One of your webhook subscriptions',
    security: BEARER,
    request: { params: WebhookIdParam },
    responses: { 200: jsonResponse(WebhookView, 'The subscription'), ...problemResponses(401, 404) },
  }),

  delete: defineRoute({
    method: 'delete',
    operationId: 'deleteWebhook',
    path: '/v1/webhooks/{id}',
    tags: ['push'],
    summary: 'Unsubscribe; deliveries still pending are dropped',
    security: BEARER,
    request: { params: WebhookIdParam },
    responses: { 204: { description: 'Deleted' }, ...problemResponses(401, 404) },
  }),

  test: defineRoute({
    method: 'post',
    operationId: 'testWebhook',
    path: '/v1/webhooks/{id}/test',
    tags: ['push'],
    summary: 'Send a signed `ping` now and see how the receiver answered',
    security: BEARER,
    request: { params: WebhookIdParam },
    responses: { 200: jsonResponse(DeliveryView, 'The ping delivery with its one attempt'), ...problemResponses(401, 404) },
  }),

  deliveries: defineRoute({
    method: 'get',
    operationId: 'listWebhookDeliveries',
    path: '/v1/webhooks/{id}/deliveries',
    tags: ['push'],
    summary: 'Recent deliveries of a subscription, newest first, with every attempt’s status',
    security: BEARER,
    request: { params: WebhookIdParam },
    responses: { 200: jsonResponse(DeliveryList, `The latest ${RECENT_DELIVERIES} deliveries (kept 30 days)`), ...problemResponses(401, 404) },
  }),
};

export function mountWebhookRoutes(app: Api, ctx: ServiceContext): void {
  mountRoute(app, webhookRoutes.create, async (c) => {
    const player = await requirePlayer(ctx, c);
    return c.json(await createWebhook(ctx, ctx.pushPolicy, player.playerId, c.req.valid('json')), 201);
  });

  mountRoute(app, webhookRoutes.list, async (c) => {
    const player = await requirePlayer(ctx, c);
    return c.json({ webhooks: (await ctx.push.listWebhooks(player.playerId)).map(presentWebhook) }, 200);
  });

  mountRoute(app, webhookRoutes.get, async (c) => {
    const player = await requirePlayer(ctx, c);
    return c.json(presentWebhook(await requireWebhook(ctx, player.playerId, c.req.valid('param').id)), 200);
  });

  mountRoute(app, webhookRoutes.delete, async (c) => {
    const player = await requirePlayer(ctx, c);
    await ctx.push.deleteWebhook(await requireWebhook(ctx, player.playerId, c.req.valid('param').id));
    return c.body(null, 204);
  });

  mountRoute(app, webhookRoutes.test, async (c) => {
    const player = await requirePlayer(ctx, c);
    const hook = await requireWebhook(ctx, player.playerId, c.req.valid('param').id);
    return c.json(await pingWebhook(ctx, ctx.pushPolicy, hook), 200);
  });

  mountRoute(app, webhookRoutes.deliveries, async (c) => {
    const player = await requirePlayer(ctx, c);
    const hook = await requireWebhook(ctx, player.playerId, c.req.valid('param').id);
    return c.json({ deliveries: (await ctx.push.listDeliveries(hook.id, RECENT_DELIVERIES)).map(presentDelivery) }, 200);
  });
}
