import type { ValeriaClient } from '@valeria-tabletop/client';
import type { ComponentChildren } from 'preact';

/** A move exactly as `GET …/moves` lists it. */
export type Move = { readonly type: string } & Record<string, unknown>;

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
