/**
 * The web client (web/) beside the API for `npm start` and the browser tests:
 * builds it when its build is missing or older than its sources, then serves
 * the built files at every path the API does not answer. Only the local
 * server imports this module: the Lambda app never serves static files (on
 * AWS, CloudFront sends every non-API path to the S3 bucket).
 */
import { spawn } from 'node:child_process';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env, Hono } from 'hono';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');
/** What the built app is made of: a newer file in any of these makes the build stale. */
const WEB_SOURCES = [
  'web/src',
  'web/sw',
  'web/pwa',
  'web/index.html',
  'web/docs.html',
  'web/vite.config.ts',
  'api-spec/openapi.json',
  'web/public',
  'clients/typescript/src',
  'core',
  'package-lock.json',
];
/** Vite's folder of content-hashed files: a name never changes meaning, so it is cached for good. */
export const HASHED_ASSETS_FOLDER = 'assets';
/** How long browsers (and CloudFront, infra/web-client.ts) may keep each built file. */
export const CACHE_CONTROL = {
  hashed: 'public, max-age=31536000, immutable',
  /** index.html, the docs page and its script: revalidated on every load, so a deploy shows at once. */
  revalidated: 'no-cache',
} as const;
/** Paths the API answers, never the app. */
const API_PATHS = /^\/(v1\/|health$|openapi\.json$)/;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

/** True when web/dist is missing or older than any of its sources. */
export async function webBuildIsStale(): Promise<boolean> {
  const built = await stat(join(WEB_DIST, 'index.html')).catch(() => null);
  if (!built) return true;
  const sources = await Promise.all(WEB_SOURCES.map((path) => newestMtime(join(REPO_ROOT, path))));
  return Math.max(...sources) > built.mtimeMs;
}

/** Runs `vite build` for web/ when its build is missing or stale. */
export async function buildWebAppIfStale(log: (line: string) => void = console.log): Promise<void> {
  if (!(await webBuildIsStale())) return;
  log('Building the web client (web/ → web/dist)…');
  const vite = join(REPO_ROOT, 'node_modules', '.bin', 'vite');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(vite, ['build', '--config', join(REPO_ROOT, 'web', 'vite.config.ts'), '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed with exit code ${code}`))));
  });
}

/** The built file a request path names, kept inside web/dist. */
function fileFor(path: string): string | null {
  const file = normalize(join(WEB_DIST, decodeURIComponent(path)));
  return file.startsWith(WEB_DIST + sep) ? file : null;
}

/** What `npm start` does: build the app if needed, then serve it beside the API. */
export async function serveWebApp<E extends Env>(app: Hono<E>): Promise<void> {
  await buildWebAppIfStale();
  mountWebApp(app);
}

/**
 * Serves web/dist on `app` for every GET the API routes do not answer: a file
 * when one exists, else index.html (the app's own routes, e.g. /g/{id}).
 * Mount it after the API routes.
 */
export function mountWebApp<E extends Env>(app: Hono<E>): void {
  app.get('*', async (c) => {
    if (API_PATHS.test(c.req.path)) return c.notFound();
    const file = fileFor(c.req.path);
    const asset = file && extname(file) ? await readFile(file).catch(() => null) : null;
    if (asset && file) {
      // Vite names every asset by its content hash: cached for good; index.html is always revalidated.
      const immutable = c.req.path.startsWith(`/${HASHED_ASSETS_FOLDER}/`);
      return c.body(asset, 200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': immutable ? CACHE_CONTROL.hashed : CACHE_CONTROL.revalidated,
      });
    }
    if (extname(c.req.path)) return c.notFound();
    // A folder's own page (/docs → docs/index.html), else the app's (its routes, e.g. /g/{id}).
    const folderPage = file ? await readFile(join(file, 'index.html')).catch(() => null) : null;
    const index = folderPage ?? (await readFile(join(WEB_DIST, 'index.html')).catch(() => null));
    if (!index) return c.notFound();
    return c.body(index, 200, { 'content-type': TYPES['.html'] as string, 'cache-control': CACHE_CONTROL.revalidated });
  });
}

// `node --import tsx functions/local/web-app.ts`: the build alone, when stale (the CDK stack's web asset runs this).
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildWebAppIfStale();
