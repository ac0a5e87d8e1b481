import type { RouteConfig } from '@hono/zod-openapi';
import type { Env, MiddlewareHandler } from 'hono';
import type { ServiceContext } from '../service/context.js';
import { authenticate } from '../service/players.js';
import type { PlayerRecord } from '../store/port.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * Who is calling, as Hono's request-id middleware does it: the auth
 * middleware resolves the bearer token once and sets `c.var.player`, on every
 * operation whose contract declares the bearer (`security: BEARER`), and
 * only there. Handlers read `c.var.player`.
 */
export type PlayerVariables = { player: PlayerRecord };
export type AppEnv = { Variables: PlayerVariables };

/** The security requirement of an operation that needs a player's token. */
export const BEARER: [{ bearer: string[] }] = [{ bearer: [] }];

/** Whether an operation's contract declares the bearer. */
export function declaresBearer(route: RouteConfig): boolean {
  return route.security?.some((requirement) => 'bearer' in requirement) ?? false;
}

/** The environment of an operation's handler: with `c.var.player` where its contract declares the bearer. */
export type EnvOf<R extends RouteConfig> = R extends { readonly security: typeof BEARER } ? AppEnv : Env;

/**
 * Resolves the bearer token into `c.var.player`; a precise 401 otherwise
 * (`missing-token`, then `malformed-token`, then `invalid-token`). With
 * `limits` (in process), the request then counts against that player: only a
 * token that resolves is ever counted as a player, so made-up tokens count
 * against their address alone (rate-limit.ts).
 */
export function bearerAuth(ctx: ServiceContext, limits?: Pick<RateLimiter, 'byPlayer'>): MiddlewareHandler<AppEnv> {
  return async function bearer(c, next) {
    const player = await authenticate(ctx, c.req.header('authorization'));
    c.set('player', player);
    const refused = limits?.byPlayer(c, player.playerId);
    if (refused) return refused;
    await next();
  };
}
