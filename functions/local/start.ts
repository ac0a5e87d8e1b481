/**
 * `npm start`: the API on http://localhost:3000 (PORT overrides) backed by a
 * persistent, supervised DynamoDB Local under .data/ (DATA_DIR overrides),
 * with timers and push in process, request limits and CORS for any
 * localhost origin. Without Java it says so and falls back to the in-memory store.
 *
 * It listens on the loopback interface only: nobody else can reach it.
 * `HOST=0.0.0.0` (or one of this machine's addresses) shares it on the
 * network, saying so in one line; then webhooks to this machine's own
 * loopback addresses are refused unless WEBHOOKS_ALLOW_LOOPBACK=1, so nobody
 * on the network can make the server knock on this machine's local ports.
 * DynamoDB Local cannot be kept to loopback: it is kept to us by a secret key
 * id instead (dynamodb-local.ts).
 *
 * For a load test on this machine (bench/load.ts): DIAGNOSTICS_EVERY_MS
 * prints the event loop's delay, memory and DynamoDB requests every so
 * often (diagnostics.ts); REQUEST_LOG=0 leaves out the line per request;
 * RATE_LIMITS=0 lifts the per-address request limits, which a generator
 * speaking for thousands of players from one address would hit at once
 * (AWS enforces them in WAF; they stay on unless asked, and cannot be lifted
 * while the server is shared).
 */
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../app/app.js';
import { rateLimiter } from '../app/rate-limit.js';
import { localContext, startLocalPush } from '../compose.js';
import { attachLocalStream } from '../push/stream/local-server.js';
import { answerClientErrors } from './client-errors.js';
import { isLoopbackHost, LOOPBACK_HOST, sharingNotice } from './listen-host.js';
import { JavaMissingError } from './dynamodb-local.js';
import { keptVapidSeed } from './vapid-seed.js';
import { startMailCatcher, type MailCatcher } from './mail-catcher.js';
import { smtpMailer } from '../push/email/smtp.js';
import { serveWebApp } from './web-app.js';
import { superviseDynamoDbLocal, type SupervisedDynamoDbLocal } from './supervised-dynamodb.js';
import { printDiagnostics } from './diagnostics.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? LOOPBACK_HOST;
const shared = !isLoopbackHost(host);
const dataDir = process.env.DATA_DIR ?? join(REPO_ROOT, '.data');
const diagnostics = process.env.DIAGNOSTICS_EVERY_MS ? printDiagnostics(Number(process.env.DIAGNOSTICS_EVERY_MS)) : null;
const requestLog = process.env.REQUEST_LOG !== '0';
const rateLimits = process.env.RATE_LIMITS !== '0' || shared;

/** DynamoDB Local under DATA_DIR, supervised; null without Java, which the in-memory store stands in for. */
async function openDynamo(): Promise<{ dynamo: SupervisedDynamoDbLocal | null; description: string }> {
  try {
    const dbPath = join(dataDir, 'dynamodb');
    const dynamo = await superviseDynamoDbLocal({ dbPath });
    return { dynamo, description: `DynamoDB Local at ${dynamo.endpoint} (pid ${dynamo.pid}, restarted if it exits), data in ${dbPath}` };
  } catch (error) {
    if (!(error instanceof JavaMissingError)) throw error;
    console.warn(`WARNING: ${error.message}\nWARNING: falling back to the in-memory store — games are lost when the server stops.`);
    return { dynamo: null, description: 'in-memory store (not persistent)' };
  }
}

const { dynamo, description } = await openDynamo();
// E-mail goes to the user's own server at SMTP_URL, or else to a mail catcher on this machine, whose page lists what was sent.
const catcher: MailCatcher | null = process.env.SMTP_URL ? null : await startMailCatcher();
const smtpUrl = process.env.SMTP_URL ?? catcher?.smtpUrl ?? null;
const ctx = await localContext(dynamo, process.env, {
  loopbackWebhooks: !shared,
  appUrl: `http://localhost:${port}`,
  vapidSeed: await keptVapidSeed(dataDir),
  mailer: smtpUrl === null ? null : smtpMailer(smtpUrl),
  onDynamoClient: (client) => diagnostics?.count(client),
});
console.log(`Storage: ${description}`);
console.log(
  catcher ? `Mail: caught at ${catcher.webUrl} (SMTP ${catcher.smtpUrl}; SMTP_URL sends to your own server)` : 'Mail: sent by the server at SMTP_URL',
);
const local = await startLocalPush(ctx, {
  deadlines: true,
  onTimerFailure: (timer, error, retryInMs) => {
    const reason = error instanceof Error ? error.message : String(error);
    const which = timer.payload.kind === 'deadline' ? `deadline timer of ${timer.payload.gameId}` : `${timer.payload.kind} timer ${timer.id}`;
    console.error(`${which} failed (${reason}); retrying in ${retryInMs / 1000} s`);
  },
  onError: (error) => console.error('push failed:', error),
});
diagnostics?.watchNotifier(local.notifier.backlog);
const app = createApp(ctx, {
  log: (line) =>
    // A failure is always told.
    (requestLog || line.status >= 500) && console.log(`${line.method} ${line.path} → ${line.status} (${line.ms} ms)${line.error ? ` ${line.error}` : ''}`),
  corsOrigins: 'localhost',
  ...(rateLimits ? { rateLimiter: rateLimiter({ clientAddress: (c) => getConnInfo(c).remote.address ?? 'unknown' }) } : {}),
  // The e-mail routes queue a confirmation in the outbox and plan digests on the timers.
  mail: local,
});
await serveWebApp(app);
const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Valeria Tabletop API on http://${shared ? host : 'localhost'}:${info.port}  (docs: /docs, spec: /openapi.json)`);
  if (shared) console.log(sharingNotice(host, info.port, ctx.pushPolicy.allowLoopbackHttp));
  console.log(`${local.restored.deadlines} deadline timer(s) and ${local.restored.stored} push timer(s) restored.`);
}) as Server;
answerClientErrors(server);

const stream = attachLocalStream(server, ctx, local.hub);

let stopping = false;
async function shutdown(reason: string, exitCode: number) {
  if (stopping) return;
  stopping = true;
  local.stop();
  diagnostics?.stop();
  stream.close();
  await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  await dynamo?.stop();
  await catcher?.stop();
  if (exitCode === 0) console.log(`${reason}: stopped.`);
  process.exit(exitCode);
}
server.once('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') console.error(`port ${port} is in use; set PORT=… to another port (e.g. PORT=${port + 1} npm start)`);
  else console.error(`cannot listen on ${host} port ${port}: ${error.message}`);
  void shutdown('listen', 1);
});
process.on('SIGINT', () => void shutdown('SIGINT', 0));
process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
