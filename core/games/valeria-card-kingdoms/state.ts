import * as z from 'zod';
import type { BaseState, Seat } from '../../engine/index.js';
import type { Area, CardId } from './catalog/index.js';
import type { Answer, HarvestPlan, Option, Phase, Task, TheftOffer } from './events.js';

export const SETUP_KINDS = ['first-game', 'shining-gold', 'mastery-of-magic', 'monstrous-blood', 'random'] as const;
export type SetupKind = (typeof SETUP_KINDS)[number];

export const VckOptions = z.strictObject({
  /** The recommended first game, one of the rulebook's three themed setups, or random areas and names. */
  setup: z.enum(SETUP_KINDS).default('first-game'),
  /** Mixed Citizens variant: each slot's stack shuffles both its names, only the top face up. */
  mixedCitizens: z.boolean().default(false),
});
export type VckOptions = z.infer<typeof VckOptions>;

/** Stacks list their cards top first; an empty stack is an exhausted one. */
export interface MonsterStack {
  readonly area: Area;
  cards: CardId[];
}
export interface CitizenStack {
  /** Index of the activation slot (0 = "1" … 9 = "11-12"); columns are slot % 5. */
  readonly slot: number;
  /** The citizen names this stack holds (both of the slot's names in the Mixed Citizens variant). */
  readonly names: string[];
  cards: CardId[];
}
export interface DomainStack {
  cards: CardId[];
}

export interface Market {
  monsters: MonsterStack[];
  citizens: CitizenStack[];
  domains: DomainStack[];
}

export interface Player {
  gold: number;
  strength: number;
  magic: number;
  /** VP tokens. */
  vp: number;
  /** Citizens in the kingdom, starters included, in arrival order. */
  citizens: CardId[];
  /** The victory pile. */
  monsters: CardId[];
  domains: CardId[];
  /** Secret until the end (VK-R4). */
  duke: CardId | null;
  /** The two Dukes dealt at setup, until one is kept. */
  dukeOffer: CardId[];
}

/** Solo: the Dark Lord's face-down Duke and the cards his monsters captured. */
export interface DarkLord {
  readonly duke: CardId;
  citizens: CardId[];
  domains: CardId[];
}

/** VK-R8: the amount the owner chose for one take. */
export interface TheftAmount {
  readonly seat: Seat;
  readonly prompt: number;
  readonly amount: number;
}

/** A harvest in progress: its public plan, and what the players answered. */
export interface Harvest extends HarvestPlan {
  /** Secret until the window closes (VK-R2). */
  submissions: (Answer[] | null)[];
  /** VK-R8: amounts chosen so far, after the window closed; an unchosen take takes the most. */
  thefts: TheftAmount[];
  /** VK-R8: the take whose amount is awaited now. */
  theft: TheftOffer | null;
}

export interface Turn {
  active: Seat;
  /** 5 players: the resting seat, who does not harvest. */
  resting: Seat | null;
  dice: [number, number] | null;
  /** Roll-phase Domains already used on this roll. */
  diceChangers: CardId[];
  actionsLeft: number;
  /** The turn deadline shared by die changes and actions (VK-R3). */
  deadline: number;
  /** Turn time left when a harvest window opened; the window's own time does not count against it. */
  budgetMs: number;
}

export interface VckState extends BaseState {
  readonly options: VckOptions;
  readonly solo: boolean;
  readonly firstPlayer: Seat;
  market: Market;
  players: Player[];
  darkLord: DarkLord | null;
  /** Cards out of play (not dealt, removed, or returned to the box). */
  box: CardId[];
  phase: Phase;
  turn: Turn;
  turnsPlayed: number;
  endTriggered: boolean;
  tasks: Task[];
  /** The active player's pending sub-choice, when the head task has several options. */
  choice: Option[] | null;
  harvest: Harvest | null;
  /** Solo: how the game ended. */
  verdict: string | null;
}

export const resourcesOf = (p: Player): number => p.gold + p.strength + p.magic;

export const isDouble = (dice: readonly number[] | null): boolean => dice !== null && dice[0] === dice[1];
