import { dueSeats, type BaseState, type Folding, type GameEvent, type Part, type Seat } from '../engine/index.js';
import { appendEvents, type Decided } from './decided.js';

/**
 * Absent players: each seat's run of consecutive timeouts (defaults the
 * engine played while the player did nothing), and the seats the greedy bot
 * plays until their players reclaim them. Kept in the state by `absence`
 * events, so the log holds every replacement and reclaim and replay
 * rebuilds them.
 */
export interface Absence {
  /** Consecutive timeouts per seat; a move of the player's own resets it. */
  readonly streak: readonly number[];
  /** Seats the greedy bot plays now, in the order they were taken over. */
  readonly replaced: readonly Seat[];
}

export type AbsenceChange =
  { readonly kind: 'replaced'; readonly seat: Seat; readonly afterTimeouts: number } | { readonly kind: 'reclaimed'; readonly seat: Seat };

export type AbsenceEvent = { readonly type: 'absence'; readonly absence: Absence; readonly change?: AbsenceChange };

export interface AbsenceState extends BaseState {
  /** Timeout streaks and seats played by the bot for absent players, once any. */
  absence?: Absence;
}

/** Absence as a part of the table: the latest `absence` event is the streaks and replaced seats; public, like the seats themselves. */
export const absencePart: Part<AbsenceState, AbsenceEvent> = {
  events: ['absence'],
  fold: (state, event) => {
    state.absence = event.absence;
  },
  copy: (from, to) => {
    if (from.absence) to.absence = from.absence;
  },
  redact: (event) => event,
};

const none = (seats: number): Absence => ({ streak: Array.from({ length: seats }, () => 0), replaced: [] });

/** Who acted in a command, as far as absence cares. */
export type Actor = { readonly kind: 'timeout'; readonly at: number } | { readonly kind: 'player'; readonly seat: Seat } | { readonly kind: 'other' };

/** The streaks after a command: a timeout adds one for every seat whose part it defaulted (bots' seats aside), a player's own move clears theirs. */
export function absenceAfter(before: AbsenceState, actor: Actor): Absence | null {
  const current = before.absence ?? none(before.seats);
  const streak = [...current.streak];
  if (actor.kind === 'timeout')
    for (const seat of dueSeats(before.pending, actor.at)) if (!current.replaced.includes(seat)) streak[seat] = (streak[seat] ?? 0) + 1;
  if (actor.kind === 'player') streak[actor.seat] = 0;
  return streak.every((n, seat) => n === current.streak[seat]) ? null : { ...current, streak };
}

/** The seat the bot should take over now: one whose streak reached the limit (0: never). */
export function seatToReplace(state: AbsenceState, limit: number): Seat | null {
  if (limit === 0 || !state.absence) return null;
  const seat = state.absence.streak.findIndex((n, s) => n >= limit && !state.absence!.replaced.includes(s));
  return seat === -1 ? null : seat;
}

export function replaceSeat(state: AbsenceState, seat: Seat): AbsenceEvent {
  const current = state.absence ?? none(state.seats);
  return {
    type: 'absence',
    absence: { ...current, replaced: [...current.replaced, seat] },
    change: { kind: 'replaced', seat, afterTimeouts: current.streak[seat] ?? 0 },
  };
}

export function reclaimSeat(state: AbsenceState, seat: Seat): AbsenceEvent {
  const current = state.absence ?? none(state.seats);
  const streak = current.streak.map((n, s) => (s === seat ? 0 : n));
  return { type: 'absence', absence: { streak, replaced: current.replaced.filter((s) => s !== seat) }, change: { kind: 'reclaimed', seat } };
}

/** Adds a command's streak update to what the engine decided, folded into its resulting state (a copy when it changed nothing). */
export function trackAbsence<S extends AbsenceState>(folding: Folding<S, GameEvent>, before: S, decided: Decided<S>, actor: Actor) {
  const absence = absenceAfter(before, actor);
  const added: AbsenceEvent[] = absence === null ? [] : [{ type: 'absence', absence }];
  return appendEvents(folding, before, decided, added);
}

/** The seats a log's events show timing out at least once (a replaced seat always did): those that did not finish reliably. */
export function seatsThatTimedOut(events: Iterable<unknown>): Set<Seat> {
  const seats = new Set<Seat>();
  for (const event of events) {
    if (!isAbsenceEvent(event)) continue;
    event.absence.streak.forEach((n, seat) => {
      if (n > 0) seats.add(seat);
    });
  }
  return seats;
}

function isAbsenceEvent(event: unknown): event is AbsenceEvent {
  return typeof event === 'object' && event !== null && (event as { type?: unknown }).type === 'absence';
}
