import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSpec, SPEC_PATH } from '../../api-spec/generate.js';
import { createApp } from '../../functions/app/app.js';
import { createServiceContext } from '../../functions/service/context.js';
import { MemoryStore } from '../../functions/store/memory.js';
import { startApi, type RunningApi } from '../support/api.js';

const run = promisify(execFile);
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
    const undocumented = new Set(['GET /health', 'GET /health/ready', 'GET /openapi.json', 'GET /docs']);
    const mounted = createApp(createServiceContext({ store: new MemoryStore() }))
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
        '/v1/games',
        '/v1/games/catalog',
        '/v1/games/{id}',
        '/v1/games/{id}/bots',
        '/v1/games/{id}/events',
        '/v1/games/{id}/join',
        '/v1/games/{id}/moves',
        '/v1/games/{id}/reclaim',
        '/v1/games/{id}/standing-orders',
        '/v1/games/{id}/undo',
        '/v1/games/{id}/verify',
        '/v1/players',
        '/v1/players/me',
      ].sort(),
    );
    expect(spec.components.schemas.Problem).toBeDefined();
  });

  it('lints clean with @redocly/cli', async () => {
    const { stdout, stderr } = await run('npx', ['redocly', 'lint', '--config', 'api-spec/redocly.yaml', '--format=summary', SPEC_PATH]);
    expect(`${stdout}${stderr}`).toContain('Your API description is valid');
    // The summary lists each finding as 'error …' or 'warning …' at the start of a line.
    expect(`${stdout}${stderr}`).not.toMatch(/^(error|warning)\s/m);
  });

  it('serves a docs page rendered from it', async () => {
    const docs = await api.client.get('/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(docs.text).toContain('/v1/games/{id}/moves');
    expect((await api.client.get('/health')).body).toEqual({ status: 'ok' });
  });
});
