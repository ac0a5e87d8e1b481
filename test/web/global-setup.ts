import { buildWebAppIfStale } from '../../functions/local/web-app.js';

/** Builds the web client once before any test file runs (files run in parallel and would race to build it). */
export default async function setup(): Promise<void> {
  await buildWebAppIfStale(() => undefined);
}
