/**
 * The OpenAPI document of the API, generated from the route contracts the app
 * mounts and the documented schemas of contract/. Only `npm run spec`
 * (api-spec/generate.ts) and the tests import this: the generator and the
 * rich schemas are heavy, and the running service serves the committed
 * api-spec/openapi.json instead.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { DOCUMENTED_BODIES, DOCUMENTED_RESPONSES } from './contract/api.js';
import { gameRefusals, Problem } from './contract/problem.js';
import { GAME_REFUSAL_STATUS } from '../service/problems.js';
import { LANGUAGES } from '../service/languages.js';
import { SCOPES } from '../service/scopes.js';
import { problemResponses } from './problem.js';
import { documentedResponses } from './route.js';
import { apiRoutes } from './routes/index.js';

const API_INFO = {
  title: 'Valeria Tabletop API',
  version: '1.0.0',
  description:
    'Play Villages of Valeria, Valeria: Card Kingdoms and Village Pillage asynchronously: one move today, the next tomorrow. Every view, move and event is typed per game; errors are RFC 9457 problem documents with a stable `code`, their `title` and `detail` in the language `Accept-Language` asks for among ' +
    LANGUAGES.map((language) => `\`${language}\``).join(', ') +
    ' (English otherwise; `Content-Language` names the language the answer is written in, with `en` beside it where a sentence quotes English written elsewhere), while `code` and every machine field are the same in every language; a player’s chosen `language` is kept on their preferences; every instant is an RFC 3339 UTC string and every duration a whole number of `…Seconds`.',
  contact: { name: 'Valeria Tabletop maintainers', url: 'https://github.com/valeria-tabletop/valeria-tabletop' },
  license: { name: 'MIT', identifier: 'MIT' },
};

const TAGS = [
  { name: 'players', description: 'Register and check your bearer token.' },
  { name: 'games', description: 'The catalog, creating and joining games, your inbox, your view of a game, its verification after the end.' },
  { name: 'play', description: 'Legal moves, submitting moves, the event log and standing orders.' },
  { name: 'ratings', description: 'Ratings per game (OpenSkill), the leaderboards, and player profiles with their reliability.' },
  { name: 'automatch', description: 'Play now: seeks wait in pools per game, seats and time control until a table of close ratings forms.' },
  { name: 'push', description: 'Being told: notifications, reminders, signed webhooks and the live WebSocket stream.' },
  { name: 'service', description: 'Liveness and readiness.' },
];

const HEADERS = {
  ETag: {
    description: 'The game version, e.g. `"12"`: send it as If-Match to pin a move, or as If-None-Match to read only what changed.',
    schema: { type: 'string' },
  },
  RetryAfter: { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
  RateLimit: {
    description: 'The limit left in the current window (IETF RateLimit header fields draft), e.g. `limit=60, remaining=0, reset=12`.',
    schema: { type: 'string' },
  },
  RateLimitPolicy: { description: 'The limit policy, e.g. `60;w=60`.', schema: { type: 'string' } },
  ContentLanguage: {
    description:
      'The language `title` and `detail` are written in: the one `Accept-Language` asked for among `en`, `fr` and `fa`, else `en`; `fr, en` or `fa, en` when the sentence quotes English written elsewhere (a library’s or a check’s reason, an engine’s schema issues).',
    schema: { type: 'string' },
    example: 'fa',
  },
  Link: {
    description: 'The next page of a chunked answer (RFC 8288), e.g. `</v1/players/me/games/export?cursor=WzE3…>; rel="next"`; absent from the last page.',
    schema: { type: 'string' },
  },
} as const;

/** A health check answered by the app itself, outside the /v1 routes: no token. */
const healthRoute = (path: string, operationId: string, status: string, summary: string, description: string): RouteConfig => ({
  method: 'get',
  path,
  operationId,
  tags: ['service'],
  summary,
  description,
  security: [],
  responses: {
    200: {
      description: 'Answering',
      content: { 'application/json': { schema: z.strictObject({ status: z.literal(status) }).meta({ id: `Health${status === 'ok' ? '' : 'Ready'}` }) } },
    },
    ...problemResponses([]),
  },
});

const HEALTH_ROUTES = [
  healthRoute('/health', 'health', 'ok', 'Liveness: the process answers', 'Does not touch the store.'),
  healthRoute('/health/ready', 'ready', 'ready', 'Readiness: the store answers too', 'Answers 503 `store-unavailable` while the store cannot be reached.'),
];

/** A route as documented: its lean runtime body and its response stand-ins replaced by the documented schemas. */
function documented(route: RouteConfig): RouteConfig {
  const responses = Object.fromEntries(
    Object.entries(route.responses).map(([status, response]) => {
      const [mediaType, media] = Object.entries(('content' in response ? response.content : undefined) ?? {})[0] ?? [];
      const name = media && 'schema' in media && media.schema instanceof z.ZodType ? documentedResponses.get(media.schema) : undefined;
      return [status, name && mediaType ? { ...response, content: { [mediaType]: { ...media, schema: DOCUMENTED_RESPONSES[name] } } } : response];
    }),
  );
  const body = route.operationId ? DOCUMENTED_BODIES[route.operationId] : undefined;
  const request =
    body && route.request?.body
      ? {
          ...route.request,
          body: { ...route.request.body, content: { 'application/json': { ...route.request.body.content['application/json'], schema: body } } },
        }
      : route.request;
  return { ...route, request, responses };
}

interface ProblemResponse {
  description: string;
  content?: { 'application/problem+json'?: { schema: { allOf: [unknown, { properties: { code: { enum: string[] } } }] } } };
}

/**
 * Wherever the kit may refuse a move as `malformed-move`, the game itself
 * may refuse it too: the games' codes join that 422 (GAME_REFUSAL_STATUS).
 */
function withGameRefusals(document: { paths?: Record<string, Record<string, { parameters?: unknown[]; responses?: Record<string, ProblemResponse> }>> }) {
  const games = [...gameRefusals().keys()];
  for (const operation of Object.values(document.paths ?? {}).flatMap((methods) => Object.values(methods))) {
    const response = operation.responses?.[String(GAME_REFUSAL_STATUS)];
    const codes = response?.content?.['application/problem+json']?.schema.allOf[1].properties.code.enum;
    if (!response || !codes?.includes('malformed-move')) continue;
    codes.push(...games.filter((code) => !codes.includes(code)));
    response.description = `${response.description.split(':')[0]}: ${codes.map((code) => `\`${code}\``).join(', ')}`;
  }
  return document;
}

/** The request header every operation reads to choose the language of its problems. */
const ACCEPT_LANGUAGE = {
  name: 'Accept-Language',
  in: 'header' as const,
  required: false,
  description: `The language of a problem's \`title\` and \`detail\` (RFC 9110 §12.5.4): the highest-weighted of ${LANGUAGES.map((language) => `\`${language}\``).join(', ')}, English otherwise. \`code\` and every machine field are the same in every language.`,
  schema: { type: 'string' as const },
  example: 'fa, en;q=0.5',
};

/** Every operation answers its problems in the caller's language: each takes `Accept-Language`. */
function withLanguages<D extends { paths?: Record<string, Record<string, { parameters?: unknown[] }>> }>(document: D): D {
  for (const operation of Object.values(document.paths ?? {}).flatMap((methods) => Object.values(methods)))
    operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/AcceptLanguage' }];
  return document;
}

/** The OpenAPI 3.1 document of the API. */
export function openApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: `The token from POST /v1/players, which holds every scope, or a personal access token from POST /v1/players/me/tokens, which holds the scopes it was made with. Each operation lists the scopes it needs in its \`security\` requirement; a token without one is answered \`403 insufficient-scope\`, naming it. Scopes: ${Object.entries(
      SCOPES,
    )
      .map(([scope, meaning]) => `\`${scope}\` (${meaning})`)
      .join('; ')}.`,
  });
  for (const [name, header] of Object.entries(HEADERS)) registry.registerComponent('headers', name, header);
  registry.registerComponent('parameters', 'AcceptLanguage', ACCEPT_LANGUAGE);
  for (const route of [...apiRoutes(), ...HEALTH_ROUTES]) registry.registerPath(documented(route));
  const schemas = Object.values({ Problem, ...DOCUMENTED_RESPONSES }).map((schema) => ({ type: 'schema' as const, schema }));
  const document = new OpenApiGeneratorV31([...registry.definitions, ...schemas]).generateDocument({
    openapi: '3.1.0',
    info: API_INFO,
    // Relative: the same document describes localhost and any deployment, all of them public.
    servers: [{ url: '/', 'x-internal': false }],
    security: [{ bearer: [] }],
    tags: TAGS,
  });
  return withLanguages(withGameRefusals(document as Parameters<typeof withGameRefusals>[0]));
}
