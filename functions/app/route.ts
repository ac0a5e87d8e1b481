/**
 * Route contracts and their mounting on a plain Hono app.
 *
 * A contract is @hono/zod-openapi's `RouteConfig` — the same object
 * openapi-document.ts turns into the OpenAPI document — but that package is
 * imported here for its types only: at run time it would bring the whole zod
 * namespace, patched for OpenAPI, into every cold start. The validation it
 * wires (`OpenAPIHono.openapi`) is rebuilt below for the cases this API uses.
 */
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import { zValidator } from '@hono/zod-validator';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import * as z from 'zod';
import { fail } from '../service/errors.js';
import { declaresBearer, scopesOf, type AppEnv, type EnvOf } from './auth.js';
import type { Scope } from '../service/scopes.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './body-depth.js';
import { answerProblem } from './problem.js';

/** Declares a route contract; typed like `createRoute`, whose only addition (`getRoutingPath`) nothing here uses. */
export const defineRoute = <P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(route: R): R => route;

/** The documented responses (functions/app/contract/api.ts), by component name. */
export type DocumentedResponse =
  | 'GameHeader'
  | 'GameView'
  | 'LegalMoves'
  | 'MoveAnswer'
  | 'Events'
  | 'Verification'
  | 'GameRecord'
  | 'StandingOrders'
  | 'Player'
  | 'NewPlayer'
  | 'NewAccessToken'
  | 'AccessTokenList'
  | 'PasskeyCreationOptions'
  | 'PasskeyRequestOptions'
  | 'Passkey'
  | 'PasskeyList'
  | 'DeviceSignIn'
  | 'AccountData'
  | 'Inbox'
  | 'Vacation'
  | 'VacationChange'
  | 'Catalog'
  | 'Cards'
  | 'Leaderboard'
  | 'Profile'
  | 'RecentGames'
  | 'OpenGames'
  | 'Block'
  | 'BlockList'
  | 'Seek'
  | 'SeekList'
  | 'NotificationsPage'
  | 'Preferences'
  | 'NewWebhook'
  | 'Webhook'
  | 'WebhookList'
  | 'WebhookDelivery'
  | 'WebhookDeliveryList'
  | 'WebhookTest'
  | 'VapidKey'
  | 'PushSubscription'
  | 'PushSubscriptionList'
  | 'EmailSettings'
  | 'SignInLinkRequested'
  | 'StreamTicket';

/** Stand-ins of route contracts for the documented responses: the document generator swaps in the component. */
export const documentedResponses = new WeakMap<z.ZodType, DocumentedResponse>();

/**
 * A JSON response documented by the component `name` of the contract. The
 * contract's rich schemas stay out of the running service (they would weigh
 * on every cold start): the route holds a stand-in that openapi-document.ts
 * replaces by the component, and the API tests hold every response to it.
 */
export function jsonResponse(
  name: DocumentedResponse,
  description: string,
  headers?: Record<string, { $ref: string }>,
  examples?: Readonly<Record<string, BodyExample>>,
) {
  const standIn = z.unknown();
  documentedResponses.set(standIn, name);
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: standIn, ...(examples ? { examples } : {}) } } };
}

/** A stream of documents, one JSON document a line (NDJSON), each documented by the component `name`. */
export function ndjsonResponse(name: DocumentedResponse, description: string, headers?: Record<string, { $ref: string }>) {
  const standIn = z.unknown();
  documentedResponses.set(standIn, name);
  // Typed by a plain string key: @hono/zod-openapi reads any `application/…json` key as JSON, which NDJSON is not.
  const content: Record<string, { schema: z.ZodType }> = { 'application/x-ndjson': { schema: standIn } };
  return { description, ...(headers ? { headers } : {}), content };
}

/** The `ETag` header of an answer about one game: its version. */
export const ETAG_HEADER = { ETag: { $ref: '#/components/headers/ETag' } };

/** 304 to a conditional read whose `If-None-Match` is the game's current ETag. */
export const NOT_MODIFIED = { 304: { description: 'Not Modified: the game is still at the version of your `If-None-Match`.', headers: ETAG_HEADER } };

/** A request body that must be JSON fitting `schema`. */
/** A worked example of a request body, as the document shows it. */
export interface BodyExample {
  readonly summary: string;
  readonly value: unknown;
}

/** A JSON request body fitting `schema`, with worked examples for the document. */
export const jsonBody = <T extends z.ZodType>(schema: T, examples?: Readonly<Record<string, BodyExample>>) => ({
  required: true as const,
  content: { 'application/json': { schema, ...(examples ? { examples } : {}) } },
});

/** A JSON body that may be left out entirely (the handler then sees `{}`). */
export const optionalJsonBody = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

/** A request part that does not fit its schema: 400 `invalid-request`, naming every offending field. */
function answerInvalidRequest(result: { success: boolean; target: string; error?: z.core.$ZodError }, c: Context) {
  if (result.success || !result.error) return;
  const errors = result.error.issues.map((issue) => ({ path: [result.target, ...issue.path].join('.'), message: issue.message }));
  return answerProblem(c, fail('invalid-request', { errors }));
}

/** `application/json`, optionally `+json` suffixed and with parameters — what hono's JSON validator reads. */
const JSON_MEDIA_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/** Whether a request without Content-Type still carries bytes; peeks at a copy, so the body stays readable. */
async function carriesBody(c: Context): Promise<boolean> {
  const body = c.req.raw.clone().body;
  if (body === null) return false;
  const reader = body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) if (chunk.value.byteLength > 0) return true;
    return false;
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * 415 for a body that is not JSON, including bytes sent with no Content-Type
 * at all; 400 `invalid-body` for JSON nested too deep to walk, measured on the
 * text before it is parsed (hono's JSON validator reuses the text read here).
 */
const jsonOnly: MiddlewareHandler = async (c, next) => {
  const contentType = c.req.header('content-type');
  if (contentType ? !JSON_MEDIA_TYPE.test(contentType) : await carriesBody(c)) throw new HTTPException(415, { message: 'Unsupported Media Type' });
  if (contentType && nestsDeeperThan(await c.req.text(), MAX_JSON_DEPTH)) return answerProblem(c, fail('invalid-body', { maxDepth: MAX_JSON_DEPTH }));
  await next();
};

/** The validators of a contract, in the order `OpenAPIHono.openapi` runs them: query, path, headers, then the body. */
function validatorsOf(route: RouteConfig): MiddlewareHandler[] {
  const { query, params, headers, cookies, body } = route.request ?? {};
  const mediaTypes = Object.keys(body?.content ?? {});
  if (cookies || route.middleware || mediaTypes.some((type) => type !== 'application/json'))
    throw new Error(`${route.method} ${route.path}: mount handles query, path, header and JSON body schemas only`);
  const validators: MiddlewareHandler[] = [];
  if (query) validators.push(zValidator('query', query as z.ZodType, answerInvalidRequest));
  if (params) validators.push(zValidator('param', params as z.ZodType, answerInvalidRequest));
  if (headers) validators.push(zValidator('header', headers as z.ZodType, answerInvalidRequest));
  const json = body?.content['application/json'];
  const bodySchema = json && 'schema' in json ? json.schema : undefined;
  if (bodySchema) {
    const validateJson = zValidator('json', bodySchema as z.ZodType, answerInvalidRequest);
    // An optional body may be left out entirely (no Content-Type, no bytes): the handler sees `{}`.
    // Any Content-Type that reaches it is JSON, as `jsonOnly` runs first.
    const validateBody: MiddlewareHandler = body?.required
      ? validateJson
      : async (c, next) => {
          if (c.req.header('content-type')) return validateJson(c, next);
          c.req.addValidatedData('json', {});
          await next();
        };
    validators.push(jsonOnly, validateBody);
  }
  return validators;
}

/** Mounts an operation's handler; where its contract declares the bearer, the handler reads `c.var.player`. */
export type Mount = <R extends RouteConfig>(route: R, handler: RouteHandler<R, EnvOf<R>>) => void;

/**
 * Mounts each contract at its method and path (`/games/{id}` → `/games/:id`)
 * behind its validators and, where it declares the bearer, `auth` for the
 * scopes it declares (the contract is the one place they are named): after
 * the validators, so a request that does not fit the API is refused as such
 * before its token is looked at.
 */
export function mounter(app: Hono<AppEnv>, auth: (scopes: readonly Scope[]) => MiddlewareHandler<AppEnv>): Mount {
  return (route, handler) =>
    app.on(
      [route.method],
      [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')],
      ...validatorsOf(route),
      ...(declaresBearer(route) ? [auth(scopesOf(route))] : []),
      handler as unknown as MiddlewareHandler,
    );
}
