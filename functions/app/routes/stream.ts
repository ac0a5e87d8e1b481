import type { PushContext } from '../../push/context.js';
import { issueTicket } from '../../push/stream/tickets.js';
import { LOCAL_STREAM_PATH } from '../../push/stream/protocol.js';
import { requires } from '../auth.js';
import { IdempotencyHeaders } from '../schemas.js';
import { AUTHENTICATED } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, type Mount } from '../route.js';

export const streamRoutes = {
  ticket: defineRoute({
    method: 'post',
    operationId: 'createStreamTicket',
    path: '/v1/stream/tickets',
    tags: ['push'],
    summary: 'A one-time ticket (60 s) and the URL of your live WebSocket stream',
    description:
      'Connect a WebSocket to `url`. The server never speaks first (API Gateway cannot send while it accepts a connection); `{"action":"hello"}` is answered `{"type":"ready","playerId":…}`. Every notification of yours arrives as `{"type":"notification","notification":…}`, except those a commit message carries. Send `{"action":"subscribe","gameId":…}`, answered `{"type":"subscribed","gameId","version","game","moves"}` (the game and your legal moves now), to receive one `{"type":"commit","gameId","commit","notifications","game","moves"}` per new commit of that game: the commit as the events route shows it to you, your notifications it caused (not sent again alone on that connection), and the `game` and your legal `moves` right after it exactly as GET /v1/games/{id} and …/moves answer them, so a push client never refetches (`game` and `moves` are left out in the rare case the server held only a later version; a gap in `seq` means a commit to read from the events route). `{"action":"unsubscribe","gameId":…}` answers `unsubscribed`, `{"action":"ping"}` answers `{"type":"pong"}`, a bad frame `{"type":"error","code":…,"detail":…}`. Browsers cannot send an Authorization header on a WebSocket, so the ticket stands in for your token, once. A retry with the same Idempotency-Key is answered with a fresh ticket (a ticket is harmless to issue again, and no record keeps one to replay); at most 10 are outstanding at once (`429 too-many-stream-tickets`, with the `limit`).',
    security: requires('games:read', 'notifications:read'),
    request: { headers: IdempotencyHeaders },
    responses: { 201: jsonResponse('StreamTicket', 'Your ticket'), ...problemResponses([...AUTHENTICATED, 'invalid-request', 'too-many-stream-tickets']) },
  }),
};

export function mountStreamRoutes(mount: Mount, ctx: PushContext): void {
  mount(streamRoutes.ticket, async (c) => {
    const { player } = c.var;
    const here = new URL(c.req.url);
    const url = ctx.pushPolicy.streamUrl ?? `${here.protocol === 'https:' ? 'wss:' : 'ws:'}//${here.host}${LOCAL_STREAM_PATH}`;
    // An Idempotency-Key is accepted and needs no record: a retry is answered with a fresh ticket, so no record keeps one.
    return c.json(await issueTicket(ctx, player.playerId, url), 201);
  });
}
