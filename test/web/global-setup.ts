import { buildWebAppIfStale } from '../../functions/local/web-app.js';
import { ensureChromium } from '../support/chromium.js';

/**
 * Vitest's file filters on the command line (`vitest run test/core`): a
 * filter is a part of a test file's path. None means every file.
 */
function fileFilters(argv: readonly string[]): string[] {
  const start = argv.findIndex((arg) => arg === 'run' || arg === 'watch');
  return argv.slice(start + 1).filter((arg) => !arg.startsWith('-'));
}

/** Whether the run may include a browser test (test/web/…). */
const runsBrowserTests = (filters: readonly string[]) =>
  filters.length === 0 || filters.some((filter) => filter.includes('web') || 'test/web/'.startsWith(filter) || filter === '.');

/**
 * Before any test file runs, when the run includes browser tests: Debian's
 * Chromium present (brought when missing: test/support/chromium.ts), and the
 * web client built once (files run in parallel and would race to build it).
 */
export default async function setup(): Promise<void> {
  if (!runsBrowserTests(fileFilters(process.argv))) return;
  ensureChromium();
  await buildWebAppIfStale(() => undefined);
}
