import * as z from 'zod';
import { block, listBlocks, unblock } from '../../service/blocks.js';
import type { ServiceContext } from '../../service/context.js';
import { requires } from '../auth.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';

const PlayerRef = z.string().min(1).max(64).meta({ example: 'p_7Kq2vLx9' });

const BlockBody = z.strictObject({ playerId: PlayerRef.describe('The player to block.') }).meta({ id: 'BlockRequest' });
const BlockedParam = z.object({ id: PlayerRef.meta({ param: { name: 'id', in: 'path' } }) });

const ENFORCED =
  'A blocked pair is never seated together: joining a game where the other sits is refused (`403 blocked-at-table`), whichever of the two blocked the other; bots block no one.';

/** The block-list routes, in document order. */
export const blockRoutes = {
  add: defineRoute({
    method: 'post',
    operationId: 'blockPlayer',
    path: '/v1/players/me/blocks',
    tags: ['players'],
    summary: 'Block a player: you are never seated together',
    description: `${ENFORCED} Blocking someone already blocked answers 200 with the block as it stands.`,
    security: requires('account:write'),
    request: { body: jsonBody(BlockBody, { block: { summary: 'Block a player', value: { playerId: 'p_7Kq2vLx9' } } }) },
    responses: {
      201: jsonResponse('Block', 'Blocked'),
      200: jsonResponse('Block', 'Blocked already'),
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, 'player-not-found', 'cannot-block-yourself', 'too-many-blocks']),
    },
  }),

  list: defineRoute({
    method: 'get',
    operationId: 'listBlocks',
    path: '/v1/players/me/blocks',
    tags: ['players'],
    summary: 'The players you block',
    description: ENFORCED,
    security: requires('account:read'),
    responses: { 200: jsonResponse('BlockList', 'Your block list'), ...problemResponses(AUTHENTICATED) },
  }),

  remove: defineRoute({
    method: 'delete',
    operationId: 'unblockPlayer',
    path: '/v1/players/me/blocks/{id}',
    tags: ['players'],
    summary: 'Unblock a player',
    description: 'You may be seated together again.',
    security: requires('account:write'),
    request: { params: BlockedParam },
    responses: { 204: { description: 'Unblocked' }, ...problemResponses([...AUTHENTICATED, 'invalid-request', 'block-not-found']) },
  }),
};

export function mountBlockRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(blockRoutes.add, async (c) => {
    const answer = await block(ctx, c.var.player, c.req.valid('json').playerId);
    return answer.created ? c.json(answer.block, 201) : c.json(answer.block, 200);
  });
  mount(blockRoutes.list, async (c) => c.json(await listBlocks(ctx, c.var.player), 200));
  mount(blockRoutes.remove, async (c) => {
    await unblock(ctx, c.var.player, c.req.valid('param').id);
    return c.body(null, 204);
  });
}
