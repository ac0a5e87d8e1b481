import type { RouteConfig } from '@hono/zod-openapi';
import type { Env, MiddlewareHandler } from 'hono';
import type { ServiceContext } from '../service/context.js';
import { fail } from '../service/errors.js';
import { authenticate, type Caller } from '../service/players.js';
import { isScope, missingScopes, type Scope } from '../service/scopes.js';
import type { PlayerRecord } from '../store/port.js';
import type { RateLimiter } from './rate-limit.js';

/**
 * Who is calling, as Hono's request-id middleware does it: the auth
 * middleware resolves the bearer token once and sets `c.var.player` (and
 * `c.var.caller`: the player with what the token may do), on every operation
 * whose contract declares the bearer, and only there. Handlers read them.
 */
export type PlayerVariables = { player: PlayerRecord; caller: Caller };
export type AppEnv = { Variables: PlayerVariables };

/** The security requirement of an operation that needs a player's token: one holding every scope named. */
type BearerRequirement = [{ bearer: Scope[] }];

/**
 * The security requirement of an operation that needs a token holding each
 * of `scopes`: the one declaration the document publishes and the auth
 * middleware enforces (test/functions/api-scopes.test.ts holds the two together).
 */
export const requires = (...scopes: Scope[]): BearerRequirement => [{ bearer: scopes }];

/** Any token of the player's will do (checking who a token is): no scope. */
export const ANY_TOKEN: BearerRequirement = requires();

/** Whether an operation's contract declares the bearer. */
export function declaresBearer(route: RouteConfig): boolean {
  return route.security?.some((requirement) => 'bearer' in requirement) ?? false;
}

/** The scopes an operation's contract declares its token needs; a name that is no scope is a mistake in the contract. */
export function scopesOf(route: RouteConfig): Scope[] {
  const declared = route.security?.flatMap((requirement) => requirement.bearer ?? []) ?? [];
  return declared.map((name) => {
    if (!isScope(name)) throw new Error(`${route.method} ${route.path} declares an unknown scope ${name}`);
    return name;
  });
}

/** The environment of an operation's handler: with `c.var.player` where its contract declares the bearer. */
export type EnvOf<R extends RouteConfig> = R extends { readonly security: BearerRequirement } ? AppEnv : Env;

/**
 * The auth middleware of an operation needing `scopes`: resolves the bearer
 * token into `c.var.player` and `c.var.caller`; a precise 401 otherwise
 * (`missing-token`, then `malformed-token`, then `invalid-token` or
 * `token-expired`), then `403 insufficient-scope` naming the first scope the
 * token lacks. With `limits` (in process), the request then counts against
 * that player: only a token that resolves is ever counted as a player, so
 * made-up tokens count against their address alone (rate-limit.ts).
 */
export function bearerAuth(ctx: ServiceContext, limits?: Pick<RateLimiter, 'byPlayer'>): (scopes: readonly Scope[]) => MiddlewareHandler<AppEnv> {
  return (scopes) =>
    async function bearer(c, next) {
      const caller = await authenticate(ctx, c.req.header('authorization'));
      c.set('player', caller.player);
      c.set('caller', caller);
      const refused = limits?.byPlayer(c, caller.player.playerId);
      if (refused) return refused;
      const missing = missingScopes(caller.scopes, scopes);
      if (missing.length > 0) throw fail('insufficient-scope', { scope: missing[0] as Scope, missing, to: 'call' });
      await next();
    };
}
