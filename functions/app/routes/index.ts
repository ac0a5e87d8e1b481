import type { RouteConfig } from '@hono/zod-openapi';
import type { PushContext } from '../../push/context.js';
import type { Api } from '../http.js';
import { gameRoutes, mountGameRoutes } from './games.js';
import { mountPlayerRoutes, playerRoutes } from './players.js';
import { mountNotificationRoutes, notificationRoutes } from './notifications.js';
import { mountPlayRoutes, playRoutes } from './play.js';
import { mountStandingOrderRoutes, standingOrderRoutes } from './standing-orders.js';
import { mountStreamRoutes, streamRoutes } from './stream.js';
import { mountTableRoutes, tableRoutes } from './table.js';
import { mountVacationRoutes, vacationRoutes } from './vacation.js';
import { mountWebhookRoutes, webhookRoutes } from './webhooks.js';

/**
 * Every operation of the API, in document order: the contracts
 * openapi-document.ts documents, and the only ones `mountApiRoutes` mounts.
 */
export function apiRoutes(): RouteConfig[] {
  return [playerRoutes, vacationRoutes, gameRoutes, playRoutes, standingOrderRoutes, tableRoutes, notificationRoutes, webhookRoutes, streamRoutes].flatMap(
    (group) => Object.values(group),
  );
}

/** Mounts each contract of `apiRoutes()` with its handler. */
export function mountApiRoutes(app: Api, ctx: PushContext): void {
  mountPlayerRoutes(app, ctx);
  mountVacationRoutes(app, ctx);
  mountGameRoutes(app, ctx);
  mountPlayRoutes(app, ctx);
  mountStandingOrderRoutes(app, ctx);
  mountTableRoutes(app, ctx);
  mountNotificationRoutes(app, ctx);
  mountWebhookRoutes(app, ctx);
  mountStreamRoutes(app, ctx);
}
