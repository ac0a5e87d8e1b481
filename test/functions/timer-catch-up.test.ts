import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTimers } from '../../functions/compose.js';
import { LOAD_PAGE_SIZE } from '../../functions/service/context.js';
import { DynamoStore } from '../../functions/store/dynamodb.js';
import type { Commit } from '../../functions/store/port.js';
import { manualClock, startApi, type RunningApi } from '../support/api.js';
import { freshTable } from '../support/dynamo.js';

/**
 * Issue 12, item 3: 50 games on 1-second deadlines, a server down for 30
 * seconds, then restarted while every player comes back and reads their
 * game. Each overdue deadline is resolved once, in deadline order; no game
 * sees more than one lost race; nothing logs `contention`.
 */
const GAMES = 50;
const DOWNTIME_MS = 30_000;

/** The real store, counting the commits it refused because another writer held the seq. */
class ConflictCountingStore extends DynamoStore {
  readonly conflicts = new Map<string, number>();

  override async appendCommit(commit: Commit) {
    const result = await super.appendCommit(commit);
    if (result.status === 'conflict') this.conflicts.set(commit.gameId, (this.conflicts.get(commit.gameId) ?? 0) + 1);
    return result;
  }
}

const clock = manualClock(Date.now());
let store: ConflictCountingStore;
let api: RunningApi;

beforeAll(async () => {
  const table = await freshTable('catch-up');
  store = new ConflictCountingStore({ client: table.client, tableName: table.tableName, loadPageSize: LOAD_PAGE_SIZE });
  api = await startApi({ store, clock: clock.now });
});
afterAll(() => api?.close());

async function allCommits(gameId: string): Promise<Commit[]> {
  const commits: Commit[] = [];
  for (;;) {
    const page = await store.readCommits(gameId, commits.at(-1)?.seq ?? 0, 1000);
    commits.push(...page);
    if (page.length < 1000) return commits;
  }
}

/** Up to date: finished, or its pending deadline is still ahead. */
async function caughtUp(gameId: string): Promise<boolean> {
  const latest = await store.latestCommit(gameId);
  return latest !== null && (latest.summary.status === 'finished' || (latest.summary.deadline ?? 0) > clock.now());
}

describe('timer catch-up after 30 s of downtime', () => {
  it(`resolves every overdue deadline of ${GAMES} games once, with at most one conflict per game`, async () => {
    const { client } = api;
    const [ann, ben] = [await client.register('Ann'), await client.register('Ben')];
    const gameIds: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      const created = await client.post('/v1/games', {
        token: ann.token,
        body: { game: 'village-pillage', seats: 2, deadlines: { windowSeconds: 1, turnSeconds: 1 } },
      });
      expect(created.status, created.text).toBe(201);
      expect((await client.post(`/v1/games/${created.body.gameId}/join`, { token: ben.token, body: {} })).status).toBe(200);
      gameIds.push(created.body.gameId);
    }
    const startedAt = clock.now();

    // The server is down: no timer runs while 30 seconds pass.
    clock.advance(DOWNTIME_MS);

    // It restarts: the agenda comes back from the store, and at the same time both players read every game.
    const failures: unknown[] = [];
    const restarted = performance.now();
    const timers = await startLocalTimers(api.ctx, { deadlines: true, onTimerFailure: (_timer, error) => failures.push(error) });
    try {
      const reads = await Promise.all(
        gameIds.flatMap((gameId) => [ann, ben].map((p) => client.get(`/v1/games/${gameId}`, { token: p.token }).then((r) => r.status))),
      );
      expect(reads.every((status) => status === 200)).toBe(true);
      let pending = [...gameIds];
      while (pending.length > 0) {
        const states = await Promise.all(pending.map(async (gameId) => ((await caughtUp(gameId)) ? null : gameId)));
        pending = states.filter((id): id is string => id !== null);
        if (pending.length > 0) await sleep(100);
      }
      const catchUpMs = performance.now() - restarted;

      let timeouts = 0;
      for (const gameId of gameIds) {
        const resolved = (await allCommits(gameId)).filter((c) => (c.command as { type: string }).type === 'timeout');
        const commands = resolved.map((c) => c.command as { pendingId: string; at: number });
        // Once each, in deadline order, each at its own deadline, all of them within the downtime.
        expect(new Set(commands.map((c) => c.pendingId)).size).toBe(commands.length);
        expect(commands.map((c) => c.at)).toEqual([...commands.map((c) => c.at)].sort((a, b) => a - b));
        expect(commands.every((c) => c.at > startedAt && c.at <= clock.now())).toBe(true);
        // A game still running spent the whole downtime on 1-second deadlines; one that ended (a seed
        // with a short game) needed fewer.
        const finished = (await store.latestCommit(gameId))?.summary.status === 'finished';
        expect(commands.length).toBeGreaterThanOrEqual(finished ? 1 : DOWNTIME_MS / 1000 / 2);
        timeouts += commands.length;
      }
      const worst = Math.max(0, ...store.conflicts.values());
      expect(worst).toBeLessThanOrEqual(1);
      expect(failures).toEqual([]);
      console.info(
        `catch-up: ${GAMES} games, ${timeouts} overdue deadlines resolved in ${Math.round(catchUpMs)} ms; ` +
          `conflicts: ${[...store.conflicts.values()].reduce((a, b) => a + b, 0)} in total, at most ${worst} per game`,
      );
    } finally {
      timers.stop();
    }
  });
});
