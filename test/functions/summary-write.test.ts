import { beforeAll, describe, expect, it } from 'vitest';
import type { CommitSummary, GameHeader, GameSummary } from '../../functions/store/port.js';
import { putNewestSummary } from '../../functions/store/summary-write.js';
import { freshTable, type TestTable } from '../support/dynamo.js';

const GAME = 'g-summary-write';
/** The game the summaries belong to: lists read a summary only beside its header. */
const header: GameHeader = {
  gameId: GAME,
  game: 'villages-of-valeria',
  options: { variant: 'standard', expansions: [] },
  deadlines: { turnMs: 86_400_000, windowMs: 3_600_000 },
  seats: [
    { kind: 'player', playerId: 'pl_a', name: 'Ada' },
    { kind: 'bot', level: 'greedy' },
  ],
  createdBy: 'pl_a',
  createdAt: 1_700_000_000_000,
  seed: 'a'.repeat(64),
  seedHash: 'b'.repeat(64),
  status: 'open',
  startedAt: null,
  revision: 1,
};

/** The stream function's bare summary write (functions/lambda/stream.ts), against DynamoDB Local. */
describe('putNewestSummary', () => {
  let table: TestTable;
  beforeAll(async () => {
    table = await freshTable('summary-write');
  });

  const summary = (gameId: string, seq: number): GameSummary => {
    const latest: CommitSummary = { status: 'active', awaiting: [seq % 2], deadline: 1_700_086_400_000 + seq, pendingId: `p${seq}` };
    return { gameId, seq, summary: latest };
  };
  const latestOf = async (gameId: string) => (await table.store().getGameOverviews([gameId])).get(gameId)?.latest;

  it('keeps the newest summary whichever write lands last, and takes an older one without failing', async () => {
    await table.store().createGame(header);
    await putNewestSummary(table.client, table.tableName, summary(GAME, 7));
    await putNewestSummary(table.client, table.tableName, summary(GAME, 5));
    expect(await latestOf(GAME)).toEqual(summary(GAME, 7));
    await putNewestSummary(table.client, table.tableName, summary(GAME, 9));
    expect(await latestOf(GAME)).toEqual(summary(GAME, 9));
  });

  it('refuses a sequence number that cannot be a commit’s, before writing', async () => {
    await expect(putNewestSummary(table.client, table.tableName, summary(GAME, 0))).rejects.toThrow(RangeError);
    expect(await latestOf(GAME)).toEqual(summary(GAME, 9));
  });
});
