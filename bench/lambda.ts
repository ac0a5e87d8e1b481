/**
 * `npm run bench:lambda` — each Lambda's bundle exactly as CDK builds it
 * (infra/bundle.ts: esbuild, ESM, node22, minified, the AWS SDK inside):
 *  - its size in bytes: all its files, and the part a cold start loads
 *    (index.mjs and the chunks it imports statically);
 *  - its code and the published document apart (data loaded by one route only);
 *  - its largest contributors, from the esbuild metafile;
 *  - its cold module-init time, the median of 20 fresh Node processes;
 *  - what the first use of each game's engine adds (its chunk is imported on
 *    demand), timed in fresh processes right after module init.
 * Prints figures only.
 */
import type { Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TELEMETRY } from '../functions/lambda/telemetry-names.js';
import { bundleLambda } from '../infra/bundle.js';
import { fixed, median } from './stats.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, '.bench-out', 'lambda');
const FRESH_PROCESSES = 20;
const ENTRIES = { http: 'functions/lambda/http.ts', timer: 'functions/lambda/timer.ts', push: 'functions/lambda/push.ts' } as const;

/** What a function's environment holds on AWS; values only need to be well-formed for init. */
const LAMBDA_ENV = {
  POWERTOOLS_SERVICE_NAME: TELEMETRY.service,
  POWERTOOLS_METRICS_NAMESPACE: TELEMETRY.namespace,
  TABLE_NAME: 'valeria-bench',
  AWS_REGION: 'eu-west-1',
  SCHEDULE_GROUP: 'valeria-deadlines',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
  TIMER_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:timer',
  SCHEDULE_DLQ_ARN: 'arn:aws:sqs:eu-west-1:123456789012:dlq',
  // The timer function posts what a reminder or a retry sends to the stream's connections.
  STREAM_ENDPOINT: 'https://abc.execute-api.eu-west-1.amazonaws.com/live',
  // Where it hands a webhook's retry to the outbox (the delivery function's name; nothing here invokes it).
  DELIVERY_FUNCTION_NAME: 'ValeriaTabletop-Deliveries',
};

interface Bundle {
  readonly name: string;
  readonly outfile: string;
  /** Every module but the published document's. */
  readonly totalBytes: number;
  /** The published OpenAPI document: data, imported only by GET /openapi.json (0 where absent). */
  readonly documentBytes: number;
  readonly initBytes: number;
  /** Game engine chunks: source entry (core/games/<game>/index.ts) → file. */
  readonly engines: ReadonlyMap<string, string>;
  readonly metafile: Metafile;
}

async function bundle(name: string, entry: string): Promise<Bundle> {
  const outdir = join(OUT, name);
  rmSync(outdir, { recursive: true, force: true });
  const { outfile, metafile } = await bundleLambda(join(ROOT, entry), outdir);
  const outputs = Object.fromEntries(
    Object.entries(metafile.outputs)
      .filter(([file]) => file.endsWith('.mjs'))
      .map(([file, o]) => [resolve(file), o]),
  );
  const initFiles = new Set<string>();
  const visit = (file: string) => {
    if (initFiles.has(file)) return;
    initFiles.add(file);
    for (const i of outputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) visit(resolve(i.path));
  };
  visit(outfile);
  const size = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + statSync(file).size, 0);
  const engines = new Map(
    Object.entries(outputs)
      .filter(([, o]) => /^core\/games\/[^/]+\/index\.ts$/.test(o.entryPoint ?? ''))
      .map(([file, o]) => [o.entryPoint as string, file]),
  );
  const isDocument = (file: string) => Object.keys(outputs[file]?.inputs ?? {}).some((input) => input.endsWith('api-spec/openapi.json'));
  const files = Object.keys(outputs);
  return {
    name,
    outfile,
    totalBytes: size(files.filter((file) => !isDocument(file))),
    documentBytes: size(files.filter(isDocument)),
    initBytes: size(initFiles),
    engines,
    metafile,
  };
}

/** Bytes in the output per package (or per project folder). */
function contributors(metafile: Metafile, top = 6): [string, number][] {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const owner = match ? (match[1] as string) : input.split('/').slice(0, 2).join('/');
      totals.set(owner, (totals.get(owner) ?? 0) + bytesInOutput);
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

/** Milliseconds to import `file` in a brand-new process (module init, as a cold start pays it), after importing `first` untimed. */
function freshImportMs(file: string, first?: string): number {
  const warm = first ? `await import(${JSON.stringify(first)});` : '';
  const script = `${warm}const t=performance.now();await import(${JSON.stringify(file)});process.stdout.write(String(performance.now()-t))`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...LAMBDA_ENV, NODE_OPTIONS: '' } });
  return Number(out.toString());
}

mkdirSync(OUT, { recursive: true });
console.log(
  `bench:lambda — esbuild bundles as deployed (ESM, node22, minified, AWS SDK bundled); init = median of ${FRESH_PROCESSES} fresh processes on Node ${process.version}\n`,
);
const bundles: Bundle[] = [];
for (const [name, entry] of Object.entries(ENTRIES)) bundles.push(await bundle(name, entry));
const emptyModule = join(OUT, 'empty.mjs');
writeFileSync(emptyModule, 'export {};\n');

// Round-robin, so every measurement sees the same machine: this one's speed drifts by ±10 ms over minutes.
const timings = new Map<string, { run: () => number; times: number[] }>();
for (const b of bundles) {
  timings.set(b.outfile, { run: () => freshImportMs(b.outfile), times: [] });
  for (const [game, chunk] of b.engines) timings.set(`${b.name} ${game}`, { run: () => freshImportMs(chunk, b.outfile), times: [] });
}
timings.set(emptyModule, { run: () => freshImportMs(emptyModule), times: [] });
for (let i = 0; i < FRESH_PROCESSES; i++) for (const timing of timings.values()) timing.times.push(timing.run());
const medianOf = (key: string) => fixed(median(timings.get(key)!.times), 1);

for (const b of bundles) {
  console.log(
    `${b.name}: ${b.totalBytes} bytes of code (${fixed(b.totalBytes / 1024, 0)} KiB; goal < 1 MB)${b.documentBytes > 0 ? ` + ${b.documentBytes} bytes of the published OpenAPI document (data, imported only by GET /openapi.json)` : ''}, ${b.initBytes} loaded at init · module init ${medianOf(b.outfile)} ms (goal < 150 ms)`,
  );
  if (b.engines.size > 0)
    console.log(
      `  first use of a game's engine adds: ${[...b.engines.keys()].map((game) => `${game.split('/')[2]} ${medianOf(`${b.name} ${game}`)} ms`).join(' · ')}`,
    );
  console.log(
    `  largest: ${contributors(b.metafile)
      .map(([owner, bytes]) => `${owner} ${fixed(bytes / 1024, 0)} KiB`)
      .join(' · ')}`,
  );
}
console.log(`(an empty ES module, for scale: ${medianOf(emptyModule)} ms)`);
