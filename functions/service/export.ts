import type { FinishedRow, PlayerRecord } from '../store/port.js';
import type { ServiceContext } from './context.js';
import { decodeEndCursor, encodeEndCursor, endPositionOf } from './end-cursor.js';
import { fail } from './errors.js';
import { wholeRecord } from './record.js';

/**
 * How much one answer of a personal export holds (README, game records): at
 * most `games` records, and it ends before the record that would take it
 * past `bytes` of NDJSON (always holding one). The export is chunked by
 * cursor rather than streamed in one answer because API Gateway's HTTP APIs
 * buffer a Lambda's answer — at most 6 MB, within 30 s — so years of play
 * come as many bounded answers, each a `Link: rel="next"` away from the
 * next; neither side ever holds more than one page.
 */
export const EXPORT_PAGE = { games: 20, bytes: 4_000_000 } as const;

export interface ExportQuery {
  /** Only games of this id of the catalog. */
  readonly game: string | null;
  /** Only rated games (true), or only unrated ones (false), as their header says (the record's `rated`). */
  readonly rated: boolean | null;
  /** Only games that ended at or after this instant (epoch ms). */
  readonly since: number | null;
  /** Only games that ended before this instant (epoch ms). */
  readonly until: number | null;
  readonly limit: number;
  readonly cursor: string | null;
}

export interface ExportPage {
  /** One record a line, newest game first, each as JSON text. */
  readonly lines: readonly string[];
  /** The cursor of the next page; null when this page holds the last game. */
  readonly next: string | null;
}

/**
 * One page of a player's finished games as records, newest first (by when
 * each ended), read from the index the game's end writes — never every game
 * ever played. A finished record is public, so anyone may export anyone's;
 * games still running are not exported.
 */
export async function exportPage(ctx: ServiceContext, viewer: PlayerRecord, playerId: string, query: ExportQuery): Promise<ExportPage> {
  if (!(await ctx.store.getPlayer(playerId))) throw fail('player-not-found', { playerId });
  const limit = Math.min(query.limit, EXPORT_PAGE.games);
  const lines: string[] = [];
  let bytes = 0;
  // The last game this page has passed, listed or filtered out: where the next page starts.
  let passed = decodeEndCursor(query.cursor, 'export');
  for (;;) {
    const rows = await ctx.store.listFinishedByEnd(playerId, { after: passed, since: query.since, until: query.until }, limit + 1);
    const unwanted = await ratedApart(ctx, rows, query.rated);
    for (const row of rows) {
      if ((query.game !== null && row.game !== query.game) || unwanted.has(row.gameId)) {
        passed = endPositionOf(row);
        continue;
      }
      if (lines.length === limit) return { lines, next: passed && encodeEndCursor(passed) };
      const line = JSON.stringify(await wholeRecord(ctx, viewer, row.gameId));
      const size = Buffer.byteLength(line, 'utf8') + 1;
      if (lines.length > 0 && bytes + size > EXPORT_PAGE.bytes) return { lines, next: passed && encodeEndCursor(passed) };
      lines.push(line);
      bytes += size;
      passed = endPositionOf(row);
    }
    if (rows.length <= limit) return { lines, next: null };
  }
}

/** The games of `rows` the `rated` filter leaves out (their headers read in one batch; none without the filter). */
async function ratedApart(ctx: ServiceContext, rows: readonly FinishedRow[], rated: boolean | null): Promise<Set<string>> {
  if (rated === null || rows.length === 0) return new Set();
  const headers = await ctx.store.getHeaders(rows.map((row) => row.gameId));
  return new Set(rows.filter((row) => (headers.get(row.gameId)?.rated === true) !== rated).map((row) => row.gameId));
}
