import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { createApp, type LogLine } from '../../functions/app/app.js';
import { startLocalPush, type LocalPushRun } from '../../functions/compose.js';
import type { PushContext } from '../../functions/push/context.js';
import type { Notification } from '../../functions/push/model/schemas.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import { attachLocalStream } from '../../functions/push/stream/local-server.js';
import type { ServerMessage } from '../../functions/push/stream/protocol.js';
import { ApiClient } from './api.js';
import { contractFor } from './conformance.js';
import { testContext } from './context.js';

export interface PushApi {
  readonly ctx: PushContext;
  readonly client: ApiClient;
  readonly push: LocalPushRun;
  close(): Promise<void>;
}

/** The app as `npm start` runs it, push included (notifier, timers, WebSocket stream; deadlines left to lazy expiry unless `options.deadlines`), on a free loopback port; `options.log` hears its access log. */
export async function startPushApi(
  parts: Partial<PushContext> = {},
  options: { readonly deadlines?: boolean; readonly reminderMinPendingMs?: number; readonly log?: (line: LogLine) => void } = {},
): Promise<PushApi> {
  const { log, ...pushOptions } = options;
  const ctx = testContext({
    pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, appUrl: 'https://play.example', retryDelaysMs: [0, 30, 60, 90] },
    ...parts,
  });
  const push = await startLocalPush(ctx, { deadlines: false, ...pushOptions, onError: (error) => console.error(error) });
  const server: ServerType = await new Promise((resolve) => {
    // The e-mail routes queue in this run's outbox and plan on its timers, as under `npm start`.
    const s = serve({ fetch: createApp(ctx, { mail: push, ...(log ? { log } : {}) }).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const stream = attachLocalStream(server as Server, ctx, push.hub);
  const { port } = server.address() as AddressInfo;
  return {
    ctx,
    client: new ApiClient(`http://127.0.0.1:${port}`, await contractFor(ctx.games)),
    push,
    close: async () => {
      stream.close();
      push.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Every notification a connection received: alone, or inside the commit message that caused it. */
export function notificationsIn(messages: readonly ServerMessage[]): Notification[] {
  return messages.flatMap((m) => (m.type === 'notification' ? [m.notification] : m.type === 'commit' ? [...m.notifications] : []));
}

/** A stream client: every message received, in order, and a way to wait for one. */
export async function openStream(client: ApiClient, token: string) {
  const ticket = await client.post('/v1/stream/tickets', { token });
  if (ticket.status !== 201) throw new Error(`ticket: ${ticket.status} ${ticket.text}`);
  const ws = new WebSocket(ticket.body.url);
  const messages: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as ServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (found: (all: readonly ServerMessage[]) => boolean) => {
    while (!found(messages)) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  // Neither server speaks first: `ready` answers `hello`.
  ws.send(JSON.stringify({ action: 'hello' }));
  await until((all) => all.some((m) => m.type === 'ready'));
  return {
    ws,
    messages,
    until,
    send: (action: unknown) => ws.send(JSON.stringify(action)),
    close: () => new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : (ws.once('close', () => resolve()), ws.close()))),
  };
}
