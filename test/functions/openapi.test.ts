import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSpec, SPEC_PATH } from '../../api-spec/generate.js';
import { createApp } from '../../functions/app/app.js';
import { startApi, type RunningApi } from '../support/api.js';
import { testContext } from '../support/context.js';

let api: RunningApi;

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('OpenAPI document', () => {
  it('is committed exactly as generated from the route contracts (run `npm run spec` after changing a route or schema)', async () => {
    expect(readFileSync(SPEC_PATH, 'utf8')).toBe(await renderSpec());
  });

  it('is served by the app as committed', async () => {
    const served = await api.client.get('/openapi.json');
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(readFileSync(SPEC_PATH, 'utf8')));
  });

  it('documents every route the app mounts, and no other', () => {
    const spec = JSON.parse(readFileSync(SPEC_PATH, 'utf8'));
    const documented = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((method) => `${method.toUpperCase()} ${path.replaceAll(/{(.+?)}/g, ':$1')}`),
    );
    const undocumented = new Set(['GET /openapi.json']);
    const mounted = createApp(testContext())
      .routes.filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !undocumented.has(route));
    expect(new Set(mounted)).toEqual(new Set(documented));
  });

  it('is OpenAPI 3.1 and documents every route of the API', () => {
    const spec = JSON.parse(readFileSync(SPEC_PATH, 'utf8'));
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths).sort()).toEqual(
      [
        '/health',
        '/health/ready',
        '/v1/games',
        '/v1/games/catalog',
        '/v1/games/catalog/{game}/cards',
        '/v1/games/{id}',
        '/v1/games/{id}/bots',
        '/v1/games/{id}/events',
        '/v1/games/{id}/join',
        '/v1/games/{id}/moves',
        '/v1/games/{id}/reclaim',
        '/v1/games/{id}/record',
        '/v1/games/{id}/standing-orders',
        '/v1/games/{id}/undo',
        '/v1/games/{id}/verify',
        '/v1/players',
        '/v1/players/me',
        '/v1/players/me/bot',
        '/v1/players/me/data',
        '/v1/players/me/passkeys',
        '/v1/players/me/passkeys/options',
        '/v1/players/me/passkeys/{id}',
        '/v1/players/me/tokens',
        '/v1/players/me/tokens/{id}',
        '/v1/players/me/vacation',
        '/v1/players/{id}/games/export',
        '/v1/notifications',
        '/v1/players/me/preferences',
        '/v1/webhooks',
        '/v1/webhooks/{id}',
        '/v1/webhooks/{id}/test',
        '/v1/webhooks/{id}/deliveries',
        '/v1/push/vapid-key',
        '/v1/seeks',
        '/v1/seeks/{id}',
        '/v1/sign-in/email',
        '/v1/sign-in/email/link',
        '/v1/sign-in/passkey',
        '/v1/sign-in/passkey/options',
        '/v1/push-subscriptions',
        '/v1/push-subscriptions/{id}',
        '/v1/players/me/email',
        '/v1/email/confirm',
        '/v1/email/unsubscribe',
        '/v1/stream/tickets',
        '/v1/leaderboards/{game}',
        '/v1/players/{id}',
        '/v1/players/{id}/games',
        '/v1/games/open',
        '/v1/players/me/blocks',
        '/v1/players/me/blocks/{id}',
      ].sort(),
    );
    expect(spec.components.schemas.Problem).toBeDefined();
  });

  // The API reference at /docs renders this document with Redoc, served with the web client (test/web/).
  it('serves itself and a health check', async () => {
    expect((await api.client.get('/openapi.json')).body.openapi).toBe('3.1.0');
    expect((await api.client.get('/health')).body).toEqual({ status: 'ok' });
  });
});
