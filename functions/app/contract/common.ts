/**
 * Building blocks of the documented contract (documentation and tests only:
 * the running service never imports functions/app/contract).
 */
import * as z from 'zod';
import { Count, namedUnion, orNull, pascal, SeatNumber, tagged, type EventVocabulary } from '../../../core/engine/schema.js';
import { DURATION, INSTANT } from '../../../core/table/times.js';

/** Every instant the API sends: RFC 3339, UTC, millisecond precision. */
export const Instant = z.iso.datetime();

/** A seat number, a count, naming helpers: core's, shared with the games' events (core/games/<game>/events.ts). */
export { Count, namedUnion, orNull, pascal, SeatNumber, tagged } from '../../../core/engine/schema.js';

const pendingFields = {
  id: z.string().describe('Unique within the game (`p1`, `p2`, …).'),
  deadline: Instant.describe('After it, anyone may trigger the default resolution; the service applies it lazily on the next read or write.'),
  step: z.string().describe('What is awaited, in the game’s own words (e.g. `follow`, `harvest`, `plan`).'),
};

/** Who may act now, and how (see the engine contract in the README). */
export const Pending = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('turn'), ...pendingFields, seat: SeatNumber }).meta({ id: 'PendingTurn' }),
    z
      .object({
        kind: z.literal('sequential'),
        ...pendingFields,
        seat: SeatNumber,
        queue: z.array(SeatNumber).describe('Those who answer after `seat`, in order.'),
      })
      .meta({ id: 'PendingSequential' }),
    z
      .object({
        kind: z.literal('simultaneous'),
        ...pendingFields,
        seats: z.array(SeatNumber).describe('Everyone with something to submit.'),
        submitted: z.array(SeatNumber).describe('Those who have submitted; what they submitted stays secret until the window closes.'),
        lateParts: z
          .array(z.object({ seat: SeatNumber, deadline: Instant }).meta({ id: 'LatePart' }))
          .optional()
          .describe("Seats whose part closes after the window's own deadline (a vacation), each with its own deadline; the others' parts close on time."),
        othersClosed: z
          .literal(true)
          .optional()
          .describe("The window's own deadline has passed: only the seats of `lateParts` may still answer, and `deadline` is the earliest of theirs."),
      })
      .meta({ id: 'PendingSimultaneous' }),
    z.object({ kind: z.literal('decision'), ...pendingFields, seat: SeatNumber }).meta({ id: 'PendingDecision' }),
  ])
  .meta({ id: 'Pending' });

/** The kit's event a player sees once the game is over. */
/** The kit's event naming who acts next (null: nobody, the game is over). */
export const Awaiting = z.object({ type: z.literal('awaiting'), pending: orNull(Pending) });
export const SeedRevealed = z.object({ type: z.literal('seed-revealed'), seed: z.string() });
/** The generator's state after a commit: in the verification log only. */
export const RngAdvanced = z.object({ type: z.literal('rng-advanced'), rng: z.array(z.number().int()).min(4).max(4) });

/** The table's time banks after a commit of a game with a bank (core/table/clock.ts); public. */
export const ClockSettled = z.object({
  type: z.literal('clock'),
  clocks: z.object({
    bankSeconds: z.array(Count).describe("Each seat's bank as settled by this commit."),
    running: SeatNumber.nullable().describe('The seat whose bank runs down from now.'),
    settledAt: Instant,
  }),
});

/** The table's record of timeouts and of seats handed to the greedy bot or taken back (core/table/absence.ts); public. */
export const AbsenceChanged = z.object({
  type: z.literal('absence'),
  absence: z.object({ streak: z.array(Count).describe('Consecutive timeouts per seat.'), replaced: z.array(SeatNumber).describe('Seats the bot plays now.') }),
  change: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('replaced'), seat: SeatNumber, afterTimeouts: Count }),
      z.object({ kind: z.literal('reclaimed'), seat: SeatNumber }),
    ])
    .optional()
    .describe('Present when a seat changed hands.'),
});

/** A seat's vacation as a game knows it, and the deadlines of theirs a commit moved for it (core/table/vacation.ts); public. */
export const VacationRecorded = z.object({
  type: z.literal('vacation'),
  seat: SeatNumber,
  away: z.object({ leftAt: Instant, backAt: Instant.describe('When they are back: as planned, or when they cut it short.') }),
  shifts: z
    .array(z.object({ pendingId: z.string(), seat: SeatNumber, fromDeadline: Instant, toDeadline: Instant }))
    .describe("The seat's deadlines this commit moved: pushed back when a vacation starts or an entry opens during it, pulled in when it ends early."),
});

/**
 * An undo: which commit was taken back. Never the state it put back (that
 * would show everyone's secrets; a verifier rebuilds it by its own replay).
 */
export const Undone = z.object({ type: z.literal('undone'), version: z.number().int().min(1).describe('The commit taken back.') });

/**
 * An event as the API sends it: the engines keep instants as epoch
 * milliseconds and durations as `…Ms`, the API sends RFC 3339 strings and
 * whole `…Seconds` (core/table/times.ts, whose names of times these are).
 * Events carry times at their top level.
 */
function presented(event: z.ZodObject): z.ZodObject {
  const fields = Object.entries(event.shape);
  const isTime = (key: string, field: z.ZodType) => field instanceof z.ZodNumber && (INSTANT.test(key) || DURATION.test(key));
  if (!fields.some(([key, field]) => isTime(key, field))) return event;
  const present = ([key, field]: [string, z.ZodType]): [string, z.ZodType] => {
    if (!isTime(key, field)) return [key, field];
    const described = <T extends z.ZodType>(schema: T) => (field.description ? schema.describe(field.description) : schema);
    const duration = DURATION.exec(key);
    return duration ? [`${duration[1]}Seconds`, described(Count)] : [key, described(Instant)];
  };
  const shown = z.object(Object.fromEntries(fields.map(present)));
  const meta = event.meta();
  return meta ? shown.meta(meta) : shown;
}

/**
 * A game's two event unions, with the kit's events every game logs added
 * here, so a game lists only its own (core/games/<game>/events.ts):
 * `visibleEvent` (as a player sees them, redacted) and `loggedEvent` (in
 * full, for the verification after the end, which also carries the
 * generator's state). Each member is a named component: a public event
 * `${game}Event${Type}`, the others `${game}VisibleEvent${Type}` and
 * `${game}LoggedEvent${Type}`.
 */
export function eventUnions(game: string, events: EventVocabulary) {
  const EVENT = `${game}Event`;
  const publicEvents = events.publicEvents.map((schema) => tagged(EVENT, 'type', presented(schema)));
  const kit = [Awaiting, SeedRevealed, ClockSettled, AbsenceChanged, VacationRecorded].map((schema) => tagged(EVENT, 'type', schema));
  const union = (id: string, members: readonly z.ZodObject[]) => namedUnion('type', id, members as [z.ZodObject, ...z.ZodObject[]]);
  return {
    visibleEvent: union(`${game}VisibleEvent`, [...events.visible.map(presented), ...publicEvents, ...kit, tagged(`${game}VisibleEvent`, 'type', Undone)]),
    loggedEvent: union(`${game}LoggedEvent`, [
      ...events.logged.map(presented),
      ...publicEvents,
      ...kit,
      tagged(`${game}LoggedEvent`, 'type', Undone),
      tagged(EVENT, 'type', RngAdvanced),
    ]),
  };
}

/** Who produced a commit. */
export const Actor = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('player'), seat: SeatNumber, playerId: z.string() }).meta({ id: 'ActorPlayer' }),
    z.object({ kind: z.literal('bot'), seat: SeatNumber }).meta({ id: 'ActorBot' }),
    z
      .object({ kind: z.literal('preference'), seat: SeatNumber })
      .describe('Your standing orders answering a window for you.')
      .meta({ id: 'ActorPreference' }),
    z
      .object({ kind: z.literal('system') })
      .describe('The game itself: its start, a deadline that passed, or a seat handed to the bot.')
      .meta({ id: 'ActorSystem' }),
  ])
  .meta({ id: 'Actor' });

/** The end-of-game (or running) score sheet, with the game's own details per seat. */
export function scoreSheet<D extends z.ZodType>(details: D) {
  return z.object({
    scores: z.array(z.number().int()).describe('Final score per seat, in seat order.'),
    winners: z.array(SeatNumber).describe('Seats sharing first place after every tie-break (empty while running).'),
    details: z.array(details).describe('Per-seat breakdown.'),
    verdict: z.string().optional().describe('Solo: the game’s verdict.'),
    turns: Count.describe('Turns (or rounds, where everyone plays at once) played so far.'),
  });
}

/** What the registry lists of a game, as the contract needs it. */
interface Listed<O extends z.ZodType> {
  readonly meta: { readonly id: string; readonly title: string; readonly minSeats: number; readonly maxSeats: number };
  readonly optionsSchema: O;
}

/** A game's options as the named component `${Game}Options` (one schema per game, so one id). */
const namedOptions = new Map<string, z.ZodType>();
export function gameOptions<O extends z.ZodType>(listing: Listed<O>): O {
  if (!namedOptions.has(listing.meta.id)) namedOptions.set(listing.meta.id, listing.optionsSchema.meta({ id: `${pascal(listing.meta.id)}Options` }));
  return namedOptions.get(listing.meta.id) as O;
}

/** A game's own schemas: what it refuses, what a client sends, sees and scores. */
export interface GameParts {
  readonly rejections: Readonly<Record<string, string>>;
  readonly move: z.ZodType;
  /** Only for a game that takes standing orders. */
  readonly standingOrders?: z.ZodType;
  readonly board: z.ZodType;
  readonly scoreDetail: z.ZodType;
  readonly visibleEvent: z.ZodType;
  readonly loggedEvent: z.ZodType;
}

/** A game's part of the contract: its listing's facts and options, then its own schemas. */
export function gameContract(listing: Listed<z.ZodType>, parts: GameParts) {
  const { id, title, minSeats, maxSeats } = listing.meta;
  return { id, title, minSeats, maxSeats, options: gameOptions(listing), ...parts, standingOrders: parts.standingOrders ?? null };
}
