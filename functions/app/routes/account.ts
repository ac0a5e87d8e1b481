import * as z from 'zod';
import type { PushContext } from '../../push/context.js';
import { EXPORTED_FINISHED_GAMES_PER_PAGE, exportAccountData } from '../account-data.js';
import { requires } from '../auth.js';
import { AUTHENTICATED } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, type Mount } from '../route.js';

export const AccountDataQuery = z.object({
  after: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'after', in: 'query' }, description: 'The `games.next` of an earlier answer: the finished games after those it listed.' }),
});

/** The routes of the account as a whole, in document order. */
export const accountRoutes = {
  export: defineRoute({
    method: 'get',
    operationId: 'exportAccountData',
    path: '/v1/players/me/data',
    tags: ['players'],
    summary: 'Everything we keep about you, in one document',
    description: `Your profile, access tokens (never a token), vacation ledger, reminder preferences, webhooks (never a signing secret), the notifications kept for you (30 days), every running game of yours and your finished games, newest first, ${EXPORTED_FINISHED_GAMES_PER_PAGE} an answer: \`games.next\`, sent back as \`after\`, reads the following ones (the other parts are answered again, as they are then). Each game's own log is read from its routes (\`GET /v1/games/{id}/verify\` after the end).`,
    security: requires('account:read'),
    request: { query: AccountDataQuery },
    responses: {
      200: jsonResponse('AccountData', 'Everything kept about you'),
      ...problemResponses([...AUTHENTICATED, 'invalid-request', 'invalid-cursor']),
    },
  }),
};

export function mountAccountRoutes(mount: Mount, ctx: PushContext): void {
  mount(accountRoutes.export, async (c) => c.json(await exportAccountData(ctx, c.var.player, c.req.valid('query').after ?? null), 200));
}
