import * as z from 'zod';
import type { ServiceContext } from '../../service/context.js';
import { fail } from '../../service/errors.js';
import { EXPORT_PAGE, exportPage, type ExportPage } from '../../service/export.js';
import { LOG_PAGE } from '../../service/log-page.js';
import { readRecord } from '../../service/record.js';
import { requires } from '../auth.js';
import { AUTHENTICATED, READS_GAME } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonResponse, ndjsonResponse, type Mount } from '../route.js';
import { GameIdParam, VerifyQuery } from '../schemas.js';
import { RECORD_EXAMPLES } from './record-examples.js';

/** A player's id, or `me`. */
const PlayerIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' }, example: 'pl_9EBfelwojWFZ', description: 'A player’s id, or `me` for yours.' }),
});

const instantParam = (name: string, description: string) =>
  z.iso
    .datetime()
    .optional()
    .meta({ param: { name, in: 'query' }, description });

export const ExportQuery = z.object({
  game: z
    .string()
    .max(64)
    .optional()
    .meta({ param: { name: 'game', in: 'query' }, description: 'Only games of this id of the catalog.' }),
  rated: z
    .enum(['true', 'false'])
    .optional()
    .meta({ param: { name: 'rated', in: 'query' }, description: "Only rated games (`true`) or only unrated ones (`false`), as each record's `rated` says." }),
  since: instantParam('since', 'Only games that ended at or after this instant.'),
  until: instantParam('until', 'Only games that ended before this instant.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(EXPORT_PAGE.games)
    .default(EXPORT_PAGE.games)
    .meta({ param: { name: 'limit', in: 'query' }, description: `Records in this answer, at most ${EXPORT_PAGE.games}.` }),
  cursor: z
    .string()
    .max(200)
    .optional()
    .meta({ param: { name: 'cursor', in: 'query' }, description: 'From the `next` link of the page before (send the same filters).' }),
});

/** The page as NDJSON text, a line at a time: the answer never joins the page into one string. */
function ndjson(page: ExportPage): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const line = page.lines[index++];
      if (line === undefined) controller.close();
      else controller.enqueue(encoder.encode(`${line}\n`));
    },
  });
}

/** The game records routes, in document order. */
export const recordRoutes = {
  record: defineRoute({
    method: 'get',
    operationId: 'getGameRecord',
    path: '/v1/games/{id}/record',
    tags: ['games'],
    summary: 'A game’s record: every commit with its author, time, command and events (the whole log once the game is over)',
    description: `One versioned document (\`format\`, \`formatVersion\`): the game, its options and table rules, its seats with the names they had, the seed's hash and every commit. While the game runs you read what you may see — your own events, your own seat's commands and those that choose nothing hidden, never the seed; a spectator reads the public record. Once the game is over everyone reads it whole, with the seed and the final scores: replay its commands with the published engine (\`core/\`) to reproduce every event. The log comes a page at a time, as the verification's: commits after \`after\`, at most ${LOG_PAGE.commits} and about ${LOG_PAGE.bytes / 1_000_000} MB of JSON; while \`more\` is true, ask again with \`after\` set to \`next\` (every page repeats the other fields).`,
    security: requires('games:read'),
    request: { params: GameIdParam, query: VerifyQuery },
    responses: {
      200: jsonResponse('GameRecord', 'The record as you may read it, and a page of its log', undefined, RECORD_EXAMPLES),
      ...problemResponses([...AUTHENTICATED, ...READS_GAME, 'invalid-request', 'cursor-out-of-range']),
    },
  }),

  export: defineRoute({
    method: 'get',
    operationId: 'exportPlayerGames',
    path: '/v1/players/{id}/games/export',
    tags: ['games'],
    summary: 'A player’s finished games as records, one a line (NDJSON), newest first',
    description: `Each line is one finished game's whole record (GameRecord, every page of its log gathered), newest game first by when it ended, filtered by \`game\`, \`rated\`, \`since\` and \`until\`. Anyone may export anyone's finished games: their records are public once over; running games are not exported. The export is chunked by cursor: an answer holds at most \`limit\` (${EXPORT_PAGE.games}) records and ends before the record that would take it past about ${EXPORT_PAGE.bytes / 1_000_000} MB (always holding one), then its \`Link\` header gives the next page (\`rel="next"\`), until an answer without one. Chunked, not one endless stream, because API Gateway buffers a Lambda's answer (6 MB, 30 s): years of play come as many bounded answers.`,
    security: requires('games:read'),
    request: { params: PlayerIdParam, query: ExportQuery },
    responses: {
      200: ndjsonResponse('GameRecord', 'One finished game’s record a line', { Link: { $ref: '#/components/headers/Link' } }),
      ...problemResponses([...AUTHENTICATED, 'invalid-request', 'invalid-cursor', 'unknown-game', 'player-not-found', 'engine-version-unsupported']),
    },
  }),
};

export function mountRecordRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(recordRoutes.export, async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    if (query.game !== undefined && !ctx.games.some((g) => g.meta.id === query.game)) throw fail('unknown-game', { game: query.game });
    const playerId = id === 'me' ? c.var.player.playerId : id;
    const page = await exportPage(ctx, c.var.player, playerId, {
      game: query.game ?? null,
      rated: query.rated === undefined ? null : query.rated === 'true',
      since: query.since === undefined ? null : Date.parse(query.since),
      until: query.until === undefined ? null : Date.parse(query.until),
      limit: query.limit,
      cursor: query.cursor ?? null,
    });
    if (page.next !== null) {
      const next = new URL(c.req.url);
      next.searchParams.set('cursor', page.next);
      c.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
    }
    return c.body(ndjson(page), 200, { 'content-type': 'application/x-ndjson' });
  });

  mount(recordRoutes.record, async (c) => c.json(await readRecord(ctx, c.var.player, c.req.valid('param').id, c.req.valid('query').after), 200));
}
