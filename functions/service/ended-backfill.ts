import type { FinishedRow, PlayerId } from '../store/port.js';
import type { ServiceContext } from './context.js';

/** A finished-games row that does not record when its game ended, and whose it is. */
export interface RowWithoutEnd {
  readonly playerId: PlayerId;
  readonly row: FinishedRow;
}

/**
 * Gives finished-games rows stored before the export's index (ENDED#) their
 * end — the instant of the game's last commit, read once per game — and
 * rewrites each, which files it under its end too (`retireMembership`
 * writes both): those games are exported from then on. Run once after an
 * upgrade (scripts/backfill-ended.ts); idempotent, so a run cut short is run
 * again. Answers how many rows it completed.
 */
export async function backfillEnded(ctx: ServiceContext, rows: AsyncIterable<RowWithoutEnd>): Promise<number> {
  const ends = new Map<string, number | undefined>();
  let completed = 0;
  for await (const { playerId, row } of rows) {
    if (!ends.has(row.gameId)) ends.set(row.gameId, (await ctx.store.latestCommit(row.gameId))?.at);
    const endedAt = ends.get(row.gameId);
    if (endedAt === undefined) continue;
    await ctx.store.retireMembership(playerId, row.gameId, { ...row, endedAt });
    completed++;
  }
  return completed;
}
