/**
 * The OpenAPI document of the API, generated from the route contracts the app
 * mounts. Only `npm run spec` (api-spec/generate.ts) and the tests import
 * this: the generator is heavy, and the running service serves the committed
 * api-spec/openapi.json instead.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type * as z from 'zod';
import type { GameListing } from '../../core/engine/index.js';
import { apiRoutes } from './routes/index.js';
import { gameSchemaName } from './schemas.js';

const API_INFO = {
  title: 'Valeria Tabletop API',
  version: '1.0.0',
  description:
    'Play Villages of Valeria, Valeria: Card Kingdoms and Village Pillage asynchronously: one move today, the next tomorrow. Errors are RFC 9457 problem documents with a stable `code`.',
  contact: { name: 'Valeria Tabletop maintainers' },
};

/** The tags the operations are grouped by, in the order the docs list them. */
const API_TAGS = [
  { name: 'players', description: 'Register, and read who a token belongs to.' },
  { name: 'games', description: 'The catalog, creating, joining and listing games, your view of one, and verifying it after the end.' },
  { name: 'play', description: 'Legal moves, playing them, reading the event log, and standing orders.' },
];

/**
 * Each game's own schemas as components, named as the moves and
 * standing-orders bodies refer to them. Handed to the generator as schema
 * definitions: `registry.register` would need zod patched with `.openapi()`.
 */
async function gameSchemas(games: readonly GameListing[]) {
  const component = (schema: unknown, id: string) => ({ type: 'schema' as const, schema: (schema as z.ZodType).meta({ id }) });
  const engines = await Promise.all(games.map((listing) => listing.engine()));
  return engines.flatMap((engine) => [
    component(engine.moveSchema, gameSchemaName(engine.meta.id, 'Move')),
    ...(engine.standingOrders ? [component(engine.standingOrders.schema, gameSchemaName(engine.meta.id, 'StandingOrders'))] : []),
  ]);
}

/** The OpenAPI 3.1 document of an app offering `games`. */
export async function openApiDocument(games: readonly GameListing[]) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'The token from POST /v1/players.' });
  for (const route of apiRoutes(games)) registry.registerPath(route);
  return new OpenApiGeneratorV31([...registry.definitions, ...(await gameSchemas(games))]).generateDocument({
    openapi: '3.1.0',
    info: API_INFO,
    // Relative: the same document describes localhost and any deployment, all of them public.
    servers: [{ url: '/', 'x-internal': false }],
    tags: API_TAGS,
    security: [{ bearer: [] }],
  });
}
