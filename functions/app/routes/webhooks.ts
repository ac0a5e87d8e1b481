import type { PushContext } from '../../push/context.js';
import { CreateWebhookBody, WebhookIdParam } from '../../push/webhooks/schemas.js';
import { createWebhook, pingWebhook, presentDelivery, presentWebhook, requireWebhook, revealWebhook } from '../../push/webhooks/webhooks.js';
import { once } from '../../service/idempotency.js';
import { requires } from '../auth.js';
import { requestHash } from '../http.js';
import type { ServiceProblemCode } from '../../service/problems.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { IdempotencyHeaders } from '../schemas.js';
import { problemResponses } from '../problem.js';

/** Codes of an operation on one of your webhooks. */
const ONE_WEBHOOK: readonly ServiceProblemCode[] = [...AUTHENTICATED, 'invalid-request', 'webhook-not-found'];
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';

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
      'Deliveries are signed by the Standard Webhooks specification (`webhook-id`, `webhook-timestamp`, `webhook-signature`; verify with any Standard Webhooks library and the secret answered here once). At least once: a message may come twice (a timeout, a retried handling), with the same `webhook-id`: drop repeats by it. 5-second timeout, no redirects followed, retried with growing delays for over 24 hours, then the subscription is disabled and you get a `webhook-disabled` notification. A player-scope subscription gets every notification of yours but those your own request’s answer carried already (a move’s, an undo’s, a reclaim’s `notifications`; your feed keeps them but a `your-turn`); a game-scope one gets the game’s public notices whoever moved. The URL must be https and resolve to a public address (`422 webhook-target-forbidden`). A player keeps at most 10 (`409 too-many-webhooks`, with the `limit`). The secret is shown in this answer only; a retry with the same Idempotency-Key and body returns this same answer (with the secret, read again from the subscription: the key’s record keeps only its id) instead of a second subscription.',
    security: requires('webhooks:write'),
    request: { headers: IdempotencyHeaders, body: jsonBody(CreateWebhookBody) },
    responses: {
      201: jsonResponse('NewWebhook', 'The subscription and its signing secret (shown once)'),
      ...problemResponses([
        ...AUTHENTICATED,
        ...WITH_BODY,
        'idempotency-key-reused',
        'not-seated',
        'game-not-found',
        'webhook-target-forbidden',
        'invalid-events',
        'too-many-webhooks',
        'contention',
      ]),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listWebhooks',
    path: '/v1/webhooks',
    tags: ['push'],
    summary: 'Your webhook subscriptions',
    description: 'Every subscription you keep (at most 10), player- and game-scope, each with whether it was disabled and why; secrets are never shown again.',
    security: requires('webhooks:write'),
    responses: { 200: jsonResponse('WebhookList', 'Your subscriptions (without their secrets)'), ...problemResponses(AUTHENTICATED) },
  }),

  get: defineRoute({
    method: 'get',
    operationId: 'getWebhook',
    path: '/v1/webhooks/{id}',
    tags: ['push'],
    summary: 'One of your webhook subscriptions',
    description: 'The subscription as listed, without its secret; `404 webhook-not-found` for an id that is not yours.',
    security: requires('webhooks:write'),
    request: { params: WebhookIdParam },
    responses: { 200: jsonResponse('Webhook', 'The subscription'), ...problemResponses(ONE_WEBHOOK) },
  }),

  delete: defineRoute({
    method: 'delete',
    operationId: 'deleteWebhook',
    path: '/v1/webhooks/{id}',
    tags: ['push'],
    summary: 'Unsubscribe; deliveries still pending are dropped',
    description: 'Deletes the subscription at once; deliveries not yet sent are dropped and no retry of it fires.',
    security: requires('webhooks:write'),
    request: { params: WebhookIdParam },
    responses: { 204: { description: 'Deleted' }, ...problemResponses(ONE_WEBHOOK) },
  }),

  test: defineRoute({
    method: 'post',
    operationId: 'testWebhook',
    path: '/v1/webhooks/{id}/test',
    tags: ['push'],
    summary: 'Send a signed `ping` now and see whether it was delivered',
    description:
      'Sends one signed `ping` delivery now, outside the retry schedule, so a receiver can be checked before real events arrive, and answers only `delivered`, `refused` or `timed out` — never the receiver’s status or text (the ping is listed with the deliveries with that outcome only). A retry with the same Idempotency-Key returns the first answer and sends no second ping.',
    security: requires('webhooks:write'),
    request: { params: WebhookIdParam, headers: IdempotencyHeaders },
    responses: {
      200: jsonResponse('WebhookTest', 'How the ping went'),
      ...problemResponses([...ONE_WEBHOOK, 'idempotency-key-reused']),
    },
  }),

  deliveries: defineRoute({
    method: 'get',
    operationId: 'listWebhookDeliveries',
    path: '/v1/webhooks/{id}/deliveries',
    tags: ['push'],
    summary: 'Recent deliveries of a subscription, newest first, with every attempt’s status',
    description: 'Each delivery with its state (pending, delivered, failed), every attempt’s status or error, and when the next retry is due.',
    security: requires('webhooks:write'),
    request: { params: WebhookIdParam },
    responses: { 200: jsonResponse('WebhookDeliveryList', `The latest ${RECENT_DELIVERIES} deliveries (kept 30 days)`), ...problemResponses(ONE_WEBHOOK) },
  }),
};

export function mountWebhookRoutes(mount: Mount, ctx: PushContext): void {
  mount(webhookRoutes.create, async (c) => {
    const { player } = c.var;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    // The key's record keeps the subscription's id only; the answer, secret included, is read from the subscription each time.
    const answer = await once(ctx, { scope: `${player.playerId}:create-webhook`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 201,
      body: { id: (await createWebhook(ctx, ctx.pushPolicy, player.playerId, body)).id },
    }));
    return c.json(revealWebhook(await requireWebhook(ctx, player.playerId, answer.body.id)), 201);
  });

  mount(webhookRoutes.list, async (c) => {
    const { player } = c.var;
    return c.json({ webhooks: (await ctx.push.listWebhooks(player.playerId, 'strong')).map(presentWebhook) }, 200);
  });

  mount(webhookRoutes.get, async (c) => {
    const { player } = c.var;
    return c.json(presentWebhook(await requireWebhook(ctx, player.playerId, c.req.valid('param').id)), 200);
  });

  mount(webhookRoutes.delete, async (c) => {
    const { player } = c.var;
    await ctx.push.deleteWebhook(await requireWebhook(ctx, player.playerId, c.req.valid('param').id));
    return c.body(null, 204);
  });

  mount(webhookRoutes.test, async (c) => {
    const { player } = c.var;
    const { id } = c.req.valid('param');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:test-webhook:${id}`, key, requestHash: requestHash(c, null) }, async () => ({
      status: 200,
      body: await pingWebhook(ctx, ctx.pushPolicy, await requireWebhook(ctx, player.playerId, id)),
    }));
    return c.json(answer.body, 200);
  });

  mount(webhookRoutes.deliveries, async (c) => {
    const { player } = c.var;
    const hook = await requireWebhook(ctx, player.playerId, c.req.valid('param').id);
    return c.json({ deliveries: (await ctx.push.listDeliveries(hook.id, RECENT_DELIVERIES)).map(presentDelivery) }, 200);
  });
}
