import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * Which browser origins may call the API: `localhost` (any port of
 * http://localhost and http://127.0.0.1, for `npm start`) or an explicit list
 * of origins (a deployment setting on AWS).
 */
export type CorsOrigins = 'localhost' | readonly string[];

/** Headers a browser client must read: versions, new resources, limits and back-off hints. */
const EXPOSED = ['ETag', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After'];
const ALLOWED_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'If-Match', 'If-None-Match', 'Idempotency-Key'];
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/**
 * `CORS_ORIGINS`, as the stack sets it: a comma-separated list of origins, or
 * `localhost`. Unset or empty: no CORS answers from the app.
 */
export function corsOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): CorsOrigins | null {
  const setting = env.CORS_ORIGINS?.trim();
  if (!setting) return null;
  if (setting === 'localhost') return 'localhost';
  return setting
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
}

export function corsMiddleware(origins: CorsOrigins): MiddlewareHandler {
  const allowed = origins === 'localhost' ? (origin: string) => LOCAL_ORIGIN.test(origin) : (origin: string) => origins.includes(origin);
  return cors({
    origin: (origin) => (allowed(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ALLOWED_REQUEST_HEADERS,
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });
}
