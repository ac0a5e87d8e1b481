import type { Bank, BaseState, Folding, GameEvent, LoggedEvent, Part, Pending, Seat } from '../engine/index.js';
import { appendEvents, type Decided } from './decided.js';
import { awayDuring, resumesAt, type Vacations, type VacationState } from './vacation.js';

/**
 * Fischer time banks. The engine has no clock: every change here is computed
 * from the time a command carries and recorded as a `clock` event in that
 * command's commit, so replaying the log rebuilds every bank exactly.
 *
 * A player's turns and decisions run on their own bank; windows open to
 * several players (follows, harvests, planning) keep the game's fixed window
 * length and stop no one's clock. The deadline of a banked step is the moment
 * the bank runs out.
 */
export interface Clocks {
  /** Each seat's bank in milliseconds, as of `settledAt`. */
  readonly bankMs: readonly number[];
  /** The seat whose bank is running down, if any. */
  readonly running: Seat | null;
  /** When `bankMs` was last settled (the time of the last commit). */
  readonly settledAt: number;
}

export type ClockEvent = { readonly type: 'clock'; readonly clocks: Clocks };

export interface ClockState extends BaseState {
  /** The time banks, once the first commit of a game with a bank settled them. */
  clocks?: Clocks;
}

/** Clocks as a part of the table: the latest `clock` event is the banks; public, like a clock on the table. */
export const clockPart: Part<ClockState, ClockEvent> = {
  events: ['clock'],
  fold: (state, event) => {
    state.clocks = event.clocks;
  },
  copy: (from, to) => {
    if (from.clocks) to.clocks = from.clocks;
  },
  redact: (event) => event,
};

/** The seat whose bank a pending entry draws on: a turn's or a decision's owner; windows draw on none. */
export function clockedSeat(pending: Pending | null): Seat | null {
  if (pending === null) return null;
  return pending.kind === 'turn' || pending.kind === 'decision' ? pending.seat : null;
}

/** What one command did, as far as clocks care. */
export interface ClockedCommand {
  readonly at: number;
  /** The engine's default at a deadline, rather than someone's move. */
  readonly timedOut: boolean;
}

/**
 * Settles the banks for one command: the running seat pays the time since
 * the last commit; if its step is over, it gains the increment (capped), or,
 * when its bank ran out, restarts at the increment. Then the clock of whoever
 * the new pending entry awaits starts, and that entry's deadline becomes the
 * moment their bank runs out. A seat's vacation stops its bank: the time away
 * is not charged, and a deadline set while away counts from their return.
 */
export function settleClocks(
  bank: Bank,
  seats: number,
  previous: Clocks | undefined,
  command: ClockedCommand,
  next: Pending | null,
  vacations?: Vacations,
): { clocks: Clocks; deadline: number | null } {
  const bankMs = previous ? [...previous.bankMs] : Array.from({ length: seats }, () => bank.initialMs);
  const running = clockedSeat(next);
  if (previous && previous.running !== null) {
    const seat = previous.running;
    const used = Math.max(0, command.at - previous.settledAt) - awayDuring(vacations?.[seat], previous.settledAt, command.at);
    const left = Math.max(0, (bankMs[seat] ?? 0) - used);
    if (command.timedOut && left === 0) bankMs[seat] = Math.min(bank.maxMs, bank.incrementMs);
    else if (running !== seat) bankMs[seat] = Math.min(bank.maxMs, left + bank.incrementMs);
    else bankMs[seat] = left;
  }
  const clocks: Clocks = { bankMs, running, settledAt: command.at };
  return { clocks, deadline: running === null ? null : resumesAt(vacations?.[running], command.at) + (bankMs[running] ?? 0) };
}

/** Each seat's bank as of `now` (the running one counted down, but not while its player is away), and when it runs out, for views. */
export function banksAt(
  clocks: Clocks,
  now: number,
  vacations?: Vacations,
): { readonly seat: Seat; readonly bankMs: number; readonly running: boolean; readonly runsOutAt: number | null }[] {
  return clocks.bankMs.map((ms, seat) => {
    if (clocks.running !== seat) return { seat, bankMs: ms, running: false, runsOutAt: null };
    const away = vacations?.[seat];
    const left = Math.max(0, ms - (Math.max(0, now - clocks.settledAt) - awayDuring(away, clocks.settledAt, now)));
    return { seat, bankMs: left, running: true, runsOutAt: resumesAt(away, now) + left };
  });
}

/**
 * Adds one command's clock events to what the engine decided, folded into its
 * resulting state (a copy when the command changed nothing): the settled
 * banks, and the awaited entry again with the deadline its bank gives.
 * Games without a bank are returned as they are.
 */
export function clockCommand<S extends ClockState & VacationState>(folding: Folding<S, GameEvent>, before: S, decided: Decided<S>, command: ClockedCommand) {
  const bank = before.deadlines.bank;
  if (!bank) return appendEvents(folding, before, decided, []);
  const pending = decided.state.pending;
  const { clocks, deadline } = settleClocks(bank, before.seats, before.clocks, command, pending, before.vacations);
  const added: LoggedEvent<ClockEvent>[] = [{ type: 'clock', clocks }];
  if (deadline !== null && pending && pending.deadline !== deadline) added.push({ type: 'awaiting', pending: { ...pending, deadline } });
  return appendEvents(folding, before, decided, added);
}
