import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { once } from '../../service/idempotency.js';
import { reclaimSeat } from '../../service/reclaim.js';
import { undoCommit } from '../../service/undo.js';
import { moveAnswerBody } from './play.js';
import { requires } from '../auth.js';
import { etag, requestHash } from '../http.js';
import { AUTHENTICATED, READS_GAME, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, ETAG_HEADER, jsonBody, jsonResponse, type Mount } from '../route.js';
import { GameIdParam, IdempotencyHeaders } from '../schemas.js';

export const UndoBody = z
  .strictObject({ version: z.number().int().min(1).describe("The commit to take back: your own, and the game's latest (its ETag).") })
  .meta({ id: 'Undo' });

const undoRoute = defineRoute({
  method: 'post',
  path: '/v1/games/{id}/undo',
  operationId: 'undoCommit',
  tags: ['play'],
  summary: 'Take back your own latest commit, if it revealed nothing',
  description:
    "Allowed while the commit is the game's latest, was your move, and showed nobody anything they could not see before: no card drawn, turned up or laid from a hand on the table (every viewer's view is compared before and after), no die rolled, no random pick, no hidden submission revealed, no window closed or answered in the open, not the end. Otherwise 409 `undo-not-allowed` with the reason, which names what was shown (e.g. `it showed a7 to you, seat 1, spectators, hidden before`). One undo per pending entry: taking back a second move at the same step answers 409 `too-many-undos` (`limit`: 1). The undo is a new commit that puts the previous state back; the time since stays spent on your bank. Tables choose undo with `table.undo` at creation.",
  security: requires('games:play'),
  request: {
    params: GameIdParam,
    headers: IdempotencyHeaders,
    body: jsonBody(UndoBody, { latest: { summary: 'Take back commit 7, your own move and the game’s latest (its ETag is "7")', value: { version: 7 } } }),
  },
  responses: {
    200: jsonResponse('MoveAnswer', 'The undo commit', ETAG_HEADER),
    ...problemResponses([
      ...AUTHENTICATED,
      ...READS_GAME,
      ...WITH_BODY,
      'not-seated',
      'game-not-started',
      'undo-not-allowed',
      'too-many-undos',
      'idempotency-key-reused',
      'contention',
    ]),
  },
});

const reclaimRoute = defineRoute({
  method: 'post',
  path: '/v1/games/{id}/reclaim',
  operationId: 'reclaimSeat',
  tags: ['play'],
  summary: 'Take your seat back from the bot that played it while you were away',
  description:
    "After `table.replaceAfterTimeouts` consecutive timeouts the greedy bot plays your seat (an `absence` event tells everyone). Reclaim it any time before the end; the bot's moves stand. 409 `seat-not-replaced` when no bot plays your seat.",
  security: requires('games:play'),
  request: { params: GameIdParam, headers: IdempotencyHeaders },
  responses: {
    200: jsonResponse('MoveAnswer', 'The reclaim commit', ETAG_HEADER),
    ...problemResponses([
      ...AUTHENTICATED,
      ...READS_GAME,
      'invalid-request',
      'not-seated',
      'game-not-started',
      'game-finished',
      'seat-not-replaced',
      'idempotency-key-reused',
      'contention',
    ]),
  },
});

/** Routes of the table's time and absence rules, in document order. */
export const tableRoutes = { undo: undoRoute, reclaim: reclaimRoute };

export function mountTableRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(tableRoutes.undo, async (c) => {
    const { player } = c.var;
    const id = c.req.valid('param').id;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:undo:${id}`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 200,
      body: await moveAnswerBody(ctx, await undoCommit(ctx, player, id, body.version)),
    }));
    c.header('ETag', etag(answer.body.version));
    return c.json(answer.body, 200);
  });
  mount(tableRoutes.reclaim, async (c) => {
    const { player } = c.var;
    const id = c.req.valid('param').id;
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:reclaim:${id}`, key, requestHash: '' }, async () => ({
      status: 200,
      body: await moveAnswerBody(ctx, await reclaimSeat(ctx, player, id)),
    }));
    c.header('ETag', etag(answer.body.version));
    return c.json(answer.body, 200);
  });
}
