import * as z from 'zod';
import { Count, EpochMs, Millis, namedUnion, orNull, SeatNumber, type EventVocabulary } from '../../engine/schema.js';
import { Bag, Effect, HarvestEffect, Resource } from './catalog/schema.js';

/**
 * Facts of a Valeria: Card Kingdoms game. Each states its own outcome (dice,
 * random picks, computed token deltas), so `apply` never re-decides anything.
 *
 * Declared once, as zod schemas: the engine imports their types only (the
 * service never builds them), the documented contract imports the schemas.
 */

const GAME = 'ValeriaCardKingdoms';

export const CardId = z.string().describe('A card id of the catalog: the card’s name and copy, e.g. `Cleric#2`.');
const Die = z.number().int().min(1).max(6);
/** The two dice, in order. */
export const Dice = z.array(Die).min(2).max(2);

export const Phase = z.enum(['dukes', 'roll', 'dice', 'harvest', 'actions', 'monsters', 'second-harvest', 'over']);
export type Phase = z.infer<typeof Phase>;

/** Tokens gained or paid (the catalog's Bag), as a named component. */
export const Tokens = Bag.meta({ id: `${GAME}Tokens` });

/**
 * A concrete way to resolve one effect. Options are computed from the state
 * (effects.ts) and offered to the player when there is more than one.
 */
export const Option = namedUnion('kind', `${GAME}Option`, [
  z.object({ kind: z.literal('gain'), gain: Tokens }),
  z.object({ kind: z.literal('exchange'), pay: Tokens, gain: Tokens }),
  z.object({ kind: z.literal('decline') }),
  z.object({ kind: z.literal('alternative'), effects: z.array(Effect) }),
  z.object({ kind: z.literal('take'), from: SeatNumber.nullable().describe('Null: the reserve (solo).'), resource: Resource, amount: Count }),
  z.object({ kind: z.literal('recruit'), stack: Count }),
  z.object({ kind: z.literal('return'), card: CardId }),
  z.object({ kind: z.literal('steal'), from: SeatNumber.nullable().describe('Null: the top of the leftmost monster stack (solo).') }),
  /** Solo monster phase: which monster stack a 6 activates. */
  z.object({ kind: z.literal('attack'), stack: Count }),
  /** Solo monster phase: the stack of the attacked column that loses its top card to the Dark Lord. */
  z.object({ kind: z.literal('capture'), zone: z.enum(['citizens', 'domains']), stack: Count }),
]);
export type Option = Readonly<z.infer<typeof Option>>;

/** Work queued in a turn: a card's effect for the active player, or a solo monster activation. */
export const Task = namedUnion('kind', `${GAME}Task`, [
  z.object({ kind: z.literal('effect'), effect: Effect, card: CardId.nullable() }),
  z.object({ kind: z.literal('attack'), stack: Count.nullable().describe('Null: a 6, the player picks the stack.') }),
]);
export type Task = Readonly<z.infer<typeof Task>>;

/** A harvest choice point: one effect of one activation (or the free resource). */
export const Prompt = z
  .object({ card: CardId.nullable().describe('Null: the free resource of a player with nothing activated.'), effect: HarvestEffect, options: z.array(Option) })
  .meta({ id: `${GAME}Prompt` });
export type Prompt = Readonly<z.infer<typeof Prompt>>;

/** One answer per prompt; their order is the player's resolution order. */
export const Answer = z.object({ prompt: Count, option: Count }).meta({ id: `${GAME}Answer` });
export type Answer = Readonly<z.infer<typeof Answer>>;

/** `second`: the solo second harvest (passive powers). */
export const HarvestKind = z.enum(['main', 'second']);

/** What a harvest is before anyone answers: who activated what, and every seat's prompts. */
const HarvestPlan = z.object({
  kind: HarvestKind,
  /** Per seat, the citizen cards activated, one entry per activation. */
  activated: z.array(z.array(CardId)),
  prompts: z.array(z.array(Prompt)),
});
export type HarvestPlan = Readonly<z.infer<typeof HarvestPlan>>;

/** VK-R8: a Thief's take waiting for its owner to say how much (0 to `most`). */
export const TheftOffer = z
  .object({
    seat: SeatNumber,
    prompt: Count.describe('The owner’s harvest prompt this take answers.'),
    from: SeatNumber.nullable().describe('Null: the reserve (solo).'),
    resource: Resource,
    // min(the card's amount, what the victim has when the take resolves).
    most: Count.describe('The most this take can take now: send a `steal` move of 0 to this amount (VK-R8).'),
  })
  .meta({ id: `${GAME}TheftOffer` });
export type TheftOffer = Readonly<z.infer<typeof TheftOffer>>;

/** A signed change of a seat's tokens. */
const Delta = z.object({ gold: z.number().int(), strength: z.number().int(), magic: z.number().int(), vp: z.number().int() }).meta({ id: `${GAME}Delta` });
export type Delta = z.infer<typeof Delta>;

/** Every event of the game, grouped by who sees it how (view.ts's redactEvent). */
export const VCK_EVENTS = {
  publicEvents: [
    z.object({ type: z.literal('turn-started'), seat: SeatNumber, resting: SeatNumber.nullable(), deadline: EpochMs }),
    z.object({ type: z.literal('dice-rolled'), dice: Dice }),
    z
      .object({ type: z.literal('harvest-defaulted'), seat: SeatNumber })
      .describe("The seat's part of the harvest window closed unanswered: its defaults apply when the window closes (VK-R2)."),
    z.object({ type: z.literal('die-changed'), domain: CardId, die: z.number().int().min(0).max(1), value: Die, paid: Count }),
    z.object({ type: z.literal('harvest-opened'), harvest: HarvestPlan, budgetMs: Millis }),
    /** VK-R8: the window closed and a Thief's owner says how much it takes; the turn deadline runs again. */
    z.object({ type: z.literal('theft-offered'), offer: TheftOffer, turnDeadline: EpochMs }),
    z.object({ type: z.literal('theft-chosen'), seat: SeatNumber, prompt: Count, amount: Count }),
    /** The window closed: every seat's answers as applied, and the resulting token changes. */
    z.object({ type: z.literal('harvest-resolved'), answers: z.array(z.array(Answer).nullable()), deltas: z.array(Delta), turnDeadline: EpochMs }),
    /** Tokens paid to and gained from the reserve. */
    z.object({ type: z.literal('tokens-changed'), seat: SeatNumber, pay: Tokens, gain: Tokens, card: CardId.nullable() }),
    z.object({ type: z.literal('tokens-taken'), seat: SeatNumber, from: SeatNumber, resource: Resource, amount: Count }),
    z.object({ type: z.literal('monster-slain'), seat: SeatNumber, stack: Count, card: CardId, strength: Count, magic: Count }),
    /** `free`: a reward, not an action. `next`: the card it uncovers, shown to everyone (in Mixed Citizens, face down until now). */
    z.object({
      type: z.literal('citizen-recruited'),
      seat: SeatNumber,
      stack: Count,
      card: CardId,
      next: CardId.nullable().describe('The card now on top of the stack (Mixed Citizens: turned up by this recruit); null: the stack is exhausted.'),
      gold: Count,
      magic: Count,
      free: z.boolean(),
    }),
    z.object({ type: z.literal('domain-built'), seat: SeatNumber, stack: Count, card: CardId, gold: Count, magic: Count }),
    z.object({ type: z.literal('resource-taken'), seat: SeatNumber, resource: Resource }),
    z.object({ type: z.literal('citizen-returned'), seat: SeatNumber, card: CardId, stack: Count }),
    z.object({ type: z.literal('monster-returned'), seat: SeatNumber, card: CardId, stack: Count }),
    /** `from` null: taken from the market (solo). */
    z.object({ type: z.literal('monster-stolen'), seat: SeatNumber, from: SeatNumber.nullable(), stack: Count.nullable(), card: CardId }),
    z.object({ type: z.literal('dark-lord-captured'), zone: z.enum(['citizens', 'domains']), stack: Count, card: CardId }),
    /** New work at the front of the queue. */
    z.object({ type: z.literal('tasks-queued'), tasks: z.array(Task) }),
    /** The head task is done; `option` is what it resolved to (null: nothing to do). */
    z.object({ type: z.literal('task-resolved'), option: orNull(Option) }),
    z.object({ type: z.literal('choice-offered'), options: z.array(Option) }),
    z.object({ type: z.literal('phase-entered'), phase: Phase }),
    z.object({ type: z.literal('turn-ended'), seat: SeatNumber, endTriggered: z.boolean() }),
    /** Reveals every Duke (and the Dark Lord's) once the game is over. */
    z.object({
      type: z.literal('game-ended'),
      dukes: z.array(CardId.nullable()),
      darkLordDuke: CardId.nullable(),
      scores: z.array(z.number().int()),
      winners: z.array(SeatNumber),
      verdict: z.string().nullable(),
    }),
  ],
  logged: [
    /** Secret until the end (VK-R4): other viewers see only that the seat chose. */
    z.object({ type: z.literal('duke-kept'), seat: SeatNumber, duke: CardId }),
    /** Secret until the window closes (VK-R2). */
    z.object({ type: z.literal('harvest-submitted'), seat: SeatNumber, answers: z.array(Answer) }),
  ],
  visible: [
    z.object({ type: z.literal('duke-kept'), seat: SeatNumber, duke: CardId.optional().describe('Only for its owner (VK-R4).') }),
    z.object({ type: z.literal('harvest-submitted'), seat: SeatNumber, answers: z.array(Answer).optional().describe('Only for the submitter (VK-R2).') }),
  ],
} as const satisfies EventVocabulary;

type Events = typeof VCK_EVENTS;
/** An event as the log holds it: what the engine emits and folds. */
export type VckEvent = Readonly<z.infer<Events['publicEvents'][number] | Events['logged'][number]>>;
/** An event as redactEvent (view.ts) shows it to one viewer. */
export type VckVisibleEvent = Readonly<z.infer<Events['publicEvents'][number] | Events['visible'][number]>>;
