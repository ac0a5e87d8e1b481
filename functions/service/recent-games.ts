import type { KnownGame, LiveGame } from './live-game.js';

/**
 * The state of the games this process loaded or committed lately, by game,
 * so that the next load of one reads only what lies beyond it (the header
 * and any newer commits: store.loadGame's `afterSeq`) instead of its
 * snapshot and tail, and folds nothing it folded before. The log below a
 * version never changes (commits are conditional puts, never rewritten), so
 * an entry is never wrong, only behind — and the read after it catches up.
 * Each process keeps its own (a Lambda instance too); the oldest entry
 * leaves beyond `capacity`.
 *
 * Entries are shared, not copied: a state handed out here is the one kept,
 * and nobody changes a kept state in place. The engine decides on a copy of
 * its own (core/engine/draft.ts), and the two places that fold commits in
 * place copy first: `materialize` when a tail continues a kept state, and the
 * notifier's follower (functions/push/notify/follow.ts). A move of a game
 * this process holds thus copies the state once, in the engine, not three
 * times.
 */
export class RecentGames {
  private readonly games = new Map<string, KnownGame>();

  constructor(readonly capacity = 500) {}

  /** The state this process holds of `gameId`, if any: read it, never change it in place. */
  get(gameId: string): KnownGame | null {
    return this.games.get(gameId) ?? null;
  }

  /** The version this process holds of `gameId` (0: none). */
  versionOf(gameId: string): number {
    return this.games.get(gameId)?.version ?? 0;
  }

  /** Keeps a started game's state as it stands, unless a newer version is kept already. */
  remember(live: LiveGame): void {
    const gameId = live.header.gameId;
    if (!live.state || live.version <= this.versionOf(gameId)) return;
    // Re-inserting keeps the Map in least-recently-kept order for eviction.
    this.games.delete(gameId);
    this.games.set(gameId, { version: live.version, state: live.state, recentKeys: live.recentKeys });
    if (this.games.size > this.capacity) this.games.delete(this.games.keys().next().value as string);
  }
}
