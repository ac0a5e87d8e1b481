import * as z from 'zod';
import type { PushContext } from '../../push/context.js';
import { DELETED_PLAYER_NAME } from '../../service/account-deletion.js';
import { deleteAccount } from '../account-deletion.js';
import { EXPORTED_FINISHED_GAMES_PER_PAGE, exportAccountData } from '../account-data.js';
import { requires } from '../auth.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';

export const AccountDataQuery = z.object({
  after: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'after', in: 'query' }, description: 'The `games.next` of an earlier answer: the finished games after those it listed.' }),
});

export const DeleteAccountBody = z
  .strictObject({
    confirm: z.string().max(200).describe('Your name, exactly as `GET /v1/players/me` shows it: a stray or mistaken call deletes nothing.'),
  })
  .meta({ id: 'DeleteAccount' });

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

  delete: defineRoute({
    method: 'delete',
    operationId: 'deleteAccount',
    path: '/v1/players/me',
    tags: ['players'],
    summary: 'Delete your account, for good',
    description: `Confirmed by your name in \`confirm\` (\`422 deletion-not-confirmed\` otherwise, and nothing changes). You leave every game: a seat in a game not started is freed; a running game's seat is handed to the replacement bot for good (every player is told \`seat-replaced\` with \`accountDeleted\`); in finished games your seat is called "${DELETED_PLAYER_NAME}" — in their records, views, other players' lists and exports. Then everything kept about you is erased: every token (refused from the next request on), your profile, access tokens, vacation, preferences, webhooks and their deliveries, browser push devices, notifications, ratings (and leaderboard places), tallies, blocks and game lists. Your id stays in the games' logs as the author of your moves, linked to nothing. Answers once everything is gone; a deletion cut short (a 503) may be sent again with the same token.`,
    security: requires('account:write'),
    request: {
      body: jsonBody(DeleteAccountBody, { confirmed: { summary: 'Ann deletes her account', value: { confirm: 'Ann' } } }),
    },
    responses: {
      204: { description: 'Deleted: the token that asked no longer works' },
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, 'deletion-not-confirmed']),
    },
  }),
};

export function mountAccountRoutes(mount: Mount, ctx: PushContext): void {
  mount(accountRoutes.export, async (c) => c.json(await exportAccountData(ctx, c.var.player, c.req.valid('query').after ?? null), 200));
  mount(accountRoutes.delete, async (c) => {
    await deleteAccount(ctx, c.var.player, c.req.valid('json').confirm);
    return c.body(null, 204);
  });
}
