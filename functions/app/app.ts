import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { PushContext } from '../push/context.js';
import { fail, ServiceError } from '../service/errors.js';
import { StoreUnavailableError } from '../store/port.js';
import { allowedMethods } from './allow.js';
import type { AppEnv } from './auth.js';
import { corsMiddleware, corsOriginsFromEnv, type CorsOrigins } from './cors.js';
import { answerProblem } from './problem.js';
import type { RateLimiter } from './rate-limit.js';
import { mountApiRoutes } from './routes/index.js';
import type { MailDesk } from '../push/email/address.js';

/** Largest request body accepted; a batch of 20 moves fits many times over. */
export const MAX_BODY_BYTES = 32 * 1024;

/** Longest URL (path and query) accepted; ids and cursors are tens of characters. */
export const MAX_URL_CHARS = 2048;

/** A game id no game ever has (ids are `g_` + base64url): reading it proves the store answers. */
const READINESS_PROBE_GAME = 'readiness-probe';

export interface LogLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
  readonly error?: string;
}

export interface AppOptions {
  /** Structured access log; never receives headers, bodies or tokens. */
  readonly log?: (line: LogLine) => void;
  /** Browser origins allowed to call the API; default: the `CORS_ORIGINS` setting (none when unset). */
  readonly corsOrigins?: CorsOrigins | null;
  /** Request limits enforced in process (`npm start`: rate-limit.ts); on AWS the WAF enforces them in front of the API. */
  readonly rateLimiter?: RateLimiter;
  /** Where the e-mail routes leave a confirmation and plan the digest (the outbox and the timers); without it they answer `503 email-unavailable`. */
  readonly mail?: MailDesk;
}

/** The one Hono application behind both the Lambda and the local server. */
export function createApp(ctx: PushContext, options: AppOptions = {}) {
  const log = options.log ?? (() => {});
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    log({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 });
  });
  const corsOrigins = options.corsOrigins === undefined ? corsOriginsFromEnv() : options.corsOrigins;
  // Before the limiter: a preflight is the browser's question, not the caller's request.
  if (corsOrigins) app.use('*', corsMiddleware(corsOrigins));
  if (options.rateLimiter) app.use('*', options.rateLimiter.byAddress);
  app.use('*', async (c, next) => {
    const url = c.req.url;
    const pathAndQuery = url.length - url.indexOf('/', url.indexOf('://') + 3);
    if (pathAndQuery > MAX_URL_CHARS) return answerProblem(c, fail('uri-too-long', { maxChars: MAX_URL_CHARS }));
    return next();
  });
  const tooLarge = (c: Context) => answerProblem(c, fail('payload-too-large', { maxBytes: MAX_BODY_BYTES }));
  const countBodyBytes = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // hono's bodyLimit first touches `c.req.raw.body`, which makes @hono/node-server build a
  // full web Request for every call (about half a millisecond). Bodiless methods and a
  // declared Content-Length (HTTP framing caps the body at it) are judged without that;
  // only a chunked body is counted as it streams in.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) return Number(declared) > MAX_BODY_BYTES ? tooLarge(c) : next();
    return countBodyBytes(c, next);
  });

  app.onError((error, c) => {
    if (error instanceof StoreUnavailableError) {
      log({ method: c.req.method, path: c.req.path, status: 503, ms: 0, error: error.message });
      // A read's own answer is all it asked for: whatever a lazy expiry may have written is not the caller's doing.
      const safe = c.req.method === 'GET' || c.req.method === 'HEAD';
      return answerProblem(c, fail('store-unavailable', { outcome: safe ? 'not-applied' : error.outcome }));
    }
    if (error instanceof ServiceError) return answerProblem(c, error);
    // The exception knows its status (hono's validators and ours, route.ts).
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 415 ? 'unsupported-media-type' : error.message.startsWith('Malformed JSON') ? 'malformed-json' : 'bad-request';
      return answerProblem(c, fail(code));
    }
    log({ method: c.req.method, path: c.req.path, status: 500, ms: 0, error: error instanceof Error ? `${error.name}: ${error.message}` : 'unknown' });
    return answerProblem(c, fail('internal-error'));
  });
  app.notFound((c) => {
    const allow = allowedMethods(app, c.req.path);
    if (allow.length === 0) return answerProblem(c, fail('route-not-found', { method: c.req.method, path: c.req.path }));
    c.header('Allow', allow.join(', '));
    return answerProblem(c, fail('method-not-allowed', { method: c.req.method, path: c.req.path, allow }));
  });

  mountApiRoutes(app, ctx, options.rateLimiter, options.mail);

  // Liveness: the process answers. Readiness: the store answers too (503 `store-unavailable` otherwise).
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/health/ready', async (c) => {
    await ctx.store.getHeader(READINESS_PROBE_GAME);
    return c.json({ status: 'ready' });
  });
  app.get('/openapi.json', async (c) => c.json(await publishedDocument()));
  return app;
}

/**
 * The committed api-spec/openapi.json (test/functions/openapi.test.ts holds it
 * to the route contracts), imported on first request: the Lambda bundle keeps
 * it in a chunk of its own, off the cold start.
 */
async function publishedDocument() {
  return (await import('../../api-spec/openapi.json', { with: { type: 'json' } })).default;
}
