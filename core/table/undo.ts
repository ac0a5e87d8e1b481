import type { AnyGameEngine, BaseState, LoggedEvent, Part, Seat } from '../engine/index.js';

/**
 * Safe undo. A commit may be taken back only if it showed nobody anything
 * they could not see before, so that "undo" can mean "it never happened".
 * Decided from the games' own views: for every viewer (every seat, its
 * author too, and the spectators) the once-hidden things their view shows
 * (`GameEngine.shown`: a card turned up from a deck or a face-down stack, a
 * hand card laid on the table) are compared before and after the commit, and
 * anything new refuses it. To this the table adds what every game shares: the
 * generator advanced (a shuffle, a roll, a random pick), a window closed
 * (submissions revealed, answers settled), the game ended (the seed
 * revealed); and each game's own list of revealing events
 * (`GameEngine.reveals`) stays as an extra guard, for what a view shows only
 * by inference (who could pay to follow, VV-R6).
 */
export type UndoEvent = { readonly type: 'undone'; readonly version: number; readonly state: BaseState };

/** An undo as anyone outside the engine sees it, even after the end: which commit was taken back, never the state it put back. */
export const undoneAsShown = (event: UndoEvent) => ({ type: 'undone' as const, version: event.version });

/**
 * Undo as a part of the table: `undone` puts the whole state back (table
 * fields included), so it keeps no field of its own. The restored state holds
 * everyone's secrets: viewers see only which commit was taken back.
 */
export const undoPart: Part<BaseState, UndoEvent> = {
  events: ['undone'],
  fold: (state, event) => restoreInPlace(state, event.state),
  redact: undoneAsShown,
};

/**
 * Why the commit of `author` that took `before` to `after` with these events
 * cannot be undone, or null when it showed nobody anything new. The reason
 * names only what the author's own view shows after it.
 */
export function whyNotUndoable(engine: AnyGameEngine, before: BaseState, after: BaseState, events: readonly LoggedEvent[], author: Seat): string | null {
  for (const event of events) {
    if (event.type === 'rng-advanced') return 'it drew on the random generator (a shuffle, a roll or a random pick)';
    if (event.type === 'seed-revealed') return 'it ended the game';
    if (event.type === 'undone') return 'it was itself an undo';
    if (engine.reveals?.(event)) return `it revealed information (${event.type})`;
  }
  const window = before.pending;
  if (window && (window.kind === 'simultaneous' || window.kind === 'sequential')) {
    if (after.pending?.id !== window.id) return `it closed the ${window.step} window`;
    if (window.kind === 'sequential') return `it answered the ${window.step} window in the open`;
  }
  return newlyShown(engine, before, after, author);
}

/** What the commit showed its viewers that their views did not show before (`GameEngine.shown`), or null. */
function newlyShown(engine: AnyGameEngine, before: BaseState, after: BaseState, author: Seat): string | null {
  const viewers: (Seat | null)[] = [author, ...Array.from({ length: before.seats }, (_, seat) => seat).filter((seat) => seat !== author), null];
  const authorSees = new Set(engine.shown(after, author));
  const shownTo: string[] = [];
  const named = new Set<string>();
  let unnamed = false;
  for (const viewer of viewers) {
    const fresh = added(engine.shown(before, viewer), engine.shown(after, viewer));
    if (fresh.length === 0) continue;
    shownTo.push(viewer === author ? 'you' : viewer === null ? 'spectators' : `seat ${viewer}`);
    for (const thing of fresh) {
      if (authorSees.has(thing)) named.add(thing);
      else unnamed = true;
    }
  }
  if (shownTo.length === 0) return null;
  const what = [...named, ...(unnamed ? ['what you cannot see'] : [])].join(', ');
  return `it showed ${what} to ${shownTo.join(', ')}, hidden before`;
}

/** The things `after` holds more often than `before` (both multisets). */
function added(before: readonly string[], after: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const thing of before) left.set(thing, (left.get(thing) ?? 0) + 1);
  const fresh: string[] = [];
  for (const thing of after) {
    const n = left.get(thing) ?? 0;
    if (n > 0) left.set(thing, n - 1);
    else fresh.push(thing);
  }
  return fresh;
}

/** Puts a state back as it was (the fold of `undone`): every field replaced, so replay rebuilds it exactly. */
function restoreInPlace(state: BaseState, restored: BaseState): void {
  const target = state as unknown as Record<string, unknown>;
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, structuredClone(restored));
}
