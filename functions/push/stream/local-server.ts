import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { fail } from '../../service/errors.js';
import { titleOf } from '../../service/problems.js';
import type { PushContext } from '../context.js';
import { answerAction, type StreamHub } from './hub.js';
import { LOCAL_STREAM_PATH, MAX_CONNECTIONS_PER_PLAYER, MAX_FRAME_BYTES, type ServerMessage } from './protocol.js';
import { redeemTicket } from './tickets.js';

/**
 * The live stream from the local server (`npm start`, tests): WebSocket
 * upgrades of `/v1/stream?ticket=…` on the API's own port. A missing, used or
 * expired ticket is refused before the upgrade with 401.
 */
export function attachLocalStream(server: Server, ctx: PushContext, hub: StreamHub): { close: () => void } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== LOCAL_STREAM_PATH) return refuse(socket, 404, 'Not Found');
    redeemTicket(ctx, url.searchParams.get('ticket')).then(
      (playerId) => {
        if (playerId === null) return refuse(socket, 401, 'Unauthorized');
        // Counted and joined in one turn of the event loop (ws calls back synchronously), so parallel upgrades cannot pass the limit together.
        if (hub.openBy(playerId) >= MAX_CONNECTIONS_PER_PLAYER) return refuse(socket, 409, 'Conflict', tooManyConnections(req.url ?? LOCAL_STREAM_PATH));
        wss.handleUpgrade(req, socket, head, (ws) => open(ctx, hub, ws, playerId));
      },
      () => refuse(socket, 503, 'Service Unavailable'),
    );
  };
  server.on('upgrade', onUpgrade);
  return {
    close: () => {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

function refuse(socket: Duplex, status: number, reason: string, problem?: object): void {
  const body = problem ? JSON.stringify(problem) : '';
  const type = problem ? 'Content-Type: application/problem+json\r\n' : '';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\n${type}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/** The 409 problem an upgrade past the connection quota gets (the same code API Gateway's $connect answers with its bare 409). */
function tooManyConnections(instance: string) {
  const refusal = fail('too-many-connections', { limit: MAX_CONNECTIONS_PER_PLAYER });
  return {
    type: '/problems/too-many-connections',
    title: titleOf(refusal.status),
    status: refusal.status,
    code: refusal.code,
    detail: refusal.detail,
    instance: instance.split('?')[0],
    ...refusal.extra,
  };
}

function open(ctx: PushContext, hub: StreamHub, ws: WebSocket, playerId: string): void {
  const send = (message: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const connection = { id: randomUUID(), playerId, games: new Set<string>(), send };
  hub.add(connection);
  ws.on(
    'message',
    (data) => void answerAction(ctx, connection, data.toString()).then(send, () => send({ type: 'error', code: 'unavailable', detail: 'Try again.' })),
  );
  ws.on('close', () => hub.remove(connection.id));
  // Nothing is said first: `ready` answers the client's `hello`, as on API Gateway, which cannot speak during $connect.
}
