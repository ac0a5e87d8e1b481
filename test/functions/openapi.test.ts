import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSpec, SPEC_PATH } from '../../api-spec/generate.js';
import { startApi, type RunningApi } from '../support/api.js';

const run = promisify(execFile);
let api: RunningApi;

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe('OpenAPI document', () => {
  it('is committed exactly as the app serves it (run `npm run spec` after changing a schema)', async () => {
    const served = await api.client.get('/openapi.json');
    expect(served.status).toBe(200);
    const committed = readFileSync(SPEC_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(served.body);
    expect(committed).toBe(await renderSpec());
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
        '/v1/games/{id}/standing-orders',
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
