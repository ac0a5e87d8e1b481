/**
 * How every Lambda is bundled — one definition for the CDK stack and for
 * `npm run bench:lambda`: the project's own esbuild, minified ES modules for
 * Node 22 with linked source maps, the AWS SDK inside (pinned by
 * package-lock.json, and a faster cold start than the runtime's copy).
 * `index.mjs` is the handler; code reached only through `import()` (each
 * game's engine, the SDK's rarely used credential providers) goes into
 * chunks that load on first use instead of at every cold start.
 *
 *   node --import tsx infra/bundle.ts <entry.ts> <outdir>
 */
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * zod's classic API re-exports every locale (about 260 KB minified) through
 * its `z` namespace, which no bundler can tree-shake. The service speaks
 * English only, so the locale index resolves to English alone.
 */
const englishOnlyZod: Plugin = {
  name: 'english-only-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[/\\]zod[/\\]v4[/\\](classic|core)[/\\]/.test(args.importer) ? { path: 'zod-english-only', namespace: 'english-only-zod' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'english-only-zod' }, () => ({
      contents: "export { default as en } from 'zod/v4/locales/en.js';",
      resolveDir: fileURLToPath(new URL('../', import.meta.url)),
    }));
  },
};

export const LAMBDA_BUNDLE: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  splitting: true,
  entryNames: 'index',
  chunkNames: 'chunks/[name]-[hash]',
  outExtension: { '.js': '.mjs' },
  minify: true,
  sourcemap: 'linked',
  sourcesContent: false,
  // Dependencies' license texts go to one index.mjs.LEGAL.txt beside the code instead of hundreds of comment lines at the end of every file.
  legalComments: 'external',
  // Prefer the ES module builds of dependencies (the SDK's tree-shake far better).
  mainFields: ['module', 'main'],
  // Bundled CommonJS dependencies may still call require() for Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [englishOnlyZod],
  metafile: true,
  logLevel: 'warning',
};

/** Bundles one handler into `<outdir>/index.mjs` and `<outdir>/chunks/` (+ `.map`s); the metafile tells what went in. */
export async function bundleLambda(entry: string, outdir: string): Promise<{ outfile: string; metafile: Metafile }> {
  const result = await build({ ...LAMBDA_BUNDLE, entryPoints: [entry], outdir });
  return { outfile: join(outdir, 'index.mjs'), metafile: result.metafile as Metafile };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [entry, outdir] = process.argv.slice(2);
  if (!entry || !outdir) throw new Error('usage: infra/bundle.ts <entry.ts> <outdir>');
  await bundleLambda(entry, outdir);
}
