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
 * Entries are copies: the cache never shares a state with a live game,
 * whose owner may fold into it in place (functions/push/notify/follow.ts).
 */
export class RecentGames {
  private readonly games = new Map<string, KnownGame>();

  constructor(private readonly capacity = 500) {}

  /** A copy of the state this process holds of `gameId`, if any. */
  get(gameId: string): KnownGame | null {
    const known = this.games.get(gameId);
    return known ? { version: known.version, state: structuredClone(known.state), recentKeys: [...known.recentKeys] } : null;
  }

  /** The version this process holds of `gameId` (0: none). */
  versionOf(gameId: string): number {
    return this.games.get(gameId)?.version ?? 0;
  }

  /** Keeps a copy of a started game as it stands, unless a newer version is kept already. */
  remember(live: LiveGame): void {
    const gameId = live.header.gameId;
    if (!live.state || live.version <= this.versionOf(gameId)) return;
    // Re-inserting keeps the Map in least-recently-kept order for eviction.
    this.games.delete(gameId);
    this.games.set(gameId, { version: live.version, state: structuredClone(live.state), recentKeys: live.recentKeys });
    if (this.games.size > this.capacity) this.games.delete(this.games.keys().next().value as string);
  }
}
