import type { BoardOf, EventOf, GameId, MoveOf, ScoreDetailOf, ValeriaClient } from '@valeria-tabletop/client';
import type { ComponentChildren } from 'preact';
import type { CardFace } from '../ui/card.js';
import type { Family, Part } from '../ui/choices.js';

export type { Family, FollowUp, Part, PaymentChoice } from '../ui/choices.js';

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
  /** A few of its cards as its table shows them, for the pages that present the game (the home page). */
  readonly showcase: readonly CardFace[];
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
