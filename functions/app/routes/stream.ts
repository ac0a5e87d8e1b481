import type { ServiceContext } from '../../service/context.js';
import { issueTicket } from '../../notifications/stream-tickets.js';
import { LOCAL_STREAM_PATH } from '../../notifications/stream-protocol.js';
import { BEARER, requirePlayer, type Api } from '../http.js';
import { AUTHENTICATED } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, mountRoute } from '../route.js';

export const streamRoutes = {
  ticket: defineRoute({
    method: 'post',
    operationId: 'createStreamTicket',
    path: '/v1/stream/tickets',
    tags: ['push'],
    summary: 'A one-time ticket (60 s) and the URL of your live WebSocket stream',
    description:
      'Connect to `url`; the server sends `{"type":"ready"}`, then every notification of yours as `{"type":"notification",…}`. Send `{"action":"subscribe","gameId":…}` to also receive each new commit of that game as the events route shows it to you (`{"type":"commit",…}`), and `{"action":"ping"}` for a `pong`. Browsers cannot send an Authorization header on a WebSocket, so the ticket stands in for your token, once.',
    security: BEARER,
    responses: { 201: jsonResponse('StreamTicket', 'Your ticket'), ...problemResponses(AUTHENTICATED) },
  }),
};

export function mountStreamRoutes(app: Api, ctx: ServiceContext): void {
  mountRoute(app, streamRoutes.ticket, async (c) => {
    const player = await requirePlayer(ctx, c);
    const here = new URL(c.req.url);
    const url = ctx.pushPolicy.streamUrl ?? `${here.protocol === 'https:' ? 'wss:' : 'ws:'}//${here.host}${LOCAL_STREAM_PATH}`;
    return c.json(await issueTicket(ctx, player.playerId, url), 201);
  });
}
