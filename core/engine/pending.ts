/**
 * Who may act now, and how. Every game's state holds one `pending` entry
 * (null once the game is over). Each entry has a deadline; when it passes,
 * anyone may send the `timeout` command and the engine applies its own
 * default resolution. The engine has no clock: deadlines are computed from
 * the `at` carried by the command that opened the entry.
 */
export type Seat = number;

/** Which configured duration a pending entry's deadline uses. */
export type TimerKind = 'turn' | 'window';

/** Durations in milliseconds, chosen when the game is created. */
export interface Deadlines {
  /** A player's own turn, planning phase or main choice. */
  readonly turnMs: number;
  /** A reaction: a follow window, a harvest window, a short decision. */
  readonly windowMs: number;
  /**
   * A time bank with increment (Fischer) per player, when the game uses one:
   * then each player's turns and decisions run on their bank (core/table/clock.ts) and
   * only windows open to several players keep a fixed `windowMs`.
   */
  readonly bank?: Bank;
}

/** A Fischer time control: every player starts with `initialMs`, gains `incrementMs` per finished move, never holds more than `maxMs`. */
export interface Bank {
  readonly initialMs: number;
  readonly incrementMs: number;
  readonly maxMs: number;
}

interface PendingCommon {
  /** Unique within a game (`p1`, `p2`, …): timers and clients refer to it. */
  readonly id: string;
  /** Epoch milliseconds after which `timeout` is accepted. */
  readonly deadline: number;
  /** Game-specific name of what is awaited, e.g. `follow`, `harvest`, `plan`. */
  readonly step: string;
}

/** One player's turn. */
export interface TurnPending extends PendingCommon {
  readonly kind: 'turn';
  readonly seat: Seat;
}

/** Players answer one at a time in a fixed order (VoV follow, clockwise). */
export interface SequentialPending extends PendingCommon {
  readonly kind: 'sequential';
  /** The player whose answer is awaited now. */
  readonly seat: Seat;
  /** Those who answer after `seat`, in order. */
  readonly queue: readonly Seat[];
}

/** A seat whose part of a shared window closes after the others' (a vacation, core/table/vacation.ts), with its own deadline. */
export interface LatePart {
  readonly seat: Seat;
  readonly deadline: number;
}

/** Several players answer at once; answers stay hidden until it closes. */
export interface SimultaneousPending extends PendingCommon {
  readonly kind: 'simultaneous';
  /** Everyone with something to submit. */
  readonly seats: readonly Seat[];
  /** Those who have submitted (the submissions themselves are secret). */
  readonly submitted: readonly Seat[];
  /**
   * Parts that close later than the window's own deadline: the others'
   * parts close on time and only these seats' defaults wait for theirs.
   */
  readonly lateParts?: readonly LatePart[];
  /** Set once the window's own deadline passed with late parts still open: `deadline` is then the earliest of them, and only their seats may act. */
  readonly othersClosed?: true;
}

/** A sub-choice of one player inside a larger step. */
export interface DecisionPending extends PendingCommon {
  readonly kind: 'decision';
  readonly seat: Seat;
}

export type Pending = TurnPending | SequentialPending | SimultaneousPending | DecisionPending;

/** Players whose answer is still awaited (the "it's your move" list). */
export function awaitedSeats(pending: Pending | null): Seat[] {
  if (!pending) return [];
  if (pending.kind === 'simultaneous') return pending.seats.filter((s) => !pending.submitted.includes(s));
  return [pending.seat];
}

/**
 * Whether this seat may send a move now. In a simultaneous window a player
 * who already submitted may still be allowed to replace the submission; the
 * game decides that.
 */
export function mayAct(pending: Pending | null, seat: Seat): boolean {
  if (!pending) return false;
  if (pending.kind === 'simultaneous') return pending.seats.includes(seat) && (!pending.othersClosed || hasLatePart(pending, seat));
  return pending.seat === seat;
}

function hasLatePart(pending: SimultaneousPending, seat: Seat): boolean {
  return pending.lateParts?.some((part) => part.seat === seat) ?? false;
}

/** The seat's own deadline in an entry: its late part's in a shared window, else the entry's. */
export function partDeadline(pending: Pending, seat: Seat): number {
  if (pending.kind !== 'simultaneous') return pending.deadline;
  return pending.lateParts?.find((part) => part.seat === seat)?.deadline ?? pending.deadline;
}

/** The awaited seats whose part is overdue at `at`: those a timeout then answers with their defaults (the rest wait for their late parts). */
export function dueSeats(pending: Pending | null, at: number): Seat[] {
  if (!pending) return [];
  return awaitedSeats(pending).filter((seat) => partDeadline(pending, seat) <= at);
}

/**
 * A shared window still open after its timeout: the late parts (a vacation)
 * are all that is left of it, so it waits for the earliest of them alone.
 * Null when the window has no open late part.
 */
export function closeOnTimeParts(pending: SimultaneousPending): SimultaneousPending | null {
  const awaited = awaitedSeats(pending);
  const open = (pending.lateParts ?? []).filter((part) => awaited.includes(part.seat));
  if (open.length === 0) return null;
  return { ...pending, othersClosed: true, deadline: Math.min(...open.map((part) => part.deadline)) };
}

export function isOverdue(pending: Pending, at: number): boolean {
  return at >= pending.deadline;
}

export function deadlineAfter(at: number, deadlines: Deadlines, timer: TimerKind): number {
  return at + (timer === 'turn' ? deadlines.turnMs : deadlines.windowMs);
}

/** The id of the n-th pending entry of a game. */
export function pendingId(n: number): string {
  return `p${n}`;
}

interface OpenArgs {
  /** How many pending entries the game has opened so far. */
  readonly opened: number;
  readonly at: number;
  readonly deadlines: Deadlines;
  readonly step: string;
  readonly timer: TimerKind;
}

function common(args: OpenArgs): PendingCommon {
  return { id: pendingId(args.opened + 1), deadline: deadlineAfter(args.at, args.deadlines, args.timer), step: args.step };
}

export function openTurn(args: OpenArgs & { seat: Seat }): TurnPending {
  return { kind: 'turn', ...common(args), seat: args.seat };
}

/**
 * A window answered one seat at a time. Returns null when nobody is eligible,
 * so callers close the step at once instead of opening an empty window.
 */
export function openSequentialWindow(args: OpenArgs & { order: readonly Seat[] }): SequentialPending | null {
  const [first, ...rest] = args.order;
  if (first === undefined) return null;
  return { kind: 'sequential', ...common(args), seat: first, queue: rest };
}

/** The same window moved on to the next seat in its queue, with a fresh deadline. */
export function advanceSequentialWindow(pending: SequentialPending, args: Omit<OpenArgs, 'step' | 'timer'> & { timer?: TimerKind }): SequentialPending | null {
  return openSequentialWindow({ ...args, step: pending.step, timer: args.timer ?? 'window', order: pending.queue });
}

export function openSimultaneousWindow(args: OpenArgs & { seats: readonly Seat[] }): SimultaneousPending | null {
  if (args.seats.length === 0) return null;
  return { kind: 'simultaneous', ...common(args), seats: [...args.seats], submitted: [] };
}

export function withSubmission(pending: SimultaneousPending, seat: Seat): SimultaneousPending {
  if (pending.submitted.includes(seat)) return pending;
  return { ...pending, submitted: [...pending.submitted, seat] };
}

export function everyoneSubmitted(pending: SimultaneousPending): boolean {
  return pending.seats.every((s) => pending.submitted.includes(s));
}

export function openDecision(args: OpenArgs & { seat: Seat }): DecisionPending {
  return { kind: 'decision', ...common(args), seat: args.seat };
}

/** Seats clockwise after `from` (excluding it), for follow windows. */
export function clockwiseAfter(from: Seat, seatCount: number): Seat[] {
  const out: Seat[] = [];
  for (let i = 1; i < seatCount; i++) out.push((from + i) % seatCount);
  return out;
}
