import * as z from 'zod';
import { Count, SeatNumber, type EventVocabulary } from '../../engine/schema.js';
import { ActionName } from './catalog/schema.js';

/**
 * Facts of the game, each small and each saying what happened, so the fold
 * only records them (it never applies a rule itself). Who acts next is the
 * kit's `awaiting` event. The deal is derived from the seed at setup and
 * never logged.
 *
 * Declared once, as zod schemas: the engine imports their types only (the
 * service never builds them), the documented contract imports the schemas.
 */

export const CardId = z.string().describe('A card id of the catalog (`b12` a Building, `a3` an Adventurer, `c1` a Castle).');
const PileIndex = z.number().int().min(0).max(4);

/** Whether a player leads the action (on their turn) or follows it (in their follow window). */
export const Role = z.enum(['lead', 'follow']);
export type Role = z.infer<typeof Role>;

/**
 * A coin on a Castle or Resource. Multiplayer coins are simply `placed`; in
 * solo a coin first sits on the coin spot (`placed`), slides to the resource
 * spot (`slid`) at the next turn, and is collected the turn after.
 */
export const CoinSpot = z.enum(['placed', 'slid']).nullable().describe('Where a coin lies on the card (solo: placed, then slid); null: no coin.');
export type CoinSpot = z.infer<typeof CoinSpot>;

/**
 * What the acting player still owes in their lead or follow: draws and
 * discards are their choices (decisions); `develop` and `gold` resolve by
 * themselves once everything before them is done. Over the shape of a
 * Develop's entry, whose card only its player sees until the discards are paid.
 */
const owedWith = <D extends z.ZodObject>(develop: D) =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('draw') }),
    z.object({ kind: z.literal('discard') }),
    develop,
    z.object({ kind: z.literal('gold'), n: Count }),
  ]);
export const Owed = owedWith(z.object({ kind: z.literal('develop'), card: CardId }));
export type Owed = Readonly<z.infer<typeof Owed>>;
/** What is owed as every viewer may receive it (view.ts). */
export const OwedAsSeen = owedWith(
  z.object({ kind: z.literal('develop'), card: CardId.optional().describe('Shown to the developing player only, until the discards are paid.') }),
);
export type OwedAsSeen = Readonly<z.infer<typeof OwedAsSeen>>;

/** A Build's cost as paid: where each coin went, or which power provided the resource. */
const PaidUnit = z.discriminatedUnion('use', [
  z.object({ use: z.literal('castle') }),
  z.object({ use: z.literal('resource'), seat: SeatNumber, card: CardId }),
  z.object({ use: z.literal('power'), card: CardId }),
  z.object({ use: z.literal('fountain'), card: CardId }),
]);
export type PaidUnit = Readonly<z.infer<typeof PaidUnit>>;

/** Where a draw comes from: the deck or a pile index. */
const DrawSource = z.union([z.literal('deck'), PileIndex]);

/**
 * The events every viewer reads alike, over the shape of what is owed: the
 * log holds `Owed`; the API documents `OwedAsSeen` for everyone, as a
 * Develop's card is shown to its player only.
 */
const publicEvents = <O extends z.ZodType>(owed: O) =>
  [
    z.object({ type: z.literal('setup-revealed'), cards: z.array(CardId) }),
    /** Replenish: `collected` coins return to the player; the coin spots as they are afterwards (solo: placed coins have slid). */
    z.object({
      type: z.literal('replenished'),
      seat: SeatNumber,
      collected: Count,
      castleCoin: CoinSpot,
      resourceCoins: z.array(CoinSpot).describe('The coin spots of the Resources afterwards (solo: placed coins have slid).'),
    }),
    z.object({ type: z.literal('turn-started'), seat: SeatNumber, turn: Count }),
    /** A lead or follow begins: its cost is paid, and what it still owes is resolved step by step. */
    z.object({
      type: z.literal('action-started'),
      seat: SeatNumber,
      role: Role,
      action: ActionName,
      owed: z.array(owed).describe('What the action owes, in order; a Develop’s card is shown to its player only.'),
      fresh: CardId.nullable(),
    }),
    z.object({ type: z.literal('owed-settled'), seat: SeatNumber, n: Count.describe('How many owed steps are done (or skipped: VV-R1).') }),
    z.object({ type: z.literal('powers-ended'), seat: SeatNumber }),
    /** The lead or follow is complete; a lead names the seats that may follow, clockwise (VV-R6). */
    z.object({
      type: z.literal('action-finished'),
      seat: SeatNumber,
      followers: z.array(SeatNumber).optional().describe('A lead: who may follow, clockwise (VV-R6).'),
    }),
    /** VV-R6: `seat` gets the follow window (null: none left); those before it who could not pay are passed over. */
    z.object({ type: z.literal('follow-offered'), seat: SeatNumber.nullable().describe('Null: no follow window left.'), queue: z.array(SeatNumber) }),
    /** VV-R10: consecutive quiet turns after this one (no card left to draw, nobody drew, built, developed or recruited). */
    z.object({ type: z.literal('turn-ended'), quietTurns: Count.describe('Consecutive quiet turns (VV-R10).') }),
    z.object({ type: z.literal('declined'), seat: SeatNumber }),
    z.object({ type: z.literal('discarded'), seat: SeatNumber, card: CardId, pile: PileIndex.nullable().describe('Null: removed from the game (solo).') }),
    z.object({ type: z.literal('developed'), seat: SeatNumber, card: CardId }),
    z.object({ type: z.literal('built'), seat: SeatNumber, card: CardId, payment: z.array(PaidUnit) }),
    z.object({ type: z.literal('recruited'), seat: SeatNumber, adventurer: CardId, paid: Count, refill: CardId.optional() }),
    z.object({ type: z.literal('gold-gained'), seat: SeatNumber, n: Count, from: z.union([z.literal('bank'), SeatNumber]) }),
    /** `owes`: the draws, discards and Gold the power adds to what the player owes. */
    z.object({ type: z.literal('power-used'), seat: SeatNumber, card: CardId, owes: z.array(owed).describe('What the power adds to what the player owes.') }),
    z.object({ type: z.literal('game-ended') }),
  ] as const;

/** Events whose hidden parts only some viewers see, as the log holds them. */
const secretEvents = [
  /** VV-R9: secret until the setup window closes. */
  z.object({ type: z.literal('setup-chosen'), seat: SeatNumber, card: CardId }),
  /** `refill` is the deck card that replaced an emptied pile (public). */
  z.object({ type: z.literal('drew'), seat: SeatNumber, from: DrawSource, card: CardId, refill: CardId.optional() }),
  z.object({ type: z.literal('cards-stolen'), seat: SeatNumber, from: SeatNumber, cards: z.array(CardId) }),
] as const;

/** Every event of the game, grouped by who sees it how (view.ts's redactEvent). */
export const VV_EVENTS = {
  publicEvents: publicEvents(OwedAsSeen),
  logged: secretEvents,
  visible: [
    z.object({ type: z.literal('setup-chosen'), seat: SeatNumber, card: CardId.optional().describe('Only for the chooser (VV-R9).') }),
    z.object({
      type: z.literal('drew'),
      seat: SeatNumber,
      from: DrawSource,
      card: CardId.nullable().describe('Null for others when drawn from the deck.'),
      refill: CardId.optional(),
    }),
    z.object({
      type: z.literal('cards-stolen'),
      seat: SeatNumber,
      from: SeatNumber,
      cards: z.array(CardId).optional().describe('For the thief and the victim.'),
      count: Count.optional().describe('For everyone else.'),
    }),
  ],
} as const satisfies EventVocabulary;

type Events = typeof VV_EVENTS;
/** An event as the log holds it: what the engine emits and folds. */
export type VvEvent = Readonly<z.infer<ReturnType<typeof publicEvents<typeof Owed>>[number] | (typeof secretEvents)[number]>>;
/** An event as redactEvent (view.ts) shows it to one viewer. */
export type VvVisibleEvent = Readonly<z.infer<Events['publicEvents'][number] | Events['visible'][number]>>;
