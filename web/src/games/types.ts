import type { ValeriaClient } from '@valeria-tabletop/client';
import type { ComponentChildren } from 'preact';

import type { Move } from './move.js';

export type { Move } from './move.js';

/**
 * One step of choosing a move: moves that share `key` are one choice at
 * this step ("which card?", then "which pile?").
 */
export interface Part {
  readonly question: string;
  key(move: Move): string;
  label(move: Move): string;
}

/** A family of listed moves chosen step by step, e.g. "Discard: which card, then which pile". */
export interface Family {
  readonly title: string;
  readonly moves: readonly Move[];
  readonly parts: readonly Part[];
  /** The whole move in words: the name of the button that sends it. */
  describe(move: Move): string;
  /** Choices that must follow `move` in the same batch (the discards that pay for a Develop), or null. */
  then?(move: Move): FollowUp | null;
  /** Where `move`'s cost may come from, to choose instead of the listed automatic payment, or null. */
  payFor?(move: Move): PaymentChoice | null;
  /** The moves that may follow `move` in the same batch (a turn's second action), grouped as families; null: `move` goes alone. */
  plan?(move: Move): readonly Family[] | null;
}

/** The sources that may pay a cost; the move is rebuilt with the ones chosen, in order. */
export interface PaymentChoice {
  readonly cost: string;
  readonly sources: readonly { readonly label: string; readonly unit: Record<string, unknown> }[];
  make(units: readonly Record<string, unknown>[]): Move;
}

/** `count` cards chosen after a move, each sent as a move of its own in one batch with it. */
export interface FollowUp {
  readonly count: number;
  readonly question: string;
  readonly cards: readonly { readonly id: string; readonly label: string }[];
  /** How many piles a card may go to (0: no choice). */
  readonly piles: number;
  make(card: string, pile: number | null): Move;
}

export interface TableProps {
  /** The game's own view for me (`state.board`). */
  readonly board: any;
  readonly you: number | null;
  readonly names: readonly string[];
  readonly awaiting: readonly number[];
}

/** What the page needs from a game: its table, its moves grouped as the game thinks, and its log in words. */
export interface GameUi {
  Table(props: TableProps): ComponentChildren;
  /** What the awaited step asks of me, in a sentence. */
  prompt(step: string, board: any, you: number): string;
  families(moves: readonly Move[], board: any, you: number, names: readonly string[]): Family[];
  describeEvent(event: any, names: readonly string[]): string | null;
  /** A seat's standing at a glance: "7 turnips · 1 relic". */
  summary(board: any, seat: number): string;
  /** One line of a seat's end-of-game score breakdown. */
  scoreDetail(detail: any): string;
  /** The standing orders panel, for games that have them. */
  StandingOrders?(props: { client: ValeriaClient; gameId: string }): ComponentChildren;
}

/** A part with one choice per distinct value of `field`. */
export const byField = (question: string, field: string, label: (value: any) => string = String): Part => ({
  question,
  key: (move) => JSON.stringify(move[field] ?? null),
  label: (move) => label(move[field]),
});
