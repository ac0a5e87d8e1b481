/**
 * The published request limits, one table for both enforcers: the in-process
 * limiter under `npm start` (rate-limit.ts) and the AWS WAF rate-based rules
 * in front of the API on AWS (infra/rate-rules.ts).
 *
 * Limits are keyed on who really calls. Every request counts against its
 * client address, whatever its headers say, so a client that sends a new
 * random bearer token with each request is held by its address; a request
 * whose bearer token resolves to a player counts against that player too
 * (from any address). The address allowances are twice a player's: two
 * people behind one address each get a player's full allowance.
 */

/** Whom a policy counts: the player a valid bearer token belongs to, or the client's address (every request). */
export type Caller = 'player' | 'address';

/**
 * Which requests a policy counts: `requests`, every request but long-polls;
 * `long-polls`, the events route with a `wait` parameter, which holds a
 * function for up to 25 s and so has a budget of its own (a client that spent
 * its allowance on moves still hears about its game, and waits cannot pile
 * up); `registrations`, the one route open to anyone that makes an account;
 * `sign-ins`, the routes open to anyone that sign a device in (every POST
 * under `/v1/sign-in/`: each tries a credential, so guessing is held like
 * signing up); `stream-connections`, the live stream's WebSocket upgrades
 * (on AWS).
 */
export type Counted = 'requests' | 'long-polls' | 'registrations' | 'sign-ins' | 'stream-connections';

export interface RateLimitPolicy {
  /** Stable name, used in the `RateLimit-Policy` header, the WAF rule's name and the problem's detail. */
  readonly name: string;
  readonly caller: Caller;
  readonly counts: Counted;
  /** Requests allowed in one window. */
  readonly limit: number;
  readonly windowSeconds: number;
}

/** A player's short burst allowance: 20 requests in any second. */
export const BURST: RateLimitPolicy = { name: 'burst', caller: 'player', counts: 'requests', limit: 20, windowSeconds: 1 };

/** A player's sustained allowance: 600 requests a minute (10/s on average). */
export const SUSTAINED: RateLimitPolicy = { name: 'sustained', caller: 'player', counts: 'requests', limit: 600, windowSeconds: 60 };

/** An address's burst allowance: 40 requests in any second. */
export const ADDRESS_BURST: RateLimitPolicy = { name: 'address-burst', caller: 'address', counts: 'requests', limit: 40, windowSeconds: 1 };

/** An address's sustained allowance: 1,200 requests a minute. */
export const ADDRESS_SUSTAINED: RateLimitPolicy = { name: 'address-sustained', caller: 'address', counts: 'requests', limit: 1200, windowSeconds: 60 };

/**
 * A player's long-polls: 20 a minute. A wait ends at the game's next commit or
 * after at most 25 s, so a player holds at most about 8 waiting requests at once.
 */
export const LONG_POLLS: RateLimitPolicy = { name: 'long-poll', caller: 'player', counts: 'long-polls', limit: 20, windowSeconds: 60 };

/** An address's long-polls: 40 a minute, at most about 17 waiting at once. */
export const ADDRESS_LONG_POLLS: RateLimitPolicy = { name: 'address-long-poll', caller: 'address', counts: 'long-polls', limit: 40, windowSeconds: 60 };

/** Sign-ups from one address: 10 in 10 minutes (WAF's longest window, and its smallest limit). */
export const REGISTRATIONS: RateLimitPolicy = { name: 'registration', caller: 'address', counts: 'registrations', limit: 10, windowSeconds: 600 };

/**
 * Sign-in requests from one address: 20 in 10 minutes, ten sign-ins (each
 * asks for options, then answers them), counted like sign-ups.
 */
export const SIGN_INS: RateLimitPolicy = { name: 'sign-in', caller: 'address', counts: 'sign-ins', limit: 20, windowSeconds: 600 };

export const RATE_LIMIT_POLICIES: readonly RateLimitPolicy[] = [
  BURST,
  SUSTAINED,
  ADDRESS_BURST,
  ADDRESS_SUSTAINED,
  LONG_POLLS,
  ADDRESS_LONG_POLLS,
  REGISTRATIONS,
  SIGN_INS,
];

/** The events route; with a `wait` parameter it is a long-poll. */
export const EVENTS_PATH = /^\/v1\/games\/[^/]+\/events$/;
export const WAIT_PARAMETER = 'wait';

/** Registration: `POST /v1/players`. */
export const REGISTRATION_ROUTE = { method: 'POST', path: '/v1/players' } as const;

/** Signing a device in: `POST /v1/sign-in/…` (passkeys now; any later way of signing in goes under it too). */
export const SIGN_IN_ROUTES = { method: 'POST', pathPrefix: '/v1/sign-in/' } as const;

/**
 * The live stream's limits, enforced on AWS (the stream is served through the
 * same CloudFront distribution and web ACL as the API, infra/distribution.ts):
 * - `connects`, per address, by a WAF rule on the connection requests: each
 *   costs a function invocation and a ticket look-up, and a connection closed
 *   for flooding must not be reopened at once;
 * - `messagesPerConnection`, counted by the stream's route function
 *   (functions/lambda/stream-budget.ts): WAF sees only the upgrade request,
 *   never the frames that follow. A client sends `hello`, a subscribe or an
 *   unsubscribe per game it opens or leaves, and a ping a minute.
 */
export const STREAM_LIMITS = {
  connects: { name: 'stream-connect', caller: 'address', counts: 'stream-connections', limit: 10, windowSeconds: 60 },
  messagesPerConnection: { name: 'stream-messages', limit: 60, windowSeconds: 60 },
} as const satisfies { connects: RateLimitPolicy; messagesPerConnection: Pick<RateLimitPolicy, 'name' | 'limit' | 'windowSeconds'> };
