/**
 * The live stream's WebSocket routes behind what keeps one client from
 * hurting the others (the routes themselves: functions/push/stream/api-gateway.ts).
 *
 * The stream is served through the API's CloudFront distribution and web ACL
 * (infra/distribution.ts): WAF limits connection attempts per address, as it
 * limits every request, but it sees only the upgrade request that opens a
 * connection, never the frames that follow. So:
 * - `$connect` refuses a connection that did not come through CloudFront
 *   (its secret header, as the HTTP function checks it), so the WebSocket
 *   API's own address is no way around the WAF;
 * - `$default` counts each connection's messages, and past its budget
 *   (rate-limits.ts: `STREAM_LIMITS`) tells the client why and closes the
 *   connection, after which nothing it sends reaches a function. Reopening
 *   takes a ticket (an API request, counted per player and per address) and
 *   a connection (counted per address by WAF). The count is kept per function
 *   instance: a flood spread by API Gateway over n instances at once gets at
 *   most n budgets' worth before the first of them closes the connection.
 * The stage's throttle (infra/push-stream.ts) remains the cap for everyone.
 */
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { FixedWindows } from '../app/fixed-windows.js';
import { STREAM_LIMITS } from '../app/rate-limits.js';
import type { RouteAnswer } from '../push/stream/api-gateway.js';
import type { ServerMessage } from '../push/stream/protocol.js';

/** What API Gateway hands the function; `$connect` also carries the upgrade request's headers and query. */
export type StreamEvent = APIGatewayProxyWebsocketEventV2 & {
  readonly headers?: Readonly<Record<string, string | undefined>>;
  readonly queryStringParameters?: Readonly<Record<string, string | undefined>>;
};

/** The routes guarded, and how to close a connection. `endpoint` is the Management API of the stage the event came from. */
export interface StreamRoutes {
  connect(connectionId: string, ticket: string | null): Promise<RouteAnswer>;
  disconnect(connectionId: string): Promise<RouteAnswer>;
  message(endpoint: string, connectionId: string, body: string): Promise<RouteAnswer>;
  /** Sends the connection its last message, then closes it. */
  close(endpoint: string, connectionId: string, last: ServerMessage): Promise<void>;
}

export interface StreamGuard {
  /** Whether the upgrade request came through CloudFront (always true where there is no edge). */
  readonly cameThroughEdge: (headers: Readonly<Record<string, string | undefined>>) => boolean;
  /** Messages allowed per connection in a window. */
  readonly budget?: { readonly limit: number; readonly windowSeconds: number };
  readonly clock?: () => number;
}

/** The refusal a flooding connection hears before it is closed. */
export function floodMessage(budget: { readonly limit: number; readonly windowSeconds: number }): ServerMessage {
  return {
    type: 'error',
    code: 'rate-limited',
    detail: `More than ${budget.limit} messages in ${budget.windowSeconds} s on one connection: it is closed. Open a new one with a fresh ticket.`,
  };
}

/** A WebSocket event's headers keep the case the request had (an HTTP API event's are lower case): compared by lower-case name. */
function lowerCaseNames(headers: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The function's handler: each route behind its guard. */
export function guardedStream(routes: StreamRoutes, guard: StreamGuard): (event: StreamEvent) => Promise<RouteAnswer> {
  const budget = guard.budget ?? STREAM_LIMITS.messagesPerConnection;
  const messages = new FixedWindows(budget.windowSeconds * 1000, guard.clock);
  return async (event) => {
    const { routeKey, connectionId, domainName, stage } = event.requestContext;
    if (routeKey === '$connect') {
      if (!guard.cameThroughEdge(lowerCaseNames(event.headers ?? {}))) return { statusCode: 403 };
      return routes.connect(connectionId, event.queryStringParameters?.ticket ?? null);
    }
    if (routeKey === '$disconnect') return routes.disconnect(connectionId);
    const endpoint = `https://${domainName}/${stage}`;
    const { hits } = messages.hit(connectionId);
    if (hits <= budget.limit) return routes.message(endpoint, connectionId, event.body ?? '');
    // The first message over the budget closes the connection; any already on their way are dropped unread.
    if (hits === budget.limit + 1) await routes.close(endpoint, connectionId, floodMessage(budget));
    return { statusCode: 429 };
  };
}
