import * as z from 'zod';
import { Count, SeatNumber, type EventVocabulary } from '../../engine/schema.js';
import { RELIC_KINDS } from './catalog/index.js';

/**
 * Facts of a Village Pillage game. Every turnip that enters or leaves a
 * player is one of these events: `gained` from the supply, `stolen` between
 * players, `banked` within a player, and the purchases paid to the supply.
 *
 * Declared once, as zod schemas: the engine imports their types only (the
 * service never builds them), the documented contract imports the schemas.
 */

export const CardId = z.string().describe('A card name of the catalog, e.g. `Farmer`.');

export const Relic = z.enum(RELIC_KINDS);
export type Relic = z.infer<typeof Relic>;

/** Which way a revealed card faces: a neighbour's side (3-5 players) or the front of the Duel queue. */
export const Side = z.enum(['left', 'right', 'front']);
export type Side = z.infer<typeof Side>;

/** A revealed card: whose it is, whom it affects, and which way it faces. */
export const Play = z.object({ seat: SeatNumber, card: CardId, toward: SeatNumber, side: Side }).meta({ id: 'VillagePillagePlay' });
export type Play = Readonly<z.infer<typeof Play>>;

/** One Merchant's BUY, waiting in the buy order. */
export const BuyTask = z
  .object({
    seat: SeatNumber,
    card: CardId,
    side: Side,
    /** The first of a player's two Merchants whose BUYs differ: the owner picks their order first. */
    choosesOrder: z.boolean(),
  })
  .meta({ id: 'VillagePillageBuyTask' });
export type BuyTask = Readonly<z.infer<typeof BuyTask>>;

/** Where a payment came from: the Stockpile first, then the Bank. */
export const Payment = z.object({ stockpile: Count, bank: Count }).meta({ id: 'VillagePillagePayment' });
export type Payment = Readonly<z.infer<typeof Payment>>;

/** Every event of the game, grouped by who sees it how (view.ts's redactEvent). */
export const VP_EVENTS = {
  publicEvents: [
    /** The window closed: every card that resolves this round (the Duel's back cards stay face down). */
    z.object({ type: z.literal('plans-revealed'), plays: z.array(Play) }),
    z.object({ type: z.literal('gained'), seat: SeatNumber, card: CardId, amount: Count }),
    z.object({ type: z.literal('stolen'), seat: SeatNumber, card: CardId, from: SeatNumber, pool: z.enum(['stockpile', 'bank']), amount: Count }),
    z.object({ type: z.literal('banked'), seat: SeatNumber, card: CardId, amount: Count }),
    /** The BUY step's order: fewest turnips first, ties by coin flip; each player's Merchants left first. */
    z.object({ type: z.literal('buys-ordered'), tasks: z.array(BuyTask) }),
    /** A player with two Merchants chose which resolves first (VP-R4). */
    z.object({ type: z.literal('merchants-ordered'), seat: SeatNumber, first: Side }),
    /** The head BUY bought a relic. */
    z.object({ type: z.literal('relic-bought'), seat: SeatNumber, card: CardId, relic: Relic, paid: Payment }),
    /** The head BUY took `bought` from the Market row; `refill` is the deck's top card laid in its slot. */
    z.object({ type: z.literal('card-bought'), seat: SeatNumber, card: CardId, bought: CardId, paid: Payment, refill: CardId.nullable() }),
    /** The head BUY bought nothing. */
    z.object({ type: z.literal('buy-skipped'), seat: SeatNumber, card: CardId, reason: z.enum(['cannot-pay', 'market-empty']) }),
    /** Refresh: revealed cards back to hand (exhausted ones aside for a round), the next round begins. */
    z.object({ type: z.literal('round-refreshed'), round: z.number().int().min(1) }),
    z.object({ type: z.literal('game-ended'), winners: z.array(SeatNumber) }),
  ],
  /** Secret until the window closes (VP-R3): others see only that the seat submitted. */
  logged: [z.object({ type: z.literal('plan-submitted'), seat: SeatNumber, cards: z.array(CardId) })],
  visible: [z.object({ type: z.literal('plan-submitted'), seat: SeatNumber, cards: z.array(CardId).optional().describe('Only for the submitter (VP-R3).') })],
} as const satisfies EventVocabulary;

type Events = typeof VP_EVENTS;
/** An event as the log holds it: what the engine emits and folds. */
export type VpEvent = Readonly<z.infer<Events['publicEvents'][number] | Events['logged'][number]>>;
/** An event as redactEvent (view.ts) shows it to one viewer. */
export type VpVisibleEvent = Readonly<z.infer<Events['publicEvents'][number] | Events['visible'][number]>>;
