import type { Context, MiddlewareHandler } from 'hono';
import { fail } from '../service/errors.js';
import { FixedWindows } from './fixed-windows.js';
import { answerProblem } from './problem.js';
import {
  EVENTS_PATH,
  RATE_LIMIT_POLICIES,
  REGISTRATION_ROUTE,
  SIGN_IN_ROUTES,
  WAIT_PARAMETER,
  type Caller,
  type Counted,
  type RateLimitPolicy,
} from './rate-limits.js';

/**
 * The in-process enforcer of the published request limits (rate-limits.ts),
 * for `npm start`; on AWS the WAF rate-based rules enforce the same numbers.
 * Each policy counts in fixed windows. Every request is counted against its
 * client address as it arrives, whatever its headers; the auth middleware
 * counts it against its player once the bearer token has resolved to one, so
 * a made-up token is only ever counted (and refused) as its address. Every
 * answer carries the IETF `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers) of the policies that counted it.
 */

export interface RateLimitOptions {
  /** The client's address, as the server saw the connection (never a header the client wrote). */
  readonly clientAddress: (c: Context) => string;
  /** The policies to enforce; default: the published ones. */
  readonly policies?: readonly RateLimitPolicy[];
  readonly clock?: () => number;
}

export interface RateLimiter {
  /** Counts each request against its address, and writes the RateLimit fields of every answer: the app's first middleware after CORS. */
  readonly byAddress: MiddlewareHandler;
  /** Counts a request against the player its token resolved to (the auth middleware calls it): the 429 answer, or null to go on. */
  byPlayer(c: Context, playerId: string): Response | null;
}

/** What a request was counted against: one entry per policy, for its RateLimit fields. */
interface Tallied {
  readonly policy: RateLimitPolicy;
  readonly remaining: number;
  readonly resetAt: number;
}

const REQUESTS: readonly Counted[] = ['requests'];
const LONG_POLLS: readonly Counted[] = ['long-polls'];
const REGISTRATIONS: readonly Counted[] = ['requests', 'registrations'];
const SIGN_INS: readonly Counted[] = ['requests', 'sign-ins'];
const KINDS_OF_REQUEST = [REQUESTS, LONG_POLLS, REGISTRATIONS, SIGN_INS];

/** What the request counts as: a long-poll, a registration or a sign-in (each also a request), or a plain request. */
function countsAs(c: Context): readonly Counted[] {
  const { path } = c.req;
  if (EVENTS_PATH.test(path) && (c.req.query(WAIT_PARAMETER) ?? '') !== '') return LONG_POLLS;
  if (path === REGISTRATION_ROUTE.path && c.req.method === REGISTRATION_ROUTE.method) return REGISTRATIONS;
  if (path.startsWith(SIGN_IN_ROUTES.pathPrefix) && c.req.method === SIGN_IN_ROUTES.method) return SIGN_INS;
  return REQUESTS;
}

/** `"burst";q=20;w=1, "sustained";q=600;w=60`: the policies that counted the request. */
function policyHeader(counted: readonly Tallied[]): string {
  return counted.map(({ policy }) => `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`).join(', ');
}

const secondsUntil = (instant: number, now: number) => Math.max(1, Math.ceil((instant - now) / 1000));

/** `"burst";r=19;t=1, "sustained";r=599;t=60`: what remains of each policy that counted the request. */
function remainingHeader(counted: readonly Tallied[], now: number): string {
  return counted.map(({ policy, remaining, resetAt }) => `"${policy.name}";r=${remaining};t=${secondsUntil(resetAt, now)}`).join(', ');
}

/** One counter per policy; the request's tally kept beside its context until the answer is written. */
export function rateLimiter(options: RateLimitOptions): RateLimiter {
  const clock = options.clock ?? Date.now;
  const counters = (options.policies ?? RATE_LIMIT_POLICIES).map((policy) => ({ policy, windows: new FixedWindows(policy.windowSeconds * 1000, clock) }));
  /** The counters of each caller for each kind of request, worked out once. */
  const applying = (caller: Caller) =>
    new Map(KINDS_OF_REQUEST.map((counts) => [counts, counters.filter(({ policy }) => policy.caller === caller && counts.includes(policy.counts))]));
  const countersOf = { address: applying('address'), player: applying('player') };
  const tallies = new WeakMap<Context, Tallied[]>();

  /** Counts the request against `key` in each policy of `caller` in turn; the first one exhausted answers 429 (and the rest do not count it). */
  const count = (c: Context, caller: Caller, key: string): Response | null => {
    const tally = tallies.get(c) ?? [];
    tallies.set(c, tally);
    const now = clock();
    for (const { policy, windows } of countersOf[caller].get(countsAs(c)) ?? []) {
      const window = windows.hit(key);
      tally.push({ policy, remaining: Math.max(0, policy.limit - window.hits), resetAt: window.resetAt });
      if (window.hits <= policy.limit) continue;
      const retryAfter = secondsUntil(window.resetAt, now);
      const refusal = fail('rate-limited', { policy: policy.name, caller, limit: policy.limit, windowSeconds: policy.windowSeconds, retryAfter });
      return answerProblem(c, refusal, {
        'Retry-After': String(retryAfter),
        'RateLimit-Policy': policyHeader(tally),
        RateLimit: remainingHeader(tally, now),
      });
    }
    return null;
  };

  return {
    byAddress: async (c, next) => {
      const refused = count(c, 'address', options.clientAddress(c));
      if (refused) return refused;
      await next();
      const tally = tallies.get(c) ?? [];
      c.res.headers.set('RateLimit-Policy', policyHeader(tally));
      c.res.headers.set('RateLimit', remainingHeader(tally, clock()));
    },
    byPlayer: (c, playerId) => count(c, 'player', playerId),
  };
}
