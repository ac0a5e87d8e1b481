import type { Seat } from '../../engine/index.js';
import type { Bag, CardId, Resource } from './catalog/index.js';
import type { Answer, HarvestPlan, Option, Phase, Task, TheftOffer } from './state.js';

/** A signed change of a seat's tokens. */
export type Delta = Record<Resource | 'vp', number>;

/**
 * Facts of a Valeria: Card Kingdoms game. Each states its own outcome (dice,
 * random picks, computed token deltas), so `apply` never re-decides anything.
 */
export type VckEvent =
  /** Secret until the end (VK-R4): other viewers see only that the seat chose. */
  | { readonly type: 'duke-kept'; readonly seat: Seat; readonly duke: CardId }
  | { readonly type: 'turn-started'; readonly seat: Seat; readonly resting: Seat | null; readonly deadline: number }
  | { readonly type: 'dice-rolled'; readonly dice: [number, number] }
  | { readonly type: 'die-changed'; readonly domain: CardId; readonly die: number; readonly value: number; readonly paid: number }
  | { readonly type: 'harvest-opened'; readonly harvest: HarvestPlan; readonly budgetMs: number }
  /** Secret until the window closes (VK-R2). */
  | { readonly type: 'harvest-submitted'; readonly seat: Seat; readonly answers: Answer[] }
  /** The seat's part of the window closed unanswered: its defaults apply when the window closes (VK-R2). */
  | { readonly type: 'harvest-defaulted'; readonly seat: Seat }
  /** VK-R8: the window closed and a Thief's owner says how much it takes; the turn deadline runs again. */
  | { readonly type: 'theft-offered'; readonly offer: TheftOffer; readonly turnDeadline: number }
  | { readonly type: 'theft-chosen'; readonly seat: Seat; readonly prompt: number; readonly amount: number }
  /** The window closed: every seat's answers as applied, and the resulting token changes. */
  | { readonly type: 'harvest-resolved'; readonly answers: (Answer[] | null)[]; readonly deltas: Delta[]; readonly turnDeadline: number }
  /** Tokens paid to and gained from the reserve. */
  | { readonly type: 'tokens-changed'; readonly seat: Seat; readonly pay: Bag; readonly gain: Bag; readonly card: CardId | null }
  | { readonly type: 'tokens-taken'; readonly seat: Seat; readonly from: Seat; readonly resource: Resource; readonly amount: number }
  | { readonly type: 'monster-slain'; readonly seat: Seat; readonly stack: number; readonly card: CardId; readonly strength: number; readonly magic: number }
  /** `free`: a reward, not an action. */
  | {
      readonly type: 'citizen-recruited';
      readonly seat: Seat;
      readonly stack: number;
      readonly card: CardId;
      readonly gold: number;
      readonly magic: number;
      readonly free: boolean;
    }
  | { readonly type: 'domain-built'; readonly seat: Seat; readonly stack: number; readonly card: CardId; readonly gold: number; readonly magic: number }
  | { readonly type: 'resource-taken'; readonly seat: Seat; readonly resource: Resource }
  | { readonly type: 'citizen-returned'; readonly seat: Seat; readonly card: CardId; readonly stack: number }
  | { readonly type: 'monster-returned'; readonly seat: Seat; readonly card: CardId; readonly stack: number }
  /** `from` null: taken from the market (solo). */
  | { readonly type: 'monster-stolen'; readonly seat: Seat; readonly from: Seat | null; readonly stack: number | null; readonly card: CardId }
  | { readonly type: 'dark-lord-captured'; readonly zone: 'citizens' | 'domains'; readonly stack: number; readonly card: CardId }
  /** New work at the front of the queue. */
  | { readonly type: 'tasks-queued'; readonly tasks: Task[] }
  /** The head task is done; `option` is what it resolved to (null: nothing to do). */
  | { readonly type: 'task-resolved'; readonly option: Option | null }
  | { readonly type: 'choice-offered'; readonly options: Option[] }
  | { readonly type: 'phase-entered'; readonly phase: Phase }
  /** What the game awaits now. */
  | { readonly type: 'turn-ended'; readonly seat: Seat; readonly endTriggered: boolean }
  /** Reveals every Duke (and the Dark Lord's) once the game is over. */
  | {
      readonly type: 'game-ended';
      readonly dukes: (CardId | null)[];
      readonly darkLordDuke: CardId | null;
      readonly scores: number[];
      readonly winners: Seat[];
      readonly verdict: string | null;
    };
