import type { RouteConfig } from '@hono/zod-openapi';
import type { GameListing } from '../../../core/engine/index.js';
import type { ServiceContext } from '../../service/context.js';
import type { Api } from '../http.js';
import { gameRoutes, mountGameRoutes } from './games.js';
import { mountPlayerRoutes, playerRoutes } from './players.js';
import { mountPlayRoutes, playRoutes } from './play.js';
import { mountStandingOrderRoutes, standingOrderRoutes } from './standing-orders.js';
import { mountTableRoutes, tableRoutes } from './table.js';

/**
 * Every operation of the API, in document order: the contracts
 * openapi-document.ts documents, and the only ones `mountApiRoutes` mounts.
 */
export function apiRoutes(games: readonly GameListing[]): RouteConfig[] {
  return [playerRoutes, gameRoutes, playRoutes(games), standingOrderRoutes(games), tableRoutes].flatMap((group) => Object.values(group));
}

/** Mounts each contract of `apiRoutes(ctx.games)` with its handler. */
export function mountApiRoutes(app: Api, ctx: ServiceContext): void {
  mountPlayerRoutes(app, ctx);
  mountGameRoutes(app, ctx);
  mountPlayRoutes(app, ctx);
  mountStandingOrderRoutes(app, ctx);
  mountTableRoutes(app, ctx);
}
