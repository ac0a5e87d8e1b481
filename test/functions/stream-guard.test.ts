import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_LIMITS } from '../../functions/app/rate-limits.js';
import { EDGE_HEADER, EDGE_SECRET_ENV, edgeCheck } from '../../functions/lambda/edge-origin.js';
import { floodMessage, guardedStream, type StreamEvent, type StreamRoutes } from '../../functions/lambda/stream-guard.js';
import { onClientMessage, onConnect, onDisconnect, type ConnectionSender } from '../../functions/push/stream/api-gateway.js';
import type { ServerMessage } from '../../functions/push/stream/protocol.js';
import { startApi, type RunningApi } from '../support/api.js';

/**
 * Issue 22, item 1: the WebSocket stream gets the protection the HTTP API
 * has. It is served through the same CloudFront distribution and web ACL
 * (per-address limits on connections: test/infra), `$connect` refuses what
 * did not come through CloudFront, and a connection that floods past its
 * message budget is told so and closed, its excess never reaching the routes.
 */
const SECRET = 'edge-secret-for-the-stream-test-0123456789abcdefg';
const STAGE = { domainName: 'ws123.execute-api.eu-west-1.amazonaws.com', stage: 'live' };

function event(routeKey: string, connectionId: string, extra: Partial<StreamEvent> = {}): StreamEvent {
  return {
    requestContext: {
      routeKey,
      connectionId,
      eventType: 'MESSAGE',
      messageId: 'm',
      extendedRequestId: 'x',
      requestTime: '',
      messageDirection: 'IN',
      stage: STAGE.stage,
      connectedAt: 0,
      requestTimeEpoch: 0,
      requestId: 'r',
      domainName: STAGE.domainName,
      apiId: 'ws123',
    },
    isBase64Encoded: false,
    ...extra,
  };
}
const frame = (connectionId: string, action: object) => event('$default', connectionId, { body: JSON.stringify(action) });

describe('the stream behind its guard, on the real routes', () => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  /** The real routes, their messages and closings recorded as API Gateway's Management API would carry them. */
  function routes() {
    const sent = new Map<string, ServerMessage[]>();
    const closed: string[] = [];
    const sender: ConnectionSender = {
      async post(connectionId, message) {
        if (closed.includes(connectionId)) return 'gone';
        sent.set(connectionId, [...(sent.get(connectionId) ?? []), message]);
        return 'sent';
      },
    };
    const messages: string[] = [];
    const guarded: StreamRoutes = {
      connect: (connectionId, ticket) => onConnect(api.ctx, connectionId, ticket),
      disconnect: (connectionId) => onDisconnect(api.ctx, connectionId),
      message: (endpoint, connectionId, body) => {
        messages.push(`${endpoint} ${connectionId}`);
        return onClientMessage(api.ctx, sender, connectionId, body);
      },
      async close(_endpoint, connectionId, last) {
        await sender.post(connectionId, last);
        closed.push(connectionId);
      },
    };
    return { guarded, sent, closed, messages };
  }

  const ticketOf = async (token: string) => (await api.client.post('/v1/stream/tickets', { token })).body.ticket as string;
  const connect = (connectionId: string, ticket: string, headers: Record<string, string>) =>
    event('$connect', connectionId, { headers, queryStringParameters: { ticket } });

  it('refuses a connection that did not come through CloudFront, before its ticket is looked at', async () => {
    const ann = await api.client.register('Ann');
    const { guarded } = routes();
    const handler = guardedStream(guarded, { cameThroughEdge: edgeCheck([SECRET]) });
    const ticket = await ticketOf(ann.token);
    expect(await handler(connect('c-around', ticket, {}))).toEqual({ statusCode: 403 });
    expect(await handler(connect('c-guessed', ticket, { [EDGE_HEADER]: 'guessed' }))).toEqual({ statusCode: 403 });
    // The ticket was not burnt by the refusals: the connection through the edge uses it (its headers in whatever case they came).
    expect(await handler(connect('c-edge', ticket, { 'X-Origin-Verify': SECRET }))).toEqual({ statusCode: 200 });
  });

  it(`answers ${STREAM_LIMITS.messagesPerConnection.limit} messages a minute on a connection, then says why and closes it; other connections go on`, async () => {
    const ben = await api.client.register('Ben');
    const { guarded, sent, closed, messages } = routes();
    let now = 1_000_000;
    const handler = guardedStream(guarded, { cameThroughEdge: edgeCheck([SECRET]), clock: () => now });
    for (const id of ['c-flood', 'c-calm'])
      expect(await handler(connect(id, await ticketOf(ben.token), { [EDGE_HEADER]: SECRET }))).toEqual({ statusCode: 200 });

    const { limit } = STREAM_LIMITS.messagesPerConnection;
    const answers = [];
    for (let i = 0; i < limit + 3; i++) answers.push((await handler(frame('c-flood', { action: 'ping' }))).statusCode);
    expect(answers).toEqual([...Array<number>(limit).fill(200), 429, 429, 429]);
    expect(sent.get('c-flood')).toEqual([...Array<ServerMessage>(limit).fill({ type: 'pong' }), floodMessage(STREAM_LIMITS.messagesPerConnection)]);
    expect(closed).toEqual(['c-flood']);
    expect(messages.filter((m) => m.endsWith('c-flood'))).toHaveLength(limit);
    expect(messages[0]).toBe(`https://${STAGE.domainName}/${STAGE.stage} c-flood`);

    expect(await handler(frame('c-calm', { action: 'hello' }))).toEqual({ statusCode: 200 });
    expect(sent.get('c-calm')).toEqual([{ type: 'ready', playerId: ben.playerId }]);
    // API Gateway calls $disconnect once the connection is closed: its record goes.
    expect(await handler(event('$disconnect', 'c-flood'))).toEqual({ statusCode: 200 });
    expect(await api.ctx.push.getConnection('c-flood')).toBeNull();
    // A minute on, the budget is whole again (for a connection that stayed under it).
    now += 60_000;
    expect(await handler(frame('c-calm', { action: 'ping' }))).toEqual({ statusCode: 200 });
  });
});

describe('the deployed WebSocket function', () => {
  it('refuses a connection around the edge before it touches anything (no table, no ticket)', async () => {
    Object.assign(process.env, { TABLE_NAME: 'no-table-needed', AWS_REGION: 'eu-west-1', [EDGE_SECRET_ENV]: SECRET });
    const { handler } = await import('../../functions/lambda/websocket.js');
    expect(await handler(event('$connect', 'c-direct', { headers: {}, queryStringParameters: { ticket: 'st_any' } }))).toEqual({ statusCode: 403 });
  });
});
