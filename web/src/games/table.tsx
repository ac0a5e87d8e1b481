import {
  followUpsAfter,
  type Commit,
  type EventOf,
  type GameId,
  type GameView,
  type GameViewOf,
  type LegalMoves,
  type ListedMove,
  type Move,
  type MoveOf,
  type ValeriaClient,
} from '@valeria-tabletop/client';
import type { ComponentChildren } from 'preact';
import type { CardFace } from '../ui/card.js';
import type { Choices, Family, GameUi } from './types.js';

/** My legal moves as the page holds them: read from the moves route (with `followUps`), or carried by the stream (without). */
export interface Listed {
  readonly moves: readonly ListedMove[];
  readonly followUps?: LegalMoves['followUps'];
  /** The version they were listed at, to pin a move to (If-Match). */
  readonly etag: string;
}

/** A game's table bound to a view of that game: what the page shows, in the page's own terms. */
export interface Seated {
  /** The board: every player's public area, my hand and secrets. */
  readonly board: ComponentChildren;
  /** A seat's standing at a glance. */
  summary(seat: number): string;
  /** What the awaited step asks of me. */
  prompt(): string;
  /** My moves grouped as the game thinks. */
  families(): readonly Family<Move>[];
  /** Whether my moves now are planned with what may follow them, which only the moves route lists (the stream's moves do not). */
  readonly plansBatch: boolean;
  /** A seat's score breakdown at the end, in words. */
  scoreDetail(seat: number): string | null;
}

/** A game's UI as the page holds it, whatever the game. */
export interface GameTable {
  readonly game: GameId;
  /** The table for `view`; null when `view` is of another game or not started. */
  seat(view: GameView, listed: Listed | null, names: readonly string[]): Seated | null;
  /** The game's own event of a commit of its log in words (the shared ones are the page's), or null. */
  describeEvent(event: Commit['events'][number], names: readonly string[]): string | null;
  StandingOrders?(props: { client: ValeriaClient; gameId: string }): ComponentChildren;
  /** A few of its cards as its table shows them. */
  readonly showcase: readonly CardFace[];
}

/** Whether `view` is a view of `game` (views are discriminated by `game`). */
const isViewOf = <G extends GameId>(view: GameView, game: G): view is GameViewOf<G> => view.game === game;

/**
 * The page's side of a game's UI. A view names its game, so it is checked;
 * the moves the stream carries and the commits of a game's log do not: they
 * are the game's own because the API serves each game's under its own id,
 * which is all the two casts below rely on.
 */
export function defineTable<G extends GameId>(ui: GameUi<G>): GameTable {
  const ofThisGame = (moves: readonly ListedMove[]) => moves as readonly MoveOf<G>[];
  const choicesOf = (listed: Listed | null): Choices<MoveOf<G>> => {
    if (!listed) return { moves: [], followUps: () => [] };
    const index = new Map(listed.moves.map((move, at) => [move, at]));
    return {
      moves: ofThisGame(listed.moves),
      followUps: (move) => {
        const at = index.get(move);
        return at === undefined ? [] : ofThisGame(followUpsAfter<ListedMove>(listed, at));
      },
    };
  };
  return {
    game: ui.game,
    seat(view, listed, names) {
      if (!isViewOf(view, ui.game) || !view.state) return null;
      const { board, pending, awaiting, score } = view.state;
      const you = view.you;
      return {
        board: <ui.Table board={board} you={you} names={names} awaiting={awaiting} />,
        summary: (seat) => ui.summary(board, seat),
        prompt: () => (pending && you !== null ? ui.prompt(pending.step, board, you) : ''),
        families: () => (you === null ? [] : ui.families(choicesOf(listed), board, you, names)),
        plansBatch: you !== null && (ui.plansBatch?.(board, you) ?? false),
        scoreDetail: (seat) => {
          const detail = score?.details[seat];
          return detail ? ui.scoreDetail(detail) : null;
        },
      };
    },
    describeEvent: (event, names) => ui.describeEvent(event as EventOf<G>, names),
    showcase: ui.showcase,
    ...(ui.StandingOrders ? { StandingOrders: ui.StandingOrders } : {}),
  };
}
