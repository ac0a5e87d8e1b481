/**
 * Where this process last saw each game's log end and its latest snapshot.
 * Only a hint for sizing reads: a Query page reads (and bills) exactly as
 * many items as its Limit, so loading a game asks for what it expects to
 * need — header, tail, snapshot, and a little room for commits written
 * elsewhere since — and follows pagination when the hint fell short.
 */
export class LogPositions {
  private readonly seen = new Map<string, { latest: number; snapshot: number }>();

  constructor(
    private readonly capacity = 10_000,
    /** Commits other writers may have added since this process looked. */
    private readonly room = 2,
  ) {}

  /** Items a newest-first read should fetch to reach the snapshot: null when this game was not seen. */
  itemsToSnapshot(gameId: string): number | null {
    const position = this.seen.get(gameId);
    return position ? 1 + (position.latest - position.snapshot) + 1 + this.room : null;
  }

  /** A commit (or a snapshot at `snapshot`) is known to exist. */
  saw(gameId: string, update: { latest?: number; snapshot?: number }): void {
    const position = this.seen.get(gameId) ?? { latest: 0, snapshot: 0 };
    const next = {
      latest: Math.max(position.latest, update.latest ?? 0, update.snapshot ?? 0),
      snapshot: Math.max(position.snapshot, update.snapshot ?? 0),
    };
    // Re-inserting keeps the Map in least-recently-seen order for eviction.
    this.seen.delete(gameId);
    this.seen.set(gameId, next);
    if (this.seen.size > this.capacity) this.seen.delete(this.seen.keys().next().value as string);
  }
}
