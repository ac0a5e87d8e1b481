/**
 * Villages of Valeria as a client sees it: the board of view.ts, the events
 * of events.ts as redactEvent shows them, the score details of score.ts.
 * The moves, options and standing orders are the engine's own schemas.
 *
 * The events live in one place (`events` below) so that a change of
 * events.ts is one edit here.
 */
import * as z from 'zod';
import { ActionName } from '../../../core/games/villages-of-valeria/catalog/schema.js';
import { VvMove } from '../../../core/games/villages-of-valeria/moves.js';
import { villagesOfValeriaListing } from '../../../core/games/villages-of-valeria/listing.js';
import { REJECTIONS as rejections } from '../../../core/games/villages-of-valeria/rejections.js';
import { VvStandingOrders } from '../../../core/games/villages-of-valeria/standing-orders.js';
import { Count, eventUnions, gameContract, namedUnion, orNull, SeatNumber, tagged } from './common.js';

const GAME = 'VillagesOfValeria';
/** The engine's moves, each a named component. */
const move = namedUnion('type', `${GAME}Move`, VvMove.options);
const CardId = z.string().describe('A card id of the catalog (`b12` a Building, `a3` an Adventurer, `c1` a Castle).');
const PileIndex = z.number().int().min(0).max(4);
const CoinSpot = z.enum(['placed', 'slid']).nullable().describe('Where a coin lies on the card (solo: placed, then slid); null: no coin.');
const Role = z.enum(['lead', 'follow']);

const Owed = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('draw') }),
  z.object({ kind: z.literal('discard') }),
  z.object({ kind: z.literal('develop'), card: CardId.optional().describe('Shown to the developing player only, until the discards are paid.') }),
  z.object({ kind: z.literal('gold'), n: Count }),
]);

const Activity = z
  .object({
    seat: SeatNumber,
    role: Role,
    action: ActionName,
    owed: z.array(Owed).describe('What the acting player still owes, in order.'),
    fresh: CardId.nullable().describe('The card this action put into the village (its instant power is available).'),
    used: z.array(CardId).describe('Cards whose power was used in this action.'),
    powersDone: z.boolean(),
  })
  .meta({ id: `${GAME}Activity` });

export const board = z
  .object({
    solo: z.boolean(),
    first: SeatNumber,
    bank: Count.describe('Gold left in the bank.'),
    deckSize: Count,
    piles: z.array(z.object({ top: CardId.nullable(), size: Count })),
    adventurerPool: z.array(CardId),
    adventurerDeckSize: Count,
    outOfGame: Count,
    players: z.array(
      z.object({
        castle: CardId,
        hand: z.array(CardId).nullable().describe('Your own hand; null for everyone else’s.'),
        handSize: Count,
        coins: Count,
        castleCoin: CoinSpot,
        resources: z.array(z.object({ card: CardId, coin: CoinSpot })),
        buildings: z.array(CardId),
        adventurers: z.array(CardId),
      }),
    ),
    setupChoice: CardId.nullable().describe('Your secret setup-round choice (VV-R9).'),
    turn: Count,
    active: SeatNumber,
    led: ActionName.nullable(),
    followQueue: z.array(SeatNumber),
    activity: orNull(Activity),
  })
  .meta({ id: `${GAME}Board` });

const PaidUnit = z.discriminatedUnion('use', [
  z.object({ use: z.literal('castle') }),
  z.object({ use: z.literal('resource'), seat: SeatNumber, card: CardId }),
  z.object({ use: z.literal('power'), card: CardId }),
  z.object({ use: z.literal('fountain'), card: CardId }),
]);

const EVENT = `${GAME}Event`;
const event = <T extends z.ZodObject>(schema: T) => tagged(EVENT, 'type', schema);

/** Events every viewer sees in full. */
const publicEvents = [
  event(z.object({ type: z.literal('setup-revealed'), cards: z.array(CardId) })),
  event(
    z.object({
      type: z.literal('replenished'),
      seat: SeatNumber,
      collected: Count,
      castleCoin: CoinSpot,
      resourceCoins: z.array(CoinSpot).describe('The coin spots of the Resources afterwards (solo: placed coins have slid).'),
    }),
  ),
  event(z.object({ type: z.literal('turn-started'), seat: SeatNumber, turn: Count })),
  event(
    z.object({
      type: z.literal('action-started'),
      seat: SeatNumber,
      role: Role,
      action: ActionName,
      owed: z.array(Owed).describe('What the action owes, in order; a Develop’s card is shown to its player only.'),
      fresh: CardId.nullable(),
    }),
  ),
  event(z.object({ type: z.literal('owed-settled'), seat: SeatNumber, n: Count.describe('How many owed steps are done (or skipped: VV-R1).') })),
  event(z.object({ type: z.literal('powers-ended'), seat: SeatNumber })),
  event(
    z.object({
      type: z.literal('action-finished'),
      seat: SeatNumber,
      followers: z.array(SeatNumber).optional().describe('A lead: who may follow, clockwise (VV-R6).'),
    }),
  ),
  event(z.object({ type: z.literal('follow-offered'), seat: SeatNumber.nullable().describe('Null: no follow window left.'), queue: z.array(SeatNumber) })),
  event(z.object({ type: z.literal('turn-ended'), quietTurns: Count.describe('Consecutive quiet turns (VV-R10).') })),
  event(z.object({ type: z.literal('declined'), seat: SeatNumber })),
  event(z.object({ type: z.literal('discarded'), seat: SeatNumber, card: CardId, pile: PileIndex.nullable().describe('Null: removed from the game (solo).') })),
  event(z.object({ type: z.literal('developed'), seat: SeatNumber, card: CardId })),
  event(z.object({ type: z.literal('built'), seat: SeatNumber, card: CardId, payment: z.array(PaidUnit) })),
  event(z.object({ type: z.literal('recruited'), seat: SeatNumber, adventurer: CardId, paid: Count, refill: CardId.optional() })),
  event(z.object({ type: z.literal('gold-gained'), seat: SeatNumber, n: Count, from: z.union([z.literal('bank'), SeatNumber]) })),
  event(
    z.object({ type: z.literal('power-used'), seat: SeatNumber, card: CardId, owes: z.array(Owed).describe('What the power adds to what the player owes.') }),
  ),
  event(z.object({ type: z.literal('game-ended') })),
] as const;

const drawSource = z.union([z.literal('deck'), PileIndex]);

/** Each event as a player sees it and as logged, the kit's events added. */
export const { visibleEvent, loggedEvent } = eventUnions(GAME, {
  publicEvents,
  /** As a player sees them (redactEvent in view.ts). */
  visible: [
    z.object({ type: z.literal('setup-chosen'), seat: SeatNumber, card: CardId.optional().describe('Only for the chooser (VV-R9).') }),
    z.object({
      type: z.literal('drew'),
      seat: SeatNumber,
      from: drawSource,
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
  /** As logged, for the verification after the end. */
  logged: [
    z.object({ type: z.literal('setup-chosen'), seat: SeatNumber, card: CardId }),
    z.object({ type: z.literal('drew'), seat: SeatNumber, from: drawSource, card: CardId, refill: CardId.optional() }),
    z.object({ type: z.literal('cards-stolen'), seat: SeatNumber, from: SeatNumber, cards: z.array(CardId) }),
  ],
});

export const scoreDetail = z
  .object({
    cards: Count.describe('Printed VP of Buildings and Adventurers.'),
    powers: Count.describe('End powers.'),
    gold: Count.describe('Coins owned.'),
    total: Count,
    villageSize: Count,
    resources: Count,
  })
  .meta({ id: `${GAME}ScoreDetail` });

/** Standing orders: the engine's own schema. */
const standingOrders = VvStandingOrders.meta({ id: `${GAME}StandingOrders` });

/** The game's part of the contract; the listing gives its id, title and options. */
export const villagesOfValeriaContract = gameContract(villagesOfValeriaListing, {
  rejections,
  move,
  standingOrders,
  board,
  scoreDetail,
  visibleEvent,
  loggedEvent,
});
