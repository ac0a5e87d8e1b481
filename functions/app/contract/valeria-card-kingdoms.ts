/**
 * Valeria: Card Kingdoms as a client sees it: the board of view.ts, the
 * events of events.ts as redactEvent shows them, the score details of
 * scoring.ts. The moves and options are the engine's own schemas.
 */
import * as z from 'zod';
import { Area, Bag, Effect, HarvestEffect, Resource } from '../../../core/games/valeria-card-kingdoms/catalog/schema.js';
import { VckMove } from '../../../core/games/valeria-card-kingdoms/moves.js';
import { valeriaCardKingdomsListing } from '../../../core/games/valeria-card-kingdoms/listing.js';
import { REJECTIONS as rejections } from '../../../core/games/valeria-card-kingdoms/rejections.js';
import { Count, eventUnions, gameContract, gameOptions, Instant, namedUnion, orNull, SeatNumber, tagged } from './common.js';

const GAME = 'ValeriaCardKingdoms';
/** The engine's moves, each a named component. */
const move = namedUnion('type', `${GAME}Move`, VckMove.options);
const CardId = z.string().describe('A card id of the catalog: the card’s name and copy, e.g. `Cleric#2`.');
const Die = z.number().int().min(1).max(6);
const Phase = z.enum(['dukes', 'roll', 'dice', 'harvest', 'actions', 'monsters', 'second-harvest', 'over']);
const TokensBag = Bag.meta({ id: `${GAME}Tokens` });

const Option = namedUnion('kind', `${GAME}Option`, [
  z.object({ kind: z.literal('gain'), gain: TokensBag }),
  z.object({ kind: z.literal('exchange'), pay: TokensBag, gain: TokensBag }),
  z.object({ kind: z.literal('decline') }),
  z.object({ kind: z.literal('alternative'), effects: z.array(Effect) }),
  z.object({ kind: z.literal('take'), from: SeatNumber.nullable().describe('Null: the reserve (solo).'), resource: Resource, amount: Count }),
  z.object({ kind: z.literal('recruit'), stack: Count }),
  z.object({ kind: z.literal('return'), card: CardId }),
  z.object({ kind: z.literal('steal'), from: SeatNumber.nullable().describe('Null: the top of the leftmost monster stack (solo).') }),
  z.object({ kind: z.literal('attack'), stack: Count }),
  z.object({ kind: z.literal('capture'), zone: z.enum(['citizens', 'domains']), stack: Count }),
]);

const Task = namedUnion('kind', `${GAME}Task`, [
  z.object({ kind: z.literal('effect'), effect: Effect, card: CardId.nullable() }),
  z.object({ kind: z.literal('attack'), stack: Count.nullable().describe('Null: a 6, the player picks the stack.') }),
]);

const Prompt = z
  .object({ card: CardId.nullable().describe('Null: the free resource of a player with nothing activated.'), effect: HarvestEffect, options: z.array(Option) })
  .meta({ id: `${GAME}Prompt` });
const Answer = z.object({ prompt: Count, option: Count }).meta({ id: `${GAME}Answer` });
const HarvestKind = z.enum(['main', 'second']);
const TheftOffer = z
  .object({
    seat: SeatNumber,
    prompt: Count.describe('The owner’s harvest prompt this take answers.'),
    from: SeatNumber.nullable().describe('Null: the reserve (solo).'),
    resource: Resource,
    most: Count.describe('The most this take can take now: send a `steal` move of 0 to this amount (VK-R8).'),
  })
  .meta({ id: `${GAME}TheftOffer` });
const Stack = { top: CardId.nullable(), size: Count };
/** The two dice, in order. */
const Dice = z.array(Die).min(2).max(2);

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
        theft: TheftOffer.nullable().describe('The Thief take awaiting its owner’s amount once the window closed (VK-R8).'),
      })
      .nullable(),
    tasks: z.array(Task),
    choice: z.array(Option).nullable(),
    verdict: z.string().nullable(),
  })
  .meta({ id: `${GAME}Board` });

const Delta = z.object({ gold: z.number().int(), strength: z.number().int(), magic: z.number().int(), vp: z.number().int() }).meta({ id: `${GAME}Delta` });

const EVENT = `${GAME}Event`;
const event = <T extends z.ZodObject>(schema: T) => tagged(EVENT, 'type', schema);

const publicEvents = [
  event(z.object({ type: z.literal('turn-started'), seat: SeatNumber, resting: SeatNumber.nullable(), deadline: Instant })),
  event(z.object({ type: z.literal('dice-rolled'), dice: Dice })),
  event(
    z
      .object({ type: z.literal('harvest-defaulted'), seat: SeatNumber })
      .describe("The seat's part of the harvest window closed unanswered: its defaults apply when the window closes (VK-R2)."),
  ),
  event(z.object({ type: z.literal('die-changed'), domain: CardId, die: z.number().int().min(0).max(1), value: Die, paid: Count })),
  event(
    z.object({
      type: z.literal('harvest-opened'),
      harvest: z.object({ kind: HarvestKind, activated: z.array(z.array(CardId)), prompts: z.array(z.array(Prompt)) }),
      budgetSeconds: Count,
    }),
  ),
  event(z.object({ type: z.literal('theft-offered'), offer: TheftOffer, turnDeadline: Instant })),
  event(z.object({ type: z.literal('theft-chosen'), seat: SeatNumber, prompt: Count, amount: Count })),
  event(z.object({ type: z.literal('harvest-resolved'), answers: z.array(z.array(Answer).nullable()), deltas: z.array(Delta), turnDeadline: Instant })),
  event(z.object({ type: z.literal('tokens-changed'), seat: SeatNumber, pay: TokensBag, gain: TokensBag, card: CardId.nullable() })),
  event(z.object({ type: z.literal('tokens-taken'), seat: SeatNumber, from: SeatNumber, resource: Resource, amount: Count })),
  event(z.object({ type: z.literal('monster-slain'), seat: SeatNumber, stack: Count, card: CardId, strength: Count, magic: Count })),
  event(z.object({ type: z.literal('citizen-recruited'), seat: SeatNumber, stack: Count, card: CardId, gold: Count, magic: Count, free: z.boolean() })),
  event(z.object({ type: z.literal('domain-built'), seat: SeatNumber, stack: Count, card: CardId, gold: Count, magic: Count })),
  event(z.object({ type: z.literal('resource-taken'), seat: SeatNumber, resource: Resource })),
  event(z.object({ type: z.literal('citizen-returned'), seat: SeatNumber, card: CardId, stack: Count })),
  event(z.object({ type: z.literal('monster-returned'), seat: SeatNumber, card: CardId, stack: Count })),
  event(z.object({ type: z.literal('monster-stolen'), seat: SeatNumber, from: SeatNumber.nullable(), stack: Count.nullable(), card: CardId })),
  event(z.object({ type: z.literal('dark-lord-captured'), zone: z.enum(['citizens', 'domains']), stack: Count, card: CardId })),
  event(z.object({ type: z.literal('tasks-queued'), tasks: z.array(Task) })),
  event(z.object({ type: z.literal('task-resolved'), option: orNull(Option) })),
  event(z.object({ type: z.literal('choice-offered'), options: z.array(Option) })),
  event(z.object({ type: z.literal('phase-entered'), phase: Phase })),
  event(z.object({ type: z.literal('turn-ended'), seat: SeatNumber, endTriggered: z.boolean() })),
  event(
    z.object({
      type: z.literal('game-ended'),
      dukes: z.array(CardId.nullable()),
      darkLordDuke: CardId.nullable(),
      scores: z.array(z.number().int()),
      winners: z.array(SeatNumber),
      verdict: z.string().nullable(),
    }),
  ),
] as const;

/** Each event as a player sees it and as logged, the kit's events added. */
export const { visibleEvent, loggedEvent } = eventUnions(GAME, {
  publicEvents,
  /** As a player sees them (redactEvent in view.ts). */
  visible: [
    z.object({ type: z.literal('duke-kept'), seat: SeatNumber, duke: CardId.optional().describe('Only for its owner (VK-R4).') }),
    z.object({ type: z.literal('harvest-submitted'), seat: SeatNumber, answers: z.array(Answer).optional().describe('Only for the submitter (VK-R2).') }),
  ],
  /** As logged, for the verification after the end. */
  logged: [
    z.object({ type: z.literal('duke-kept'), seat: SeatNumber, duke: CardId }),
    z.object({ type: z.literal('harvest-submitted'), seat: SeatNumber, answers: z.array(Answer) }),
  ],
});

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
