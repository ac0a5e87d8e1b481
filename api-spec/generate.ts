/**
 * `npm run spec` — writes api-spec/openapi.json from the route contracts and
 * zod schemas of the API. The running app serves that committed file, and
 * test/functions/openapi.test.ts checks it against what this generates, so it
 * cannot go stale unnoticed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../functions/app/openapi-document.js';

export const SPEC_PATH = fileURLToPath(new URL('./openapi.json', import.meta.url));

/** The document of the games the service offers, pretty-printed. */
export async function renderSpec(): Promise<string> {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SPEC_PATH, await renderSpec());
  console.log(`wrote ${SPEC_PATH}`);
}
