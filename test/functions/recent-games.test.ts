import { describe, expect, it } from 'vitest';
import { GameFollower } from '../../functions/push/notify/follow.js';
import { createGame } from '../../functions/service/lobby.js';
import { loadLive } from '../../functions/service/pipeline.js';
import { submitMoves } from '../../functions/service/play.js';
import { registerPlayer } from '../../functions/service/players.js';
import type { Commit } from '../../functions/store/port.js';
import { testContext } from '../support/context.js';

/**
 * The states a process keeps of its games (functions/service/recent-games.ts)
 * are shared, never copied on the way in or out: whoever folds commits in
 * place (a load continuing a kept state, the notifier's follower) must fold
 * into a copy of its own. Here both do, and the kept state still reads as
 * the version it is kept at.
 */
describe('kept game states', () => {
  it('are never changed in place by a load that folds newer commits, nor by the notifier following the game', async () => {
    const ctx = testContext();
    const commits: Commit[] = [];
    ctx.signal.subscribe((commit) => void commits.push(commit));
    const { player } = await registerPlayer(ctx, 'Ann');
    const { gameId } = await createGame(ctx, player, { game: 'villages-of-valeria', seats: 1, deadlines: 'daily', join: true });
    const move = async () => {
      const live = await loadLive(ctx, gameId);
      const [first] = live.engine.legalMoves(live.state!, 0);
      return submitMoves(ctx, player, gameId, { moves: [first], ifMatch: null, idempotencyKey: null, requestHash: '' });
    };
    await move();
    const kept = ctx.recentGames.get(gameId)!;
    const keptAsJson = JSON.stringify(kept.state);

    // The notifier meets the game for the first time: it loads it (the kept state) and then folds what follows into its own copy.
    const follower = new GameFollower();
    await follower.observe(ctx, commits.at(-1)!);
    // Another process commits meanwhile (this one's kept state is now behind): the next load here folds that commit.
    const other = testContext({ store: ctx.store });
    const live = await loadLive(other, gameId);
    const [next] = live.engine.legalMoves(live.state!, 0);
    await submitMoves(other, player, gameId, { moves: [next], ifMatch: null, idempotencyKey: null, requestHash: '' });
    await follower.observe(ctx, (await ctx.store.readCommits(gameId, kept.version, 1))[0]!);
    const reloaded = await loadLive(ctx, gameId);

    expect(reloaded.version).toBe(kept.version + 1);
    expect(JSON.stringify(kept.state)).toBe(keptAsJson);
  });
});
