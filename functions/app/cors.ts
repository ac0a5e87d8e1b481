import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * Which browser origins may call the API: `localhost` (any port of
 * http://localhost and http://127.0.0.1, for `npm start`), `*` (any origin:
 * the API authenticates with bearer tokens, never cookies, so a page of
 * another site gains nothing a script of its own could not do) or an explicit
 * list of origins (a deployment setting on AWS).
 */
export type CorsOrigins = 'localhost' | '*' | readonly string[];

/** Headers a browser client must read: versions, new resources, limits and back-off hints. */
const EXPOSED = ['ETag', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After'];
const ALLOWED_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Idempotency-Key'];
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/**
 * `CORS_ORIGINS`, as the stack sets it: a comma-separated list of origins,
 * `*` (alone or in the list: any origin) or `localhost`. Unset or empty: no
 * CORS answers from the app.
 */
export function corsOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): CorsOrigins | null {
  const setting = env.CORS_ORIGINS?.trim();
  if (!setting) return null;
  if (setting === 'localhost') return 'localhost';
  const origins = setting
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
  return origins.includes('*') ? '*' : origins;
}

/** Whether `origin` is allowed, for a setting other than `*`. */
function allowedBy(origins: Exclude<CorsOrigins, '*'>): (origin: string) => boolean {
  return origins === 'localhost' ? (origin) => LOCAL_ORIGIN.test(origin) : (origin) => origins.includes(origin);
}

export function corsMiddleware(origins: CorsOrigins): MiddlewareHandler {
  const allowed = origins === '*' ? null : allowedBy(origins);
  return cors({
    // Any origin: the literal `*`, which browsers honour for requests without credentials (ours carry a bearer header, no cookie).
    origin: allowed === null ? '*' : (origin) => (allowed(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ALLOWED_REQUEST_HEADERS,
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });
}
