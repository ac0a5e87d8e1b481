import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { createApp } from '../../functions/app/app.js';
import { startLocalPush, type LocalPush } from '../../functions/notifications/local-push.js';
import { attachLocalStream } from '../../functions/notifications/local-stream.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/notifications/policy.js';
import type { ServerMessage } from '../../functions/notifications/stream-protocol.js';
import { createServiceContext, type ServiceContext } from '../../functions/service/context.js';
import { MemoryStore } from '../../functions/store/memory.js';
import { ApiClient } from './api.js';
import { contractFor } from './conformance.js';

export interface PushApi {
  readonly ctx: ServiceContext;
  readonly client: ApiClient;
  readonly push: LocalPush;
  close(): Promise<void>;
}

/** The app as `npm start` runs it, push included (notifier, timers, WebSocket stream), on a free loopback port. */
export async function startPushApi(parts: Partial<ServiceContext> = {}): Promise<PushApi> {
  const ctx = createServiceContext({
    store: new MemoryStore(),
    pushPolicy: { ...DEFAULT_PUSH_POLICY, allowLoopbackHttp: true, retryDelaysMs: [0, 30, 60, 90] },
    ...parts,
  });
  const push = await startLocalPush(ctx, { onError: (error) => console.error(error) });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
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
  await until((all) => all.some((m) => m.type === 'ready'));
  return {
    ws,
    messages,
    until,
    send: (action: unknown) => ws.send(JSON.stringify(action)),
    close: () => new Promise<void>((resolve) => (ws.readyState === ws.CLOSED ? resolve() : (ws.once('close', () => resolve()), ws.close()))),
  };
}
