import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_DIST } from '../../functions/local/web-app.js';

/** The first load is what index.html pulls in before any game is opened. */
async function firstLoad(): Promise<{ files: string[]; gzipBytes: number }> {
  const html = await readFile(join(WEB_DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const bytes = await Promise.all(files.map(async (file) => gzipSync(await readFile(join(WEB_DIST, file))).length));
  return { files, gzipBytes: bytes.reduce((a, b) => a + b, 0) };
}

/** The web client as global-setup.ts built it. */
describe('the built web client', () => {
  it('loads under 150 KB of gzipped JavaScript and CSS first; the engine and card catalogs come later', async () => {
    const { files, gzipBytes } = await firstLoad();
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    expect(gzipBytes).toBeLessThan(150 * 1024);
    const entry = await readFile(join(WEB_DIST, files.find((f) => f.endsWith('.js')) as string), 'utf8');
    // The replay engine (zod, the rules) and the card catalogs are separate chunks, imported when needed.
    expect(entry).not.toContain('rngStateFromSeed');
    expect(entry).not.toContain('Dire Bear');
  });

  it('ships the API reference and the OpenAPI document as static files', async () => {
    expect(await readFile(join(WEB_DIST, 'docs', 'index.html'), 'utf8')).toContain('/docs/redoc.standalone.js');
    const committed = JSON.parse(await readFile(join(WEB_DIST, '..', '..', 'api-spec', 'openapi.json'), 'utf8'));
    expect(JSON.parse(await readFile(join(WEB_DIST, 'openapi.json'), 'utf8'))).toEqual(committed);
  });
});
