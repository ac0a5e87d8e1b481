import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type Scope } from '../../functions/service/scopes.js';
import document from '../../api-spec/openapi.json' with { type: 'json' };
import { startApi, storeOf, type RunningApi } from '../support/api.js';

/**
 * The scopes each operation declares in the published document are the ones
 * the running app enforces: for every operation and every scope it declares,
 * a token holding all the other scopes is refused with `403
 * insufficient-scope` naming that one, and a token holding exactly the
 * declared scopes gets past the check. The document is walked, not a list
 * kept here, so a new operation is held to it the day it is added.
 */

interface Operation {
  readonly operationId: string;
  readonly security?: readonly Record<string, readonly string[]>[];
  readonly requestBody?: { readonly required?: boolean; readonly content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  readonly parameters?: readonly {
    readonly name: string;
    readonly in: string;
    readonly required?: boolean;
    readonly schema?: { readonly example?: unknown };
  }[];
  readonly responses: Record<string, { content?: Record<string, { schema?: { allOf?: [unknown, { properties: { code: { enum: string[] } } }] } }> }>;
}

/** Bodies of the operations whose document shows no example: each fits the running service's lean check, so the scope is what refuses it. */
const BODIES: Readonly<Record<string, unknown>> = {
  addBot: { level: 'greedy' },
  submitMoves: { moves: [{ type: 'pass' }] },
  putStandingOrders: { orders: null },
  putPreferences: { reminders: [0.5] },
  createWebhook: { url: 'https://example.com/hook' },
  createPushSubscription: { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } },
  // A token grants only scopes it holds: one holding just `account:write` may grant that one.
  createAccessToken: { label: 'narrower', scopes: ['account:write'] },
};

/** The one operation open to any token of the player's: checking who a token is. */
const SCOPE_FREE = ['getMe'];

const operations = Object.entries(document.paths as unknown as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);
const withBearer = operations.filter(({ operation }) => operation.security?.some((requirement) => 'bearer' in requirement));
const scopesOf = (operation: Operation) => (operation.security?.flatMap((requirement) => requirement.bearer ?? []) ?? []) as Scope[];

function requestOf(path: string, operation: Operation) {
  const withParams = path.replaceAll(/{(\w+)}/g, (_, name: string) => {
    const example = operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema?.example;
    if (typeof example !== 'string') throw new Error(`${operation.operationId}: path parameter ${name} has no example`);
    return encodeURIComponent(example);
  });
  // A required query parameter gets its example too, so the request is refused for its scope, not its shape.
  const query = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  for (const { name, schema } of query)
    if (typeof schema?.example !== 'string') throw new Error(`${operation.operationId}: query parameter ${name} has no example`);
  const search = new URLSearchParams(query.map(({ name, schema }): [string, string] => [name, schema?.example as string])).toString();
  const url = search ? `${withParams}?${search}` : withParams;
  const examples = operation.requestBody?.content['application/json']?.examples;
  const body = BODIES[operation.operationId] ?? (examples ? Object.values(examples)[0]?.value : undefined);
  if (operation.requestBody?.required && body === undefined) throw new Error(`${operation.operationId}: give its request body an example`);
  return { url, body };
}

describe('every operation enforces the scopes the document declares', () => {
  let api: RunningApi;
  let owner: string;
  /** A token of `owner`'s holding exactly `scopes`, made through the API. */
  const tokens = new Map<string, string>();
  const tokenWith = async (scopes: readonly Scope[]): Promise<string> => {
    const key = [...scopes].sort().join(' ');
    const known = tokens.get(key);
    if (known) return known;
    const made = await api.client.post('/v1/players/me/tokens', { token: owner, body: { label: `scopes ${tokens.size}`, scopes } });
    expect(made.status, made.text).toBe(201);
    tokens.set(key, made.body.token);
    return made.body.token;
  };

  beforeAll(async () => {
    api = await startApi({ store: await storeOf('memory', 'scopes') });
    owner = (await api.client.register('Scoped')).token;
  });
  afterAll(() => api.close());

  it('declares at least one scope on every operation that takes a token, but checking who a token is', () => {
    expect(withBearer.length).toBeGreaterThan(25);
    expect(withBearer.filter(({ operation }) => scopesOf(operation).length === 0).map(({ operation }) => operation.operationId)).toEqual(SCOPE_FREE);
    for (const { operation } of operations)
      for (const requirement of operation.security ?? []) expect(Object.keys(document.components.securitySchemes)).toEqual(Object.keys(requirement));
    for (const { operation } of withBearer) for (const scope of scopesOf(operation)) expect(ALL_SCOPES, operation.operationId).toContain(scope);
  });

  it('lists 403 insufficient-scope among the answers of each operation that declares a scope', () => {
    for (const { operation } of withBearer.filter(({ operation }) => scopesOf(operation).length > 0)) {
      const codes = operation.responses['403']?.content?.['application/problem+json']?.schema?.allOf?.[1].properties.code.enum;
      expect(codes, operation.operationId).toContain('insufficient-scope');
    }
  });

  it.each(withBearer.filter(({ operation }) => scopesOf(operation).length > 0).map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s: refused without each declared scope, let through with exactly them',
    async (_, { path, method, operation }) => {
      const declared = scopesOf(operation);
      const { url, body } = requestOf(path, operation);
      for (const scope of declared) {
        const refused = await api.client.request(method, url, { token: await tokenWith(ALL_SCOPES.filter((s) => s !== scope)), body });
        expect(refused.status, refused.text).toBe(403);
        expect(refused.body).toMatchObject({ code: 'insufficient-scope', scope, missing: [scope] });
      }
      const allowed = await api.client.request(method, url, { token: await tokenWith(declared), body });
      expect(allowed.status, allowed.text).not.toBe(401);
      expect(allowed.body?.code, allowed.text).not.toBe('insufficient-scope');
    },
  );
});
