import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_PATH } from '../../api-spec/generate.js';
import { KIT_REJECTIONS } from '../../core/engine/index.js';
import { GAMES } from '../../core/games/index.js';
import {
  Catalog,
  Events,
  GameHeader,
  GameView,
  Inbox,
  LegalMoves,
  MoveAnswer,
  NewPlayer,
  Player,
  StandingOrders,
  StandingOrdersUpdate,
  Verification,
} from '../../functions/app/contract/api.js';
import { Cards } from '../../functions/app/contract/cards.js';
import { pascal } from '../../functions/app/contract/common.js';
import { GAME_CONTRACTS } from '../../functions/app/contract/games.js';
import { KIT_MOVE_PROBLEMS, SERVICE_PROBLEMS } from '../../functions/service/problems.js';
import type { Reply } from '../support/api.js';
import { playToEnd } from '../support/api-players.js';
import { startApi, type RunningApi } from '../support/api.js';

const spec = JSON.parse(readFileSync(SPEC_PATH, 'utf8'));

/** Paths (JSON pointers) of schemas that type nothing: `{}`, or objects with untyped extra properties. */
function untypedSchemas(node: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(node)) node.forEach((item, i) => untypedSchemas(item, `${path}/${i}`, found));
  if (node === null || typeof node !== 'object') return found;
  const record = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    const here = `${path}/${key}`;
    const holdsSchemas = ['schema', 'items', 'additionalProperties', 'not'].includes(key) || path.endsWith('/properties') || path.endsWith('/schemas');
    if (holdsSchemas && value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) found.push(here);
    untypedSchemas(value, here, found);
  }
  return found;
}

/** The schema a reply is documented by, judged from its body. */
function schemaOf(body: Record<string, unknown>) {
  if ('commit' in body) return MoveAnswer;
  if ('commits' in body) return Events;
  if ('moves' in body) return LegalMoves;
  return GameView;
}

const parses = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success, JSON.stringify(result.error, null, 1)?.slice(0, 2000)).toBe(true);
};

let api: RunningApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('the contract', () => {
  it('types every schema a client reads or writes (no `{}` anywhere in the document)', () => {
    expect(untypedSchemas(spec, '#', [])).toEqual([]);
  });

  it('lists every code the service answers, at the status it answers it with', () => {
    const sources = readdirSync('functions', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const table: Record<string, { status: number }> = { ...SERVICE_PROBLEMS, ...KIT_MOVE_PROBLEMS };
    // A raiser names its code (`fail('code', …)`), which takes its status from the table; an answer written by hand names both.
    const answered = sources.flatMap((file) => {
      const source = readFileSync(`functions/${file}`, 'utf8');
      const raised = [...source.matchAll(/\bfail\('([a-z-]+)'/g)].map(([, code]) => ({ code: code as string, status: table[code as string]?.status }));
      const written = [...source.matchAll(/(?:new ServiceError|problem)\((?:c, )?(\d{3}), '([a-z-]+)'/g)].map(([, status, code]) => ({
        code: code as string,
        status: Number(status),
      }));
      return [...raised, ...written];
    });
    expect(answered.length).toBeGreaterThan(25);
    for (const { code, status } of answered) {
      expect(table[code], code).toBeDefined();
      expect(table[code]?.status, code).toBe(status);
    }
    const documented = spec.components.schemas.ProblemCode.oneOf.map((entry: { const: string }) => entry.const);
    expect(documented).toEqual(expect.arrayContaining(Object.keys(table)));
  });

  it("lists the kit's and every game's refusal codes where a move is refused", () => {
    expect(Object.keys(KIT_REJECTIONS)).toEqual(expect.arrayContaining(Object.keys(KIT_MOVE_PROBLEMS)));
    const gameCodes = GAME_CONTRACTS.flatMap((contract) => Object.keys(contract.rejections));
    expect(gameCodes.length).toBeGreaterThan(30);
    const documented = spec.components.schemas.ProblemCode.oneOf.map((entry: { const: string }) => entry.const);
    expect(documented).toEqual(expect.arrayContaining(gameCodes));
    const refused = spec.paths['/v1/games/{id}/moves'].post.responses['422'].content['application/problem+json'].schema.allOf[1].properties.code.enum;
    expect(refused).toEqual(expect.arrayContaining([...gameCodes, 'malformed-move']));
  });

  it('covers exactly the games the service offers', () => {
    expect(GAME_CONTRACTS.map((c) => c.id)).toEqual(GAMES.map((g) => g.meta.id));
    expect(spec.components.schemas.CreateGame.discriminator.propertyName).toBe('game');
    expect(spec.components.schemas.GameView.discriminator.propertyName).toBe('game');
    expect(spec.components.schemas.VillagePillageMove.discriminator.propertyName).toBe('type');
  });

  it('bounds the seats per game and names the game by enum', () => {
    const create = spec.components.schemas.VillagePillageCreateGame;
    expect(create.properties.seats).toMatchObject({ minimum: 2, maximum: 5 });
    expect(spec.components.schemas.GameId.enum).toEqual(GAMES.map((g) => g.meta.id));
  });

  it('takes the Fountain discards as exactly two', () => {
    const payment = spec.components.schemas.VillagesOfValeriaMoveBuild.properties.payment.anyOf[1].items;
    const fountain = payment.oneOf.find((unit: { properties: { use: { enum: string[] } } }) => unit.properties.use.enum[0] === 'fountain');
    expect(fountain.properties.discards).toMatchObject({ type: 'array', minItems: 2, maxItems: 2, items: { required: ['card'] } });
  });

  it('accepts `{"orders": null}` and the documented orders body', () => {
    parses(StandingOrdersUpdate, { orders: null });
    parses(StandingOrdersUpdate, { orders: { tax: 'decline', harvest: { follow: true, drawFrom: 'deck' } } });
    const orders = spec.components.schemas.StandingOrdersUpdate.properties.orders;
    expect(JSON.stringify(orders)).toContain('"type":"null"');
    expect(JSON.stringify(orders)).not.toContain('allOf');
  });

  it('documents `include=moves` on the game view, with its example, and the listing it adds as the moves route’s', () => {
    const include = spec.paths['/v1/games/{id}'].get.parameters.find((parameter: { name: string }) => parameter.name === 'include');
    expect(include).toMatchObject({ in: 'query', required: false, schema: { type: 'string', enum: ['moves'], example: 'moves' } });
    expect(spec.paths['/v1/games/{id}'].get.responses['400']).toBeDefined();
    for (const { id } of GAME_CONTRACTS) {
      const view = spec.components.schemas[`${pascal(id)}GameView`];
      expect(view.properties.legalMoves).toEqual({ $ref: `#/components/schemas/${pascal(id)}LegalMoves` });
      expect(view.required).not.toContain('legalMoves');
    }
  });

  it('declares ETag, /health and the retry headers', () => {
    expect(spec.paths['/v1/games/{id}'].get.responses['200'].headers.ETag).toBeDefined();
    expect(spec.paths['/v1/games/{id}/moves'].get.responses['304']).toBeDefined();
    expect(spec.paths['/health'].get.security).toEqual([]);
    expect(spec.paths['/v1/games'].post.responses['429'].headers['Retry-After']).toBeDefined();
    expect(spec.paths['/v1/games'].post.responses['429'].headers.RateLimit).toBeDefined();
    expect(spec.components.schemas.Problem.properties.code.$ref).toBe('#/components/schemas/ProblemCode');
  });

  it('asks for a token exactly where one is needed (the API reference shows the key from this)', () => {
    const open = new Set([
      'POST /v1/players',
      // Signing a device in with a passkey: the passkey is the credential (limited per address like registering).
      'POST /v1/sign-in/passkey/options',
      'POST /v1/sign-in/passkey',
      // Signing a device in through a mailed link: the link's secret is the credential (asking for one tells nothing).
      'POST /v1/sign-in/email',
      'POST /v1/sign-in/email/link',
      'GET /v1/games/catalog',
      'GET /v1/games/catalog/{game}/cards',
      'GET /v1/leaderboards/{game}',
      'GET /v1/push/vapid-key',
      // The links an e-mail carries: their signed token is the credential, so they work without signing in (RFC 8058).
      'GET /v1/email/confirm',
      'POST /v1/email/confirm',
      'GET /v1/email/unsubscribe',
      'POST /v1/email/unsubscribe',
      'GET /health',
      'GET /health/ready',
    ]);
    for (const [path, methods] of Object.entries(spec.paths as Record<string, Record<string, { security?: unknown[] }>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        // An operation without its own `security` inherits the document's bearer requirement; the scopes
        // each names are held to what the app enforces by test/functions/api-scopes.test.ts.
        expect(operation.security ?? spec.security, where).toEqual(open.has(where) ? [] : [{ bearer: expect.any(Array) }]);
      }
    }
  });
});

describe.each([
  { game: 'villages-of-valeria', seats: 2 },
  { game: 'valeria-card-kingdoms', seats: 2 },
  { game: 'village-pillage', seats: 3 },
])('a whole game of $game through the API', ({ game, seats }) => {
  it('answers every view, move, event and verification as documented', async () => {
    const { client } = api;
    const players = await Promise.all(Array.from({ length: seats }, (_, i) => client.register(`P${i}`)));
    const created = await client.post('/v1/games', { token: players[0]!.token, body: { game, seats, deadlines: 'daily' } });
    expect(created.status).toBe(201);
    const gameId = created.body.gameId;
    for (const p of players.slice(1)) expect((await client.post(`/v1/games/${gameId}/join`, { token: p.token })).status).toBe(200);
    let checked = 0;
    await playToEnd(
      client,
      gameId,
      players.map((p, seat) => ({ seat, token: p.token })),
      {
        onResponse: (_seat, reply: Reply) => {
          parses(schemaOf(reply.body), reply.body);
          checked++;
        },
      },
    );
    expect(checked).toBeGreaterThan(10);
    parses(Verification, (await client.get(`/v1/games/${gameId}/verify`, { token: players[0]!.token })).body);
  });
});

describe('the lobby through the API', () => {
  it('answers the catalog, players, headers, the inbox and standing orders as documented', async () => {
    const { client } = api;
    parses(Catalog, (await client.get('/v1/games/catalog')).body);
    for (const { meta } of GAMES) {
      const cards = await client.get(`/v1/games/catalog/${meta.id}/cards`);
      parses(Cards, cards.body);
      expect(cards.body.game).toBe(meta.id);
    }
    expect((await client.get('/v1/games/catalog/chess/cards')).body.code).toBe('unknown-game');
    const registered = await client.post('/v1/players', { body: { name: 'Ada' } });
    parses(NewPlayer, registered.body);
    const token = registered.body.token as string;
    parses(Player, (await client.get('/v1/players/me', { token })).body);
    const created = await client.post('/v1/games', { token, body: { game: 'villages-of-valeria', seats: 2, options: { firstPlayer: 1 }, deadlines: 'live' } });
    parses(GameHeader, created.body);
    const gameId = created.body.gameId as string;
    parses(GameView, (await client.get(`/v1/games/${gameId}`, { token })).body);
    parses(GameHeader, (await client.post(`/v1/games/${gameId}/bots`, { token, body: { level: 'greedy' } })).body);
    parses(Inbox, (await client.get('/v1/games', { token })).body);
    const orders = { tax: 'decline', harvest: { follow: true, drawFrom: 'deck' } };
    const put = await client.request('PUT', `/v1/games/${gameId}/standing-orders`, { token, body: { orders } });
    expect(put.status).toBe(200);
    parses(StandingOrders, put.body);
    const cleared = await client.request('PUT', `/v1/games/${gameId}/standing-orders`, { token, body: { orders: null } });
    expect(cleared.body.orders).toBeNull();
    parses(StandingOrders, (await client.get(`/v1/games/${gameId}/standing-orders`, { token })).body);
  });
});

describe('the fixes of the contract', () => {
  async function openGame(seats = 2) {
    const ann = await api.client.register('Ann');
    const ben = await api.client.register('Ben');
    const gameId = (await api.client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats, deadlines: 'daily' } })).body
      .gameId as string;
    return { ann, ben, gameId };
  }

  it('answers 304 to If-None-Match with the current ETag, on views and legal moves', async () => {
    const { ann, ben, gameId } = await openGame();
    await api.client.post(`/v1/games/${gameId}/join`, { token: ben.token });
    for (const path of [`/v1/games/${gameId}`, `/v1/games/${gameId}/moves`]) {
      const first = await api.client.get(path, { token: ann.token });
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^"\d+"$/);
      const again = await api.client.get(path, { token: ann.token, headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect((await api.client.get(path, { token: ann.token, headers: { 'if-none-match': '"999"' } })).status).toBe(200);
    }
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const { ann, gameId } = await openGame();
    const reply = await api.client.request('DELETE', `/v1/games/${gameId}`, { token: ann.token });
    expect(reply.status).toBe(405);
    expect(reply.body.code).toBe('method-not-allowed');
    expect(reply.headers.get('allow')).toBe('GET, HEAD');
    expect((await api.client.request('DELETE', '/v1/nowhere')).body.code).toBe('route-not-found');
  });

  it('refuses an events cursor beyond the game version', async () => {
    const { ann, ben, gameId } = await openGame();
    await api.client.post(`/v1/games/${gameId}/join`, { token: ben.token });
    const version = (await api.client.get(`/v1/games/${gameId}`, { token: ann.token })).body.version;
    expect((await api.client.get(`/v1/games/${gameId}/events?after=${version}`, { token: ann.token })).status).toBe(200);
    const beyond = await api.client.get(`/v1/games/${gameId}/events?after=${version + 997}`, { token: ann.token });
    expect(beyond.status).toBe(400);
    expect(beyond.body.code).toBe('cursor-out-of-range');
  });

  it('refuses a bot from a non-creator as not-creator, even in a full game', async () => {
    const { ben, gameId } = await openGame();
    await api.client.post(`/v1/games/${gameId}/join`, { token: ben.token });
    const reply = await api.client.post(`/v1/games/${gameId}/bots`, { token: ben.token, body: { level: 'random' } });
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe('not-creator');
  });

  it('refuses joining a finished game as game-finished', async () => {
    const ann = await api.client.register('Ann');
    const gameId = (await api.client.post('/v1/games', { token: ann.token, body: { game: 'village-pillage', seats: 2, deadlines: 'daily', join: false } })).body
      .gameId;
    for (const level of ['random', 'greedy']) await api.client.post(`/v1/games/${gameId}/bots`, { token: ann.token, body: { level } });
    // The bots play a slice per request: reading the game plays it to its end.
    for (let reads = 0; (await api.client.get(`/v1/games/${gameId}`, { token: ann.token })).body.status !== 'finished'; reads++)
      expect(reads).toBeLessThan(100);
    expect((await api.client.get(`/v1/games/${gameId}/verify`, { token: ann.token })).status).toBe(200);
    const late = await api.client.register('Late');
    const reply = await api.client.post(`/v1/games/${gameId}/join`, { token: late.token });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('game-finished');
  });
});
