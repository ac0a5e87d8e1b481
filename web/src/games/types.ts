import type { BoardOf, EventOf, GameId, MoveOf, ScoreDetailOf, ValeriaClient } from '@valeria-tabletop/client';
import type { ComponentChildren } from 'preact';

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

/** My legal moves as a table sees them. */
export interface Choices<M> {
  readonly moves: readonly M[];
  /** The moves that may follow `move` in the same batch, as the moves route lists them (`followUps`); empty when it goes alone. */
  followUps(move: M): readonly M[];
}

export interface TableProps<G extends GameId> {
  /** The game's own view for me (`state.board`). */
  readonly board: BoardOf<G>;
  readonly you: number | null;
  readonly names: readonly string[];
  readonly awaiting: readonly number[];
}

/**
 * What the page needs from a game, in the game's own types (the client
 * package's, generated from the API's document): its table, its moves grouped
 * as the game thinks, its log and scores in words.
 */
export interface GameUi<G extends GameId> {
  readonly game: G;
  Table(props: TableProps<G>): ComponentChildren;
  /** What the awaited step asks of me, in a sentence. */
  prompt(step: string, board: BoardOf<G>, you: number): string;
  families(choices: Choices<MoveOf<G>>, board: BoardOf<G>, you: number, names: readonly string[]): Family<MoveOf<G>>[];
  /** The game's own event in words (those every game shares are the page's: ui/kit-events.ts), or null. */
  describeEvent(event: EventOf<G>, names: readonly string[]): string | null;
  /** A seat's standing at a glance: "7 turnips · 1 relic". */
  summary(board: BoardOf<G>, seat: number): string;
  /** One line of a seat's end-of-game score breakdown. */
  scoreDetail(detail: ScoreDetailOf<G>): string;
  /** Whether my moves now are planned as one batch with what may follow them: the page then reads them from the moves route, which lists `followUps`. */
  plansBatch?(board: BoardOf<G>, you: number): boolean;
  /** The standing orders panel, for games that have them. */
  StandingOrders?(props: { client: ValeriaClient; gameId: string }): ComponentChildren;
}

/** A part with one choice per distinct value of `field`. */
export const byField = <M, K extends keyof M>(question: string, field: K, label: (value: M[K]) => string = String): Part<M> => ({
  question,
  key: (move) => JSON.stringify(move[field] ?? null),
  label: (move) => label(move[field]),
});

/** A family of these moves: given first, so that its parts and words are typed by them. */
export const familyOf =
  <M>(moves: readonly M[]) =>
  <Next = M>(family: Omit<Family<M, Next>, 'moves'>): Family<M, Next> => ({ ...family, moves });

/** The listed moves of one type, with that type. */
export const movesOfType = <M extends { readonly type: string }, T extends M['type']>(moves: readonly M[], type: T): Extract<M, { type: T }>[] =>
  moves.filter((move): move is Extract<M, { type: T }> => move.type === type);
