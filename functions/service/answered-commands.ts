import type { Commit } from '../store/port.js';

/**
 * The commands whose request answers with their commit and the game after
 * it (MoveAnswer: a move, an undo, a seat taken back). Apart from play.ts,
 * so the push functions read it without the move path.
 */
const ANSWERED_WITH_COMMIT: ReadonlySet<string> = new Set(['moves', 'undo', 'reclaim']);

/**
 * Whether this player is the one whose request made the commit and was
 * answered with it: the commit, the game after it and what it tells them
 * (`notifications`, with the ids the feed would list them under). Nothing of
 * that commit is sent to them again — no commit message on the stream, no
 * notification by stream, webhook, browser push or e-mail — and their feed
 * does not store the turn it told them (push's `feedKeeps`); a lost answer
 * is made good by a read (the game and its legal moves; the end, the feed
 * too). Commits the service makes on its own (`system`:
 * timeouts, bots, standing orders) and those a request answers otherwise (a
 * vacation, which answers the vacation) are answered to nobody.
 */
export function answeredToItsAuthor(commit: Pick<Commit, 'actor' | 'command'>, playerId: string): boolean {
  return commit.actor === playerId && ANSWERED_WITH_COMMIT.has((commit.command as { type?: string }).type ?? '');
}
