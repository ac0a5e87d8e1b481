/**
 * Village Pillage as a client sees it: the board of view.ts, the events of
 * events.ts as redactEvent shows them, the score details of score.ts. The
 * moves and options are the engine's own schemas.
 */
import * as z from 'zod';
import { VpMove } from '../../../core/games/village-pillage/moves.js';
import { villagePillageListing } from '../../../core/games/village-pillage/listing.js';
import { REJECTIONS as rejections } from '../../../core/games/village-pillage/rejections.js';
import { RELIC_KINDS } from '../../../core/games/village-pillage/state.js';
import { Count, eventUnions, gameContract, namedUnion, SeatNumber, tagged } from './common.js';

const GAME = 'VillagePillage';
/** The engine's moves, each a named component. */
const move = namedUnion('type', `${GAME}Move`, VpMove.options);
const CardId = z.string().describe('A card name of the catalog, e.g. `Farmer`.');
const Relic = z.enum(RELIC_KINDS);
const Side = z.enum(['left', 'right', 'front']);

const Play = z.object({ seat: SeatNumber, card: CardId, toward: SeatNumber, side: Side }).meta({ id: `${GAME}Play` });
const BuyTask = z.object({ seat: SeatNumber, card: CardId, side: Side, choosesOrder: z.boolean() }).meta({ id: `${GAME}BuyTask` });
const Payment = z.object({ stockpile: Count, bank: Count }).meta({ id: `${GAME}Payment` });

export const board = z
  .object({
    duel: z.boolean().describe('Two players: the Duel rules.'),
    round: z.number().int().min(1),
    bankCapacity: Count,
    market: z.object({ row: z.array(CardId), deck: Count.describe('Cards left in the face-down Market deck.') }),
    players: z.array(
      z.object({
        stockpile: Count,
        bank: Count,
        turnips: Count,
        relics: z.array(Relic),
        nextRelicPrice: Count.nullable(),
        cards: z.array(CardId).describe('Hand and queue together, sorted: what anyone following the table knows.'),
        queued: Count,
        exhausted: z.array(CardId),
        hand: z.array(CardId).nullable().describe('Yours only.'),
        queue: z.array(CardId).nullable().describe('Yours only (Duel).'),
        plan: z.array(CardId).nullable().describe('Your submitted plan, until the window closes (VP-R3).'),
      }),
    ),
    table: z.array(Play),
    buying: z.array(BuyTask),
    winners: z.array(SeatNumber),
  })
  .meta({ id: `${GAME}Board` });

const EVENT = `${GAME}Event`;
const event = <T extends z.ZodObject>(schema: T) => tagged(EVENT, 'type', schema);

const publicEvents = [
  event(z.object({ type: z.literal('plans-revealed'), plays: z.array(Play) })),
  event(z.object({ type: z.literal('gained'), seat: SeatNumber, card: CardId, amount: Count })),
  event(z.object({ type: z.literal('stolen'), seat: SeatNumber, card: CardId, from: SeatNumber, pool: z.enum(['stockpile', 'bank']), amount: Count })),
  event(z.object({ type: z.literal('banked'), seat: SeatNumber, card: CardId, amount: Count })),
  event(z.object({ type: z.literal('buys-ordered'), tasks: z.array(BuyTask) })),
  event(z.object({ type: z.literal('merchants-ordered'), seat: SeatNumber, first: Side })),
  event(z.object({ type: z.literal('relic-bought'), seat: SeatNumber, card: CardId, relic: Relic, paid: Payment })),
  event(z.object({ type: z.literal('card-bought'), seat: SeatNumber, card: CardId, bought: CardId, paid: Payment, refill: CardId.nullable() })),
  event(z.object({ type: z.literal('buy-skipped'), seat: SeatNumber, card: CardId, reason: z.enum(['cannot-pay', 'market-empty']) })),
  event(z.object({ type: z.literal('round-refreshed'), round: z.number().int().min(1) })),
  event(z.object({ type: z.literal('game-ended'), winners: z.array(SeatNumber) })),
] as const;

/** Each event as a player sees it and as logged, the kit's events added. */
export const { visibleEvent, loggedEvent } = eventUnions(GAME, {
  publicEvents,
  /** As a player sees them (redactEvent in view.ts). */
  visible: [z.object({ type: z.literal('plan-submitted'), seat: SeatNumber, cards: z.array(CardId).optional().describe('Only for the submitter (VP-R3).') })],
  /** As logged, for the verification after the end. */
  logged: [z.object({ type: z.literal('plan-submitted'), seat: SeatNumber, cards: z.array(CardId) })],
});

export const scoreDetail = z
  .object({ relics: z.array(Relic), turnips: Count, stockpile: Count, bank: Count, cardsInHand: Count })
  .meta({ id: `${GAME}ScoreDetail` });

/** The game's part of the contract; the listing gives its id, title and options. */
export const villagePillageContract = gameContract(villagePillageListing, { rejections, move, board, scoreDetail, visibleEvent, loggedEvent });
