import * as z from 'zod';
import type { BaseState, Seat } from '../../engine/index.js';
import type { Area, Bag, CardId, Effect, HarvestEffect, Resource } from './catalog/index.js';

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

/**
 * A concrete way to resolve one effect. Options are computed from the state
 * (effects.ts) and offered to the player when there is more than one.
 */
export type Option =
  | { readonly kind: 'gain'; readonly gain: Bag }
  | { readonly kind: 'exchange'; readonly pay: Bag; readonly gain: Bag }
  | { readonly kind: 'decline' }
  | { readonly kind: 'alternative'; readonly effects: Effect[] }
  /** `from` null: the reserve (solo). */
  | { readonly kind: 'take'; readonly from: Seat | null; readonly resource: Resource; readonly amount: number }
  | { readonly kind: 'recruit'; readonly stack: number }
  | { readonly kind: 'return'; readonly card: CardId }
  /** `from` null: the top of the leftmost monster stack (solo). */
  | { readonly kind: 'steal'; readonly from: Seat | null }
  /** Solo monster phase: which monster stack a 6 activates. */
  | { readonly kind: 'attack'; readonly stack: number }
  /** Solo monster phase: the stack of the attacked column that loses its top card to the Dark Lord. */
  | { readonly kind: 'capture'; readonly zone: 'citizens' | 'domains'; readonly stack: number };

/** Work queued in a turn: a card's effect for the active player, or a solo monster activation. */
export type Task =
  | { readonly kind: 'effect'; readonly effect: Effect; readonly card: CardId | null }
  /** `stack` null: a 6, the player picks the stack. */
  | { readonly kind: 'attack'; readonly stack: number | null };

/** A harvest choice point: one effect of one activation (or the free resource). */
export interface Prompt {
  /** The activated card; null for the free resource of a player with nothing activated. */
  readonly card: CardId | null;
  readonly effect: HarvestEffect;
  readonly options: Option[];
}

/** One answer per prompt; their order is the player's resolution order. */
export interface Answer {
  readonly prompt: number;
  readonly option: number;
}

/** VK-R8: a Thief's take waiting for its owner to say how much (0 to `most`). */
export interface TheftOffer {
  readonly seat: Seat;
  /** The owner's harvest prompt this take answers. */
  readonly prompt: number;
  /** Null: the reserve (solo). */
  readonly from: Seat | null;
  readonly resource: Resource;
  /** min(the card's amount, what the victim has when the take resolves). */
  readonly most: number;
}

/** VK-R8: the amount the owner chose for one take. */
export interface TheftAmount {
  readonly seat: Seat;
  readonly prompt: number;
  readonly amount: number;
}

export interface Harvest {
  /** `second`: the solo second harvest (passive powers). */
  readonly kind: 'main' | 'second';
  /** Per seat, the citizen cards activated, one entry per activation. */
  readonly activated: CardId[][];
  readonly prompts: Prompt[][];
  /** Secret until the window closes (VK-R2). */
  submissions: (Answer[] | null)[];
  /** VK-R8: amounts chosen so far, after the window closed; an unchosen take takes the most. */
  thefts: TheftAmount[];
  /** VK-R8: the take whose amount is awaited now. */
  theft: TheftOffer | null;
}

/** What a harvest is before anyone answers: who activated what, and every seat's prompts. */
export type HarvestPlan = Omit<Harvest, 'submissions' | 'thefts' | 'theft'>;

export type Phase = 'dukes' | 'roll' | 'dice' | 'harvest' | 'actions' | 'monsters' | 'second-harvest' | 'over';

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
