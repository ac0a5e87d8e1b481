import type { AnyGameEngine, BaseState, LoggedEvent, Part } from '../engine/index.js';

/**
 * Safe undo. A commit may be taken back only if it revealed nothing new to
 * anyone; these are the reasons one did, decided from its events alone (and
 * the pending entry it answered). Each game names its own revealing events
 * (`GameEngine.reveals`: a card drawn from a deck, a hidden card turned up…);
 * to these the table adds what every game shares: the generator advanced (a shuffle, a
 * roll, a random pick), a window closed (submissions revealed, answers
 * settled), the game ended (the seed revealed).
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

/** Why the commit that took `before` to `after` with these events cannot be undone, or null when it revealed nothing. */
export function whyNotUndoable(engine: AnyGameEngine, before: BaseState, after: BaseState, events: readonly LoggedEvent[]): string | null {
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
  return null;
}

/** Puts a state back as it was (the fold of `undone`): every field replaced, so replay rebuilds it exactly. */
function restoreInPlace(state: BaseState, restored: BaseState): void {
  const target = state as unknown as Record<string, unknown>;
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, structuredClone(restored));
}
