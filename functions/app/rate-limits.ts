/**
 * The published request limits, one table for both enforcers: the in-process
 * limiter under `npm start` and the AWS WAF rate-based rules in front of the
 * API on AWS. A caller is a bearer token when it sends one, else its address.
 */
export interface RateLimitPolicy {
  /** Stable name, used in the `RateLimit-Policy` header. */
  readonly name: string;
  /** Requests allowed in one window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

/** A short burst allowance: 20 requests in any second. */
export const BURST: RateLimitPolicy = { name: 'burst', limit: 20, windowSeconds: 1 };

/** The sustained allowance: 600 requests a minute (10/s on average). */
export const SUSTAINED: RateLimitPolicy = { name: 'sustained', limit: 600, windowSeconds: 60 };

export const RATE_LIMIT_POLICIES: readonly RateLimitPolicy[] = [BURST, SUSTAINED];
