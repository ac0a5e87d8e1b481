/**
 * Village Pillage as a client sees it: the board of view.ts and the score
 * details of score.ts. The moves, options and events (events.ts, as
 * redactEvent shows them) are the engine's own schemas.
 */
import * as z from 'zod';
import { BuyTask, CardId, Play, Relic, VP_EVENTS } from '../../../core/games/village-pillage/events.js';
import { VpMove } from '../../../core/games/village-pillage/moves.js';
import { villagePillageListing } from '../../../core/games/village-pillage/listing.js';
import { REJECTIONS as rejections } from '../../../core/games/village-pillage/rejections.js';
import { Count, eventUnions, gameContract, namedUnion, SeatNumber } from './common.js';

const GAME = 'VillagePillage';
/** The engine's moves, each a named component. */
const move = namedUnion('type', `${GAME}Move`, VpMove.options);

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

/** Each event as a player sees it and as logged, the kit's events added. */
export const { visibleEvent, loggedEvent } = eventUnions(GAME, VP_EVENTS);

export const scoreDetail = z
  .object({ relics: z.array(Relic), turnips: Count, stockpile: Count, bank: Count, cardsInHand: Count })
  .meta({ id: `${GAME}ScoreDetail` });

/** The game's part of the contract; the listing gives its id, title and options. */
export const villagePillageContract = gameContract(villagePillageListing, { rejections, move, board, scoreDetail, visibleEvent, loggedEvent });
