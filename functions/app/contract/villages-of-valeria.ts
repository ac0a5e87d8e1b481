/**
 * Villages of Valeria as a client sees it: the board of view.ts and the
 * score details of score.ts. The moves, options, standing orders and events
 * (events.ts, as redactEvent shows them) are the engine's own schemas.
 */
import * as z from 'zod';
import { ActionName } from '../../../core/games/villages-of-valeria/catalog/schema.js';
import { CardId, CoinSpot, OwedAsSeen, Role, VV_EVENTS } from '../../../core/games/villages-of-valeria/events.js';
import { VvMove } from '../../../core/games/villages-of-valeria/moves.js';
import { villagesOfValeriaListing } from '../../../core/games/villages-of-valeria/listing.js';
import { REJECTIONS as rejections } from '../../../core/games/villages-of-valeria/rejections.js';
import { VvStandingOrders } from '../../../core/games/villages-of-valeria/standing-orders.js';
import { Count, eventUnions, gameContract, namedUnion, orNull, SeatNumber } from './common.js';

const GAME = 'VillagesOfValeria';
/** The engine's moves, each a named component. */
const move = namedUnion('type', `${GAME}Move`, VvMove.options);

const Activity = z
  .object({
    seat: SeatNumber,
    role: Role,
    action: ActionName,
    owed: z.array(OwedAsSeen).describe('What the acting player still owes, in order.'),
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

/** Each event as a player sees it and as logged, the kit's events added. */
export const { visibleEvent, loggedEvent } = eventUnions(GAME, VV_EVENTS);

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
