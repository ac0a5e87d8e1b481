import {
  awaitedSeats,
  closeOnTimeParts,
  partDeadline,
  type BaseState,
  type Folding,
  type GameEvent,
  type LoggedEvent,
  type Part,
  type Pending,
  type Seat,
  type SimultaneousPending,
} from '../engine/index.js';
import { appendEvents, type Decided } from './decided.js';

/**
 * Vacations. While a player is away their own deadlines stand still: every
 * entry that awaits them is pushed back by the time they are away from it,
 * and only their part of a window shared with others (the others' parts
 * close on time). The engine has no clock: a vacation reaches a game as a
 * `vacation` event in a commit of its own, and entries opened while it runs
 * get the extension in the commit that opens them, so replay rebuilds every
 * deadline exactly. Banks do not run while their player is away (clock.ts).
 */
export interface Away {
  /** When the player left. */
  readonly leftAt: number;
  /** When they are back: as planned, or the moment they cut it short. */
  readonly backAt: number;
}

/** Each seat's latest vacation (null: none), kept after it ends so a bank can tell vacation time from thinking time. */
export type Vacations = readonly (Away | null)[];

/** One deadline a vacation moved: the seat's part of entry `pendingId`, from one instant to another. */
export interface DeadlineShift {
  readonly pendingId: string;
  readonly seat: Seat;
  readonly fromDeadline: number;
  readonly toDeadline: number;
}

/** A seat's vacation as the game knows it now, and the deadlines of theirs that this commit moved for it. */
export type VacationEvent = { readonly type: 'vacation'; readonly seat: Seat; readonly away: Away; readonly shifts: readonly DeadlineShift[] };

export interface VacationState extends BaseState {
  /** Each seat's latest vacation, once one reached the game. */
  vacations?: Vacations;
}

/** Vacations as a part of the table: each `vacation` event sets its seat's latest vacation (the deadlines it moved come as `awaiting`); public. */
export const vacationPart: Part<VacationState, VacationEvent> = {
  events: ['vacation'],
  fold: (state, event) => {
    const vacations = [...(state.vacations ?? Array.from({ length: state.seats }, () => null))];
    vacations[event.seat] = event.away;
    state.vacations = vacations;
  },
  copy: (from, to) => {
    if (from.vacations) to.vacations = from.vacations;
  },
  redact: (event) => event,
};

/** Whether the seat is away at `at`. */
export function isAway(away: Away | null | undefined, at: number): away is Away {
  return away !== null && away !== undefined && away.leftAt <= at && at < away.backAt;
}

/** How much of the vacation is still ahead at `at`: what a deadline of theirs set at `at` is pushed back by. */
export function remainingAway(away: Away | null | undefined, at: number): number {
  return isAway(away, at) ? away.backAt - at : 0;
}

/** The part of [start, end] the seat spent away: time their bank is not charged for. */
export function awayDuring(away: Away | null | undefined, start: number, end: number): number {
  if (!away) return 0;
  return Math.max(0, Math.min(end, away.backAt) - Math.max(start, away.leftAt));
}

/** The seats away at `at`, with their vacations. */
export function awaySeats(vacations: Vacations | undefined, at: number): { seat: Seat; leftAt: number; backAt: number }[] {
  return (vacations ?? []).flatMap((away, seat) => (isAway(away, at) ? [{ seat, ...away }] : []));
}

/** When the seat's time runs again after `at`: the end of their vacation if they are away, else `at`. */
export function resumesAt(away: Away | null | undefined, at: number): number {
  return isAway(away, at) ? away.backAt : at;
}

/** The window with the seat's part closing at `deadline`: a late part when after the others', none when it rejoins them. */
function withPart(pending: SimultaneousPending, seat: Seat, deadline: number): SimultaneousPending {
  const { lateParts = [], ...rest } = pending;
  const others = lateParts.filter((part) => part.seat !== seat);
  if (pending.othersClosed) return closeOnTimeParts({ ...rest, lateParts: [...others, { seat, deadline }] }) as SimultaneousPending;
  const parts = deadline > pending.deadline ? [...others, { seat, deadline }] : others;
  return parts.length === 0 ? rest : { ...rest, lateParts: parts };
}

/** The entry with the seat's part of it moved by `deltaMs`, and the shift; null when it does not await the seat. */
export function shiftPart(pending: Pending, seat: Seat, deltaMs: number): { pending: Pending; shift: DeadlineShift } | null {
  if (deltaMs === 0 || !awaitedSeats(pending).includes(seat)) return null;
  const fromDeadline = partDeadline(pending, seat);
  const toDeadline = fromDeadline + deltaMs;
  const shift = { pendingId: pending.id, seat, fromDeadline, toDeadline };
  if (pending.kind !== 'simultaneous') return { pending: { ...pending, deadline: toDeadline }, shift };
  return { pending: withPart(pending, seat, toDeadline), shift };
}

/**
 * A vacation reaching a game (started, or cut short): the seat's latest
 * vacation becomes `away`, and the entry awaiting them moves by what changed
 * in the time still ahead of them — pushed back by the vacation's length when
 * it starts, pulled in by its unused rest when it ends early.
 */
export function vacationCommand<S extends VacationState>(folding: Folding<S, GameEvent>, before: S, decided: Decided<S>, seat: Seat, away: Away, at: number) {
  const state = decided.state;
  const deltaMs = remainingAway(away, at) - remainingAway(state.vacations?.[seat], at);
  const moved = state.pending && !state.finished ? shiftPart(state.pending, seat, deltaMs) : null;
  const added: LoggedEvent<VacationEvent>[] = [{ type: 'vacation', seat, away, shifts: moved ? [moved.shift] : [] }];
  if (moved) added.push({ type: 'awaiting', pending: moved.pending });
  return appendEvents(folding, before, decided, added);
}

/**
 * Extends, for every awaited seat away at `at`, an entry this command just
 * opened: their part starts when they are back. Banked turns and decisions
 * are left to the bank, whose deadline already counts the vacation (clock.ts).
 */
export function holdForVacations<S extends VacationState>(folding: Folding<S, GameEvent>, before: S, decided: Decided<S>, at: number) {
  const { pending, vacations } = decided.state;
  const banked = before.deadlines.bank !== undefined && (pending?.kind === 'turn' || pending?.kind === 'decision');
  if (!vacations || !pending || pending.id === before.pending?.id || banked) return appendEvents(folding, before, decided, []);
  const added: LoggedEvent<VacationEvent>[] = [];
  let held: Pending = pending;
  for (const seat of awaitedSeats(pending)) {
    const away = vacations[seat];
    const moved = isAway(away, at) ? shiftPart(held, seat, remainingAway(away, at)) : null;
    if (!away || !moved) continue;
    held = moved.pending;
    added.push({ type: 'vacation', seat, away, shifts: [moved.shift] });
  }
  if (added.length > 0) added.push({ type: 'awaiting', pending: held });
  return appendEvents(folding, before, decided, added);
}
