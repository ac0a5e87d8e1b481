import type { ServiceContext } from '../../service/context.js';
import { LOG_PAGE } from '../../service/log-page.js';
import { readRecord } from '../../service/record.js';
import { BEARER } from '../auth.js';
import { AUTHENTICATED, READS_GAME } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, type Mount } from '../route.js';
import { GameIdParam, VerifyQuery } from '../schemas.js';
import { RECORD_EXAMPLES } from './record-examples.js';

/** The game records routes, in document order. */
export const recordRoutes = {
  record: defineRoute({
    method: 'get',
    operationId: 'getGameRecord',
    path: '/v1/games/{id}/record',
    tags: ['games'],
    summary: 'A game’s record: every commit with its author, time, command and events (the whole log once the game is over)',
    description: `One versioned document (\`format\`, \`formatVersion\`): the game, its options and table rules, its seats with the names they had, the seed's hash and every commit. While the game runs you read what you may see — your own events, your own seat's commands and those that choose nothing hidden, never the seed; a spectator reads the public record. Once the game is over everyone reads it whole, with the seed and the final scores: replay its commands with the published engine (\`core/\`) to reproduce every event. The log comes a page at a time, as the verification's: commits after \`after\`, at most ${LOG_PAGE.commits} and about ${LOG_PAGE.bytes / 1_000_000} MB of JSON; while \`more\` is true, ask again with \`after\` set to \`next\` (every page repeats the other fields).`,
    security: BEARER,
    request: { params: GameIdParam, query: VerifyQuery },
    responses: {
      200: jsonResponse('GameRecord', 'The record as you may read it, and a page of its log', undefined, RECORD_EXAMPLES),
      ...problemResponses([...AUTHENTICATED, ...READS_GAME, 'invalid-request', 'cursor-out-of-range']),
    },
  }),
};

export function mountRecordRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(recordRoutes.record, async (c) => c.json(await readRecord(ctx, c.var.player, c.req.valid('param').id, c.req.valid('query').after), 200));
}
