/**
 * The commands whose request answers with their commit and the game after
 * it (MoveAnswer: a move, an undo, a seat taken back): the stream sends that
 * commit, and what it tells its author, to everyone but its author. Apart
 * from play.ts, so the push functions read it without the move path.
 */
export const ANSWERED_WITH_COMMIT: ReadonlySet<string> = new Set(['moves', 'undo', 'reclaim']);
