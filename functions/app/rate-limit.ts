import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter, type RateLimitInfo } from 'hono-rate-limiter';
import { sha256Hex } from '../service/ids.js';
import { fail } from '../service/errors.js';
import { answerProblem } from './problem.js';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from './rate-limits.js';

/**
 * The in-process enforcer of the published request limits (rate-limits.ts),
 * for `npm start`; on AWS the WAF rate-based rules enforce the same numbers.
 * Counting is hono-rate-limiter's (a fixed window per caller and policy);
 * this module picks the caller and writes the IETF `RateLimit-Policy` and
 * `RateLimit` fields (draft-ietf-httpapi-ratelimit-headers) for all policies.
 */

export interface RateLimitOptions {
  /** The client's address, for requests without a bearer token. */
  readonly clientAddress: (c: Context) => string;
  /** The policies to enforce; default: the published ones. */
  readonly policies?: readonly RateLimitPolicy[];
}

/**
 * Long-polls count in a bucket of their own: a client that spent its
 * allowance on moves and reads still hears about the game, and the
 * long-poll itself, at one request per wait, never eats into the rest.
 */
const LONG_POLL = /^\/v1\/games\/[^/]+\/events$/;

/** Who a request counts against: its bearer token (hashed: keys are kept in memory), else its address. */
export function callerKey(c: Context, clientAddress: (c: Context) => string): string {
  const bucket = LONG_POLL.test(c.req.path) ? 'events' : 'api';
  const token = /^Bearer (\S+)$/.exec(c.req.header('authorization')?.trim() ?? '')?.[1];
  return token ? `${bucket}:token:${sha256Hex(token)}` : `${bucket}:address:${clientAddress(c)}`;
}

const infoKey = (policy: RateLimitPolicy) => `rateLimit:${policy.name}`;

function secondsUntil(reset: Date | undefined, policy: RateLimitPolicy): number {
  return reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : policy.windowSeconds;
}

/** `"burst";q=20;w=1, "sustained";q=600;w=60` */
export function policyHeader(policies: readonly RateLimitPolicy[]): string {
  return policies.map((p) => `"${p.name}";q=${p.limit};w=${p.windowSeconds}`).join(', ');
}

/** `"burst";r=19;t=1, "sustained";r=599;t=60`: what remains of each policy this request was counted against. */
function remainingHeader(c: Context, policies: readonly RateLimitPolicy[]): string {
  return policies
    .flatMap((policy) => {
      const info = c.get(infoKey(policy) as never) as RateLimitInfo | undefined;
      return info ? [`"${policy.name}";r=${info.remaining};t=${secondsUntil(info.resetTime, policy)}`] : [];
    })
    .join(', ');
}

/** The limiter middleware: 429 `rate-limited` with `Retry-After` once any policy is exhausted. */
export function rateLimitMiddleware(options: RateLimitOptions): MiddlewareHandler {
  const policies = options.policies ?? RATE_LIMIT_POLICIES;
  const keyGenerator = (c: Context) => callerKey(c, options.clientAddress);
  const limiters = policies.map((policy) =>
    rateLimiter({
      windowMs: policy.windowSeconds * 1000,
      limit: policy.limit,
      keyGenerator,
      standardHeaders: false,
      requestPropertyName: infoKey(policy),
      handler: (c) => {
        const info = c.get(infoKey(policy) as never) as RateLimitInfo;
        const retryAfter = secondsUntil(info.resetTime, policy);
        return answerProblem(c, fail('rate-limited', { policy: policy.name, limit: policy.limit, windowSeconds: policy.windowSeconds, retryAfter }), {
          'Retry-After': String(retryAfter),
          'RateLimit-Policy': policyHeader(policies),
          RateLimit: remainingHeader(c, policies),
        });
      },
    }),
  );
  // Each policy counts the request in turn; the first exhausted one answers, and the rest are not counted.
  const countFrom = async (i: number, c: Context, next: () => Promise<void>): Promise<Response | void> => {
    const limiter = limiters[i];
    if (!limiter) return next();
    return limiter(c, async () => {
      const refused = await countFrom(i + 1, c, next);
      if (refused instanceof Response) c.res = refused;
    });
  };
  return async (c, next) => {
    const refused = await countFrom(0, c, next);
    if (refused instanceof Response) return refused;
    c.res.headers.set('RateLimit-Policy', policyHeader(policies));
    c.res.headers.set('RateLimit', remainingHeader(c, policies));
  };
}
