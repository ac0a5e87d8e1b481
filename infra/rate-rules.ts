import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { problemBody } from '../functions/app/problem.js';
import {
  EVENTS_PATH,
  RATE_LIMIT_POLICIES,
  REGISTRATION_ROUTE,
  SIGN_IN_ROUTES,
  STREAM_LIMITS,
  WAIT_PARAMETER,
  type Counted,
  type RateLimitPolicy,
} from '../functions/app/rate-limits.js';
import { LOCAL_STREAM_PATH } from '../functions/push/stream/protocol.js';

/**
 * The published request limits (functions/app/rate-limits.ts) as AWS WAF
 * rate-based rules. WAF counts per "aggregation instance" over an evaluation
 * window of 60, 120, 300 or 600 seconds, with a limit of at least 10 per
 * window; it estimates rates (recent requests weigh more), re-evaluates every
 * few seconds and usually starts or stops blocking within 30 s of a crossing.
 * So:
 * - a policy over 60 s or more becomes a rule over the smallest WAF window
 *   holding it, its limit scaled to the same average rate (every published
 *   one maps exactly: 600 and 1,200 per 60 s, long-polls 20 and 40 per 60 s,
 *   sign-ups 10 and sign-ins 20 per 600 s);
 * - a policy shorter than a minute (the one-second bursts) has no WAF
 *   equivalent: scaled to 60 s it would allow more than the sustained rule,
 *   so it is left out. On AWS a caller's bursts are bounded only by the
 *   sustained rules, and the whole API's by the stage throttle (game-api.ts).
 */
export const WAF_WINDOWS_SECONDS = [60, 120, 300, 600] as const;
export const WAF_MIN_LIMIT = 10;

export interface WafRate {
  readonly policy: string;
  readonly limit: number;
  readonly windowSeconds: (typeof WAF_WINDOWS_SECONDS)[number];
}

/** A policy as WAF can enforce it, or null when its window is outside those WAF offers (shorter than a minute, longer than ten). */
export function wafRateOf(policy: Pick<RateLimitPolicy, 'name' | 'limit' | 'windowSeconds'>): WafRate | null {
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

const URL_DECODED: wafv2.CfnWebACL.TextTransformationProperty[] = [{ priority: 0, type: 'URL_DECODE' }];

/** The request path is exactly `path` (percent-decoded, as the app routes it). */
const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'EXACTLY', searchString: path, textTransformations: URL_DECODED },
});

/** A long-poll: the events route with a `wait` parameter (rate-limits.ts). */
const longPoll: wafv2.CfnWebACL.StatementProperty = {
  andStatement: {
    statements: [
      { regexMatchStatement: { fieldToMatch: { uriPath: {} }, regexString: EVENTS_PATH.source, textTransformations: URL_DECODED } },
      {
        sizeConstraintStatement: {
          // An untyped JSON property in CloudFormation's schema, hence its capitalised key.
          fieldToMatch: { singleQueryArgument: { Name: WAIT_PARAMETER } },
          comparisonOperator: 'GT',
          size: 0,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      },
    ],
  },
};

/** The request's method is `method`. */
const methodIs = (method: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    positionalConstraint: 'EXACTLY',
    searchString: method,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** The request path starts with `prefix` (percent-decoded, as the app routes it). */
const pathStartsWith = (prefix: string): wafv2.CfnWebACL.StatementProperty => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: prefix, textTransformations: URL_DECODED },
});

/** The requests a policy counts, as a WAF statement. */
const SCOPES: Record<Counted, wafv2.CfnWebACL.StatementProperty> = {
  requests: { notStatement: { statement: longPoll } },
  'long-polls': longPoll,
  registrations: { andStatement: { statements: [methodIs(REGISTRATION_ROUTE.method), pathIs(REGISTRATION_ROUTE.path)] } },
  'sign-ins': { andStatement: { statements: [methodIs(SIGN_IN_ROUTES.method), pathStartsWith(SIGN_IN_ROUTES.pathPrefix)] } },
  'stream-connections': pathIs(LOCAL_STREAM_PATH),
};

/**
 * Counts what the policy counts: per client address (WAF's IP: the viewer's
 * own address as CloudFront received the connection, whatever headers say),
 * or per bearer token (the `Authorization` header's value; a request without
 * it has no key and is not counted).
 */
function counting(policy: RateLimitPolicy, rate: WafRate): wafv2.CfnWebACL.RateBasedStatementProperty {
  const common = { limit: rate.limit, evaluationWindowSec: rate.windowSeconds, scopeDownStatement: SCOPES[policy.counts] };
  if (policy.caller === 'address') return { ...common, aggregateKeyType: 'IP' };
  return {
    ...common,
    aggregateKeyType: 'CUSTOM_KEYS',
    customKeys: [{ header: { name: 'authorization', textTransformations: [{ priority: 0, type: 'NONE' }] } }],
  };
}

/**
 * The block every rule answers with: 429, the shared problem body, when to
 * retry (the window WAF counts over; it lifts the block within it once the
 * rate falls) and the IETF RateLimit fields of the policy, nothing left, in
 * the form the in-process limiter writes them.
 */
function tooManyRequests(rate: WafRate, corsHeaders: readonly wafv2.CfnWebACL.CustomHTTPHeaderProperty[]): wafv2.CfnWebACL.RuleActionProperty {
  return {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: RATE_LIMITED_BODY_KEY,
        responseHeaders: [
          { name: 'Retry-After', value: String(rate.windowSeconds) },
          { name: 'RateLimit-Policy', value: `"${rate.policy}";q=${rate.limit};w=${rate.windowSeconds}` },
          { name: 'RateLimit', value: `"${rate.policy}";r=0;t=${rate.windowSeconds}` },
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

/** Every policy WAF enforces: the API's, and the live stream's connections (served through the same distribution). */
export const WAF_POLICIES: readonly RateLimitPolicy[] = [...RATE_LIMIT_POLICIES, STREAM_LIMITS.connects];

/**
 * Every rule of the web ACL, one per policy WAF can express, the per-address
 * rules first. Order matters: a request a rule blocks is counted by no later
 * rule. So a client sending a new made-up token with each request meets the
 * address rules, which count every request whatever its headers, and is
 * blocked there; the per-token rules only count requests that passed, where
 * a real token's repeated value (from any address) adds up. WAF cannot tell a
 * valid token from a made-up one; it need not, since a made-up token's count
 * never grows past one while its address's does.
 */
export function rateRules(corsOrigins: readonly string[]): wafv2.CfnWebACL.RuleProperty[] {
  const cors = corsHeadersFor(corsOrigins);
  const byAddressFirst = [...WAF_POLICIES].sort((a, b) => Number(a.caller === 'player') - Number(b.caller === 'player'));
  return byAddressFirst
    .flatMap((policy) => {
      const rate = wafRateOf(policy);
      return rate ? [{ policy, rate }] : [];
    })
    .map(({ policy, rate }, priority) => ({
      name: policy.name,
      priority,
      statement: { rateBasedStatement: counting(policy, rate) },
      action: tooManyRequests(rate, cors),
      visibilityConfig: { cloudWatchMetricsEnabled: true, sampledRequestsEnabled: true, metricName: policy.name },
    }));
}
