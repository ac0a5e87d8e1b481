/**
 * The vocabulary of choosing a move step by step, which the picker shows and
 * each game's table fills in (games/types.ts builds its families from it).
 */

/**
 * One step of choosing a move: moves that share `key` are one choice at
 * this step ("which card?", then "which pile?").
 */
export interface Part<M> {
  readonly question: string;
  key(move: M): string;
  label(move: M): string;
}

/**
 * A family of listed moves chosen step by step, e.g. "Discard: which card,
 * then which pile"; `Next`: the moves that may follow one of them in a batch.
 */
export interface Family<M, Next = M> {
  readonly title: string;
  readonly moves: readonly M[];
  readonly parts: readonly Part<M>[];
  /** The whole move in words: the name of the button that sends it. */
  describe(move: M): string;
  /** Choices that must follow `move` in the same batch (the discards that pay for a Develop), or null. */
  then?(move: M): FollowUp<M> | null;
  /** Where `move`'s cost may come from, to choose instead of the listed automatic payment, or null. */
  payFor?(move: M): PaymentChoice<M> | null;
  /** The moves that may follow `move` in the same batch (a turn's second action), grouped as families; null: `move` goes alone. */
  plan?(move: M): readonly Family<Next>[] | null;
}

/** The sources that may pay a cost; the move is rebuilt with the ones chosen, in order. */
export interface PaymentChoice<M> {
  readonly cost: string;
  readonly sources: readonly { readonly label: string }[];
  /** The move paid by the sources of these indices, in this order. */
  make(chosen: readonly number[]): M;
}

/** `count` cards chosen after a move, each sent as a move of its own in one batch with it. */
export interface FollowUp<M> {
  readonly count: number;
  readonly question: string;
  readonly cards: readonly { readonly id: string; readonly label: string }[];
  /** How many piles a card may go to (0: no choice). */
  readonly piles: number;
  make(card: string, pile: number | null): M;
}
