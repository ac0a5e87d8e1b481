/**
 * `npm run bench:lambda` — each Lambda's bundle exactly as CDK builds it
 * (infra/bundle.ts: esbuild, ESM, node22, minified, the AWS SDK inside): its size in bytes, its largest
 * contributors from the esbuild metafile, and its cold module-init time, the
 * median of 20 fresh Node processes importing it. Prints figures only.
 */
import type { Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleLambda } from '../infra/bundle.js';
import { fixed, median } from './stats.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, '.bench-out', 'lambda');
const FRESH_PROCESSES = 20;
const ENTRIES = { http: 'functions/lambda/http.ts', timer: 'functions/lambda/timer.ts', stream: 'functions/lambda/stream.ts' } as const;

/** What a function's environment holds on AWS; values only need to be well-formed for init. */
const LAMBDA_ENV = {
  TABLE_NAME: 'valeria-bench',
  AWS_REGION: 'eu-west-1',
  SCHEDULE_GROUP: 'valeria-deadlines',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
  TIMER_FUNCTION_ARN: 'arn:aws:lambda:eu-west-1:123456789012:function:timer',
  SCHEDULE_DLQ_ARN: 'arn:aws:sqs:eu-west-1:123456789012:dlq',
};

async function bundle(name: string, entry: string) {
  const { outfile, metafile } = await bundleLambda(join(ROOT, entry), join(OUT, name));
  return { outfile, bytes: statSync(outfile).size, metafile };
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

/** Milliseconds to import the bundle in a brand-new process (module init, as a cold start pays it). */
function coldInitMs(outfile: string): number {
  const script = `const t=performance.now();await import(${JSON.stringify(outfile)});process.stdout.write(String(performance.now()-t))`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, ...LAMBDA_ENV, NODE_OPTIONS: '' } });
  return Number(out.toString());
}

mkdirSync(OUT, { recursive: true });
console.log(
  `bench:lambda — esbuild bundles as deployed (ESM, node22, minified, AWS SDK bundled); init = median of ${FRESH_PROCESSES} fresh processes on Node ${process.version}\n`,
);
const bundles = await Promise.all(Object.entries(ENTRIES).map(async ([name, entry]) => ({ name, ...(await bundle(name, entry)) })));
const emptyModule = join(OUT, 'empty.mjs');
writeFileSync(emptyModule, 'export {};\n');
// Round-robin, so every function sees the same machine: this one's speed drifts by ±10 ms over minutes.
const inits = new Map<string, number[]>([...bundles.map((b) => [b.outfile, []] as [string, number[]]), [emptyModule, []]]);
for (let i = 0; i < FRESH_PROCESSES; i++) for (const [file, times] of inits) times.push(coldInitMs(file));
for (const { name, outfile, bytes, metafile } of bundles) {
  console.log(`${name}: ${bytes} bytes (${fixed(bytes / 1024, 0)} KiB; goal < 1 MB) · module init ${fixed(median(inits.get(outfile)!), 1)} ms (goal < 150 ms)`);
  console.log(
    `  largest: ${contributors(metafile)
      .map(([owner, b]) => `${owner} ${fixed(b / 1024, 0)} KiB`)
      .join(' · ')}`,
  );
}
console.log(`(an empty ES module, for scale: ${fixed(median(inits.get(emptyModule)!), 1)} ms)`);
