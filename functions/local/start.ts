/**
 * `npm start`: the API on http://localhost:3000 (PORT overrides) backed by a
 * persistent, supervised DynamoDB Local under .data/ (DATA_DIR overrides),
 * with the in-process deadline scheduler, request limits and CORS for any
 * localhost origin. Without Java it says so and falls back to the in-memory store.
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../app/app.js';
import { rateLimitMiddleware } from '../app/rate-limit.js';
import { startLocalPush } from '../notifications/local-push.js';
import { attachLocalStream } from '../notifications/local-stream.js';
import { DEFAULT_PUSH_POLICY } from '../notifications/policy.js';
import { runLocalScheduler } from '../scheduler/local.js';
import { createServiceContext, LOAD_PAGE_SIZE } from '../service/context.js';
import { vacationPolicyFromEnv } from '../service/vacation-policy.js';
import { DynamoStore } from '../store/dynamodb.js';
import { MemoryStore } from '../store/memory.js';
import type { Store } from '../store/port.js';
import { answerClientErrors } from './client-errors.js';
import { JavaMissingError, localDynamoClient } from './dynamodb-local.js';
import { serveWebApp } from './web-app.js';
import { superviseDynamoDbLocal, type SupervisedDynamoDbLocal } from './supervised-dynamodb.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? join(REPO_ROOT, '.data');
const TABLE = 'valeria-local';

async function openStore(): Promise<{ store: Store; dynamo: SupervisedDynamoDbLocal | null; description: string }> {
  try {
    const dbPath = join(dataDir, 'dynamodb');
    const dynamo = await superviseDynamoDbLocal({ dbPath });
    const store = new DynamoStore({ client: localDynamoClient(dynamo.endpoint), tableName: TABLE, loadPageSize: LOAD_PAGE_SIZE });
    await store.ensureTable();
    return { store, dynamo, description: `DynamoDB Local at ${dynamo.endpoint} (pid ${dynamo.pid}, restarted if it exits), data in ${dbPath}` };
  } catch (error) {
    if (!(error instanceof JavaMissingError)) throw error;
    console.warn(`WARNING: ${error.message}\nWARNING: falling back to the in-memory store — games are lost when the server stops.`);
    return { store: new MemoryStore(), dynamo: null, description: 'in-memory store (not persistent)' };
  }
}

const { store, dynamo, description } = await openStore();
console.log(`Storage: ${description}`);
// Local webhook receivers on http://127.0.0.1 are allowed here, and only here (WEBHOOKS_ALLOW_LOOPBACK=0 forbids them too).
const ctx = createServiceContext({
  store,
  pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: process.env.WEBHOOKS_ALLOW_LOOPBACK !== '0' },
  vacation: vacationPolicyFromEnv(process.env),
});
const app = createApp(ctx, {
  log: (line) => console.log(`${line.method} ${line.path} → ${line.status} (${line.ms} ms)${line.error ? ` ${line.error}` : ''}`),
  corsOrigins: 'localhost',
  rateLimiter: rateLimitMiddleware({ clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown' }),
});
await serveWebApp(app);
const timers = await runLocalScheduler(ctx, (timer, error, retryInMs) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`deadline timer of ${timer.gameId} failed (${reason}); retrying in ${retryInMs / 1000} s`);
});
const push = await startLocalPush(ctx, { onError: (error) => console.error('push failed:', error) });
const server = serve({ fetch: app.fetch, port }, (info) => {
  console.log(`Valeria Tabletop API on http://localhost:${info.port}  (docs: /docs, spec: /openapi.json)`);
  console.log(`${timers.scheduler.armed} deadline timer(s) and ${push.restoredTimers} push timer(s) restored.`);
}) as Server;
answerClientErrors(server);

const stream = attachLocalStream(server, ctx, push.hub);

let stopping = false;
async function shutdown(reason: string, exitCode: number) {
  if (stopping) return;
  stopping = true;
  timers.stop();
  push.stop();
  stream.close();
  await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  await dynamo?.stop();
  if (exitCode === 0) console.log(`${reason}: stopped.`);
  process.exit(exitCode);
}
server.once('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`port ${port} is in use; set PORT=… to another port (e.g. PORT=${port + 1} npm start)`);
  else console.error(`cannot listen on port ${port}: ${error.message}`);
  void shutdown('listen', 1);
});
process.on('SIGINT', () => void shutdown('SIGINT', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
