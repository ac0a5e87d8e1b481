import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { problemBody } from '../functions/app/problem.js';
import { RATE_LIMIT_POLICIES, type RateLimitPolicy } from '../functions/app/rate-limits.js';

/**
 * The published request limits (functions/app/rate-limits.ts) as AWS WAF
 * rate-based rules. WAF counts per "aggregation instance" over an evaluation
 * window of 60, 120, 300 or 600 seconds, with a limit of at least 10 per
 * window; it estimates rates (recent requests weigh more), re-evaluates every
 * few seconds and usually starts or stops blocking within 30 s of a crossing.
 * So:
 * - a policy over 60 s or more becomes a rule over the smallest WAF window
 *   holding it, its limit scaled to the same average rate (the 600/minute
 *   sustained allowance maps exactly: 600 per 60 s);
 * - a policy shorter than a minute (the 20/second burst) has no WAF
 *   equivalent: scaled to 60 s it would allow more than the sustained rule,
 *   so it is left out. On AWS a single caller's burst is bounded only by the
 *   sustained rule, and the whole API's by the stage throttle (game-api.ts).
 */
export const WAF_WINDOWS_SECONDS = [60, 120, 300, 600] as const;
export const WAF_MIN_LIMIT = 10;

export interface WafRate {
  readonly policy: string;
  readonly limit: number;
  readonly windowSeconds: (typeof WAF_WINDOWS_SECONDS)[number];
}

/** A policy as WAF can enforce it, or null when its window is outside those WAF offers (shorter than a minute, longer than ten). */
export function wafRateOf(policy: RateLimitPolicy): WafRate | null {
  const window = WAF_WINDOWS_SECONDS.find((seconds) => seconds >= policy.windowSeconds);
  if (policy.windowSeconds < WAF_WINDOWS_SECONDS[0] || window === undefined) return null;
  const limit = Math.max(WAF_MIN_LIMIT, Math.floor((policy.limit * window) / policy.windowSeconds));
  return { policy: policy.name, limit, windowSeconds: window };
}

/** The key of the 429 body in the web ACL's custom response bodies. */
export const RATE_LIMITED_BODY_KEY = 'rate-limited';

/**
 * The local limiter's problem+json, minus `instance` (WAF cannot put the
 * request path into a fixed body). WAF serves it as `application/json`, the
 * closest content type it offers.
 */
export function rateLimitedBody(): string {
  const { instance: _path, ...body } = problemBody(
    429,
    'rate-limited',
    'Too many requests from this caller; wait as long as Retry-After says, then send the request again.',
    '',
  );
  return JSON.stringify(body);
}

/** Who a rule counts: each bearer token, or each client address among requests without one. */
type Caller = 'token' | 'address';

/** A request with no Authorization header (a missing header has no size, so it is not "larger than 0"). */
const withoutAuthorization: wafv2.CfnWebACL.StatementProperty = {
  notStatement: {
    statement: {
      sizeConstraintStatement: {
        // An untyped JSON property in CloudFormation's schema, hence its capitalised key.
        fieldToMatch: { singleHeader: { Name: 'authorization' } },
        comparisonOperator: 'GT',
        size: 0,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    },
  },
};

function counting(caller: Caller, rate: WafRate): wafv2.CfnWebACL.RateBasedStatementProperty {
  const common = { limit: rate.limit, evaluationWindowSec: rate.windowSeconds };
  // Requests missing an aggregation key are left out of a rule, so the token rule never sees anonymous calls.
  if (caller === 'token') {
    return {
      ...common,
      aggregateKeyType: 'CUSTOM_KEYS',
      customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
    };
  }
  return { ...common, aggregateKeyType: 'IP', scopeDownStatement: withoutAuthorization };
}

/**
 * The block every rule answers with: 429, the shared problem body, when to
 * retry (the window WAF counts over; it lifts the block within it once the
 * rate falls) and the IETF RateLimit headers of the policy, nothing left.
 */
function tooManyRequests(rate: WafRate, corsHeaders: readonly wafv2.CfnWebACL.CustomHTTPHeaderProperty[]): wafv2.CfnWebACL.RuleActionProperty {
  return {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: RATE_LIMITED_BODY_KEY,
        responseHeaders: [
          { name: 'Retry-After', value: String(rate.windowSeconds) },
          // The header draft hono-rate-limiter speaks locally (draft-ietf-httpapi-ratelimit-headers-07).
          { name: 'RateLimit-Policy', value: `${rate.limit};w=${rate.windowSeconds}` },
          { name: 'RateLimit', value: `limit=${rate.limit}, remaining=0, reset=${rate.windowSeconds}` },
          ...corsHeaders,
        ],
      },
    },
  };
}

/**
 * A browser can only read the 429 if it carries CORS headers, which WAF adds
 * only as fixed values: with `*` allowed, it says so; with a list of origins
 * it cannot echo the caller's, so browsers see an opaque network error instead.
 */
function corsHeadersFor(corsOrigins: readonly string[]): wafv2.CfnWebACL.CustomHTTPHeaderProperty[] {
  if (!corsOrigins.includes('*')) return [];
  return [
    { name: 'Access-Control-Allow-Origin', value: '*' },
    { name: 'Access-Control-Expose-Headers', value: 'Retry-After, RateLimit, RateLimit-Policy' },
  ];
}

/** Every rule of the web ACL: each enforceable policy, once per token and once per address. */
export function rateRules(corsOrigins: readonly string[]): wafv2.CfnWebACL.RuleProperty[] {
  const cors = corsHeadersFor(corsOrigins);
  const rates = RATE_LIMIT_POLICIES.map(wafRateOf).filter((rate): rate is WafRate => rate !== null);
  return rates
    .flatMap((rate) => (['token', 'address'] as const).map((caller) => ({ rate, caller })))
    .map(({ rate, caller }, priority) => {
      const name = `${rate.policy}-per-${caller}`;
      return {
        name,
        priority,
        statement: { rateBasedStatement: counting(caller, rate) },
        action: tooManyRequests(rate, cors),
        visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: name },
      };
    });
}
