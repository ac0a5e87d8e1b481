import { execute, legalMovesFor, type AnyGameEngine, type BaseState } from '../../core/engine/index.js';
import { whyNotUndoable } from '../../core/table/index.js';

/**
 * What may follow each of a seat's listed moves in the same batch, in a game
 * whose turn is several moves at one step (`batchesTurn`: Card Kingdoms' two
 * actions), so that a client plans the turn at once without knowing the
 * rules. A move has none when the seat no longer acts at that step after it
 * (a choice it asks, the turn's end), or when it reveals anything (the rule
 * undo uses: a card turned up, a roll, the game's end): what may follow could
 * show what it turns up before it is played.
 */
export interface FollowUps {
  /** The moves that may follow some listed move without being listed now themselves (a payment the first move makes affordable, say). */
  readonly moves: unknown[];
  /**
   * By the index of a listed move, those that may follow it, each by its
   * index in the listing followed by `moves`: below the listing's length a
   * listed move, from there on `moves[i - listed.length]`. Indices keep the
   * answer small: every payment split of every action after every other
   * would list the same moves again and again.
   */
  readonly after: Record<string, number[]>;
}

/** The follow-ups of `listed`, as the engine decides each listed move on a copy of the state and lists the seat's moves after it. */
export function followUpsOf(engine: AnyGameEngine, state: BaseState, seat: number, listed: readonly unknown[], at: number): FollowUps {
  const step = state.pending?.step;
  const indices = new Map(listed.map((move, index) => [JSON.stringify(move), index]));
  const followUps: FollowUps = { moves: [], after: {} };
  const indexOf = (move: unknown) => {
    const key = JSON.stringify(move);
    let index = indices.get(key);
    if (index === undefined) indices.set(key, (index = listed.length + followUps.moves.push(move) - 1));
    return index;
  };
  listed.forEach((move, index) => {
    const decided = execute(engine, state, { type: 'move', seat, move, at });
    if (!decided.ok || decided.state.pending?.step !== step || whyNotUndoable(engine, state, decided.state, decided.events, seat) !== null) return;
    const next = legalMovesFor(engine, decided.state, seat);
    if (next.length > 0) followUps.after[index] = next.map(indexOf);
  });
  return followUps;
}
