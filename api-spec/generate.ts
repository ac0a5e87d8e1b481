/**
 * `npm run spec` — writes api-spec/openapi.json from the zod schemas of the
 * running app. The committed file is checked against what the app serves by
 * test/functions/openapi.test.ts, so it cannot go stale unnoticed.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from '../functions/app/app.js';
import { createServiceContext } from '../functions/service/context.js';
import { MemoryStore } from '../functions/store/memory.js';

export const SPEC_PATH = fileURLToPath(new URL('./openapi.json', import.meta.url));

/** The document exactly as the app serves it at /openapi.json, pretty-printed. */
export async function renderSpec(): Promise<string> {
  const app = createApp(createServiceContext({ store: new MemoryStore() }));
  const served = await app.request('/openapi.json');
  return `${JSON.stringify(await served.json(), null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SPEC_PATH, await renderSpec());
  console.log(`wrote ${SPEC_PATH}`);
}
