/**
 * `npm start`: the API on http://localhost:3000 (PORT overrides) backed by a
 * persistent DynamoDB Local under .data/, with the in-process deadline
 * scheduler. Without Java it says so and falls back to the in-memory store.
 */
import { serve } from '@hono/node-server';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../app/app.js';
import { runLocalScheduler } from '../scheduler/local.js';
import { createServiceContext, LOAD_PAGE_SIZE } from '../service/context.js';
import { DynamoStore } from '../store/dynamodb.js';
import { MemoryStore } from '../store/memory.js';
import type { Store } from '../store/port.js';
import { JavaMissingError, localDynamoClient, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.js';
import { serveWebApp } from './web-app.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const TABLE = 'valeria-local';

async function openStore(): Promise<{ store: Store; dynamo: DynamoDbLocal | null; description: string }> {
  try {
    const dbPath = join(REPO_ROOT, '.data', 'dynamodb');
    const dynamo = await startDynamoDbLocal({ dbPath });
    const store = new DynamoStore({ client: localDynamoClient(dynamo.endpoint), tableName: TABLE, loadPageSize: LOAD_PAGE_SIZE });
    await store.ensureTable();
    return { store, dynamo, description: `DynamoDB Local at ${dynamo.endpoint}, data in ${dbPath}` };
  } catch (error) {
    if (!(error instanceof JavaMissingError)) throw error;
    console.warn(`WARNING: ${error.message}\nWARNING: falling back to the in-memory store — games are lost when the server stops.`);
    return { store: new MemoryStore(), dynamo: null, description: 'in-memory store (not persistent)' };
  }
}

const { store, dynamo, description } = await openStore();
const ctx = createServiceContext({ store });
const app = createApp(ctx, { log: (line) => console.log(`${line.method} ${line.path} → ${line.status} (${line.ms} ms)${line.error ? ` ${line.error}` : ''}`) });
await serveWebApp(app);
const timers = await runLocalScheduler(ctx, (error) => console.error('deadline timer failed:', error));
const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Valeria Tabletop API on http://localhost:${info.port}  (docs: /docs, spec: /openapi.json)`);
  console.log(`Storage: ${description}; ${timers.scheduler.armed} deadline timer(s) restored.`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  timers.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dynamo?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
