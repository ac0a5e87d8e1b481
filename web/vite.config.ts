import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { progressiveWebApp } from './pwa/plugin.js';

const WEB = dirname(fileURLToPath(import.meta.url));
const ROOT = join(WEB, '..');
const OUT = join(WEB, 'dist');

/**
 * The API reference at /docs: Redoc's standalone bundle from its npm package
 * and the committed OpenAPI document, both copied into the build so the page
 * works offline from our own origin (on AWS, from the same bucket as the app).
 */
function apiReference(): Plugin {
  return {
    name: 'api-reference',
    apply: 'build',
    closeBundle() {
      mkdirSync(join(OUT, 'docs'), { recursive: true });
      copyFileSync(join(ROOT, 'node_modules/redoc/bundles/redoc.standalone.js'), join(OUT, 'docs/redoc.standalone.js'));
      copyFileSync(join(ROOT, 'api-spec/openapi.json'), join(OUT, 'openapi.json'));
      copyFileSync(join(WEB, 'docs.html'), join(OUT, 'docs/index.html'));
    },
  };
}

export default defineConfig({
  root: WEB,
  build: { outDir: OUT, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [apiReference(), progressiveWebApp(WEB)],
});
