/**
 * Valeria: Card Kingdoms as a client sees it: the board of view.ts and the
 * score details of scoring.ts. The moves, options and events (events.ts, as
 * redactEvent shows them) are the engine's own schemas.
 */
import * as z from 'zod';
import { Area } from '../../../core/games/valeria-card-kingdoms/catalog/schema.js';
import { Answer, CardId, Dice, HarvestKind, Option, Phase, Prompt, Task, TheftOffer, VCK_EVENTS } from '../../../core/games/valeria-card-kingdoms/events.js';
import { VckMove } from '../../../core/games/valeria-card-kingdoms/moves.js';
import { valeriaCardKingdomsListing } from '../../../core/games/valeria-card-kingdoms/listing.js';
import { REJECTIONS as rejections } from '../../../core/games/valeria-card-kingdoms/rejections.js';
import { Count, eventUnions, gameContract, gameOptions, Instant, namedUnion, SeatNumber } from './common.js';

const GAME = 'ValeriaCardKingdoms';
/** The engine's moves, each a named component. */
const move = namedUnion('type', `${GAME}Move`, VckMove.options);
const Stack = { top: CardId.nullable(), size: Count };

export const board = z
  .object({
    options: gameOptions(valeriaCardKingdomsListing),
    solo: z.boolean(),
    firstPlayer: SeatNumber,
    phase: Phase,
    turn: z.object({
      active: SeatNumber,
      resting: SeatNumber.nullable().describe('5 players: the seat that does not harvest.'),
      dice: Dice.nullable(),
      diceChangers: z.array(CardId),
      actionsLeft: Count,
      deadline: Instant.describe('The turn deadline shared by die changes and actions (VK-R3).'),
      budgetSeconds: Count.describe('Turn time left when a harvest window opened.'),
    }),
    turnsPlayed: Count,
    endTriggered: z.boolean(),
    exhaustedStacks: Count,
    market: z.object({
      monsters: z.array(z.object({ area: Area, ...Stack })),
      citizens: z.array(z.object({ slot: z.string().describe('The activation values, e.g. `11-12`.'), names: z.array(z.string()), ...Stack })),
      domains: z.array(z.object(Stack)),
    }),
    players: z.array(
      z.object({
        gold: Count,
        strength: Count,
        magic: Count,
        vp: Count,
        citizens: z.array(CardId),
        monsters: z.array(CardId),
        domains: z.array(CardId),
        dukeKept: z.boolean(),
        duke: CardId.nullable().describe('Your own Duke; everyone’s once the game is over (VK-R4).'),
        dukeOffer: z.array(CardId).describe('Your two dealt Dukes until you keep one; empty for others.'),
      }),
    ),
    darkLord: z
      .object({ citizens: z.array(CardId), domains: z.array(CardId), duke: CardId.nullable().describe('Revealed at the end.') })
      .nullable()
      .describe('Solo only.'),
    harvest: z
      .object({
        kind: HarvestKind,
        activated: z.array(z.array(CardId)).describe('Per seat, the citizens activated.'),
        prompts: z.array(z.array(Prompt)).describe('Per seat, the choice points to answer.'),
        yours: z.array(Answer).nullable().describe('Your own submission, until the window closes (VK-R2).'),
        thefts: z
          .array(z.object({ seat: SeatNumber, prompt: Count, amount: Count }))
          .describe('The amounts Thieves’ owners chose so far, once the window closed (VK-R8).'),
        theft: TheftOffer.nullable().describe('The Thief take awaiting its owner’s amount once the window closed (VK-R8).'),
      })
      .nullable(),
    tasks: z.array(Task),
    choice: z.array(Option).nullable(),
    verdict: z.string().nullable(),
  })
  .meta({ id: `${GAME}Board` });

/** Each event as a player sees it and as logged, the kit's events added. */
export const { visibleEvent, loggedEvent } = eventUnions(GAME, VCK_EVENTS);

export const scoreDetail = z
  .object({
    monsters: Count,
    domains: Count,
    tokens: Count,
    duke: Count.nullable().describe('Null while the game runs: the Duke is secret.'),
    total: Count,
    cards: Count,
    darkLord: Count.nullable().optional().describe('Solo: the Dark Lord’s score once the game is over.'),
  })
  .meta({ id: `${GAME}ScoreDetail` });

/** The game's part of the contract; the listing gives its id, title and options. */
export const valeriaCardKingdomsContract = gameContract(valeriaCardKingdomsListing, { rejections, move, board, scoreDetail, visibleEvent, loggedEvent });
