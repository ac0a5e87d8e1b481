import { execute, type LoggedEvent, type Rejection } from '../engine/index.js';
import { reclaimSeat, replaceSeat, trackAbsence, type Actor } from './absence.js';
import { clockCommand } from './clock.js';
import { appendEvents } from './decided.js';
import type { TableGame, TableState } from './game.js';
import type { UndoEvent } from './undo.js';
import { holdForVacations, vacationCommand } from './vacation.js';

/**
 * What a commit stores as its command: exactly what the engine was asked, so
 * a verifier holding the revealed seed can re-decide every commit and compare
 * the events.
 */
export type CommandRecord =
  /** The first commit of every game: no events, but it carries the first deadline to timers and lists. */
  | { readonly type: 'start'; readonly at: number }
  /** A player's move or ordered batch, applied atomically. */
  | { readonly type: 'moves'; readonly seat: number; readonly moves: readonly unknown[]; readonly at: number }
  /** A bot's move for its seat. */
  | { readonly type: 'bot'; readonly seat: number; readonly level: 'random' | 'greedy'; readonly move: unknown; readonly at: number }
  /** A player's standing preference answering a window for them. */
  | { readonly type: 'preference'; readonly seat: number; readonly move: unknown; readonly at: number }
  /** The engine's own default once a deadline has passed. */
  | { readonly type: 'timeout'; readonly pendingId: string; readonly at: number }
  /**
   * A player's own latest commit taken back (safe undo, undo.ts):
   * the state it started from, put back; anyone holding the log can check
   * `restores` against their own replay up to `version - 1`.
   */
  | { readonly type: 'undo'; readonly seat: number; readonly version: number; readonly restores: TableState; readonly at: number }
  /** The greedy bot takes over a seat after its player's consecutive timeouts (absence.ts). */
  | { readonly type: 'replace'; readonly seat: number; readonly at: number }
  /** The player takes their seat back from the bot. */
  | { readonly type: 'reclaim'; readonly seat: number; readonly at: number }
  /** The seat's player is away from `leftAt` to `backAt` (started, or cut short): their deadlines move (vacation.ts). */
  | { readonly type: 'vacation'; readonly seat: number; readonly leftAt: number; readonly backAt: number; readonly at: number };

export interface RecordRejection {
  readonly rejection: Rejection;
  /** Which move of a batch was refused. */
  readonly index: number;
}

export interface RecordRun {
  readonly events: LoggedEvent[];
  /** The state after the record: a new one, `state` stays untouched. */
  readonly state: TableState;
}

/**
 * Runs a record against `state`, time banks settled; a batch is all or
 * nothing. The one step that joins a game's rules and the table's: the
 * service commits what it gives, and a verifier re-decides every commit with
 * it.
 */
export function runRecord(engine: TableGame, state: TableState, record: CommandRecord): RecordRun | RecordRejection {
  // The clocks restart from the restored state: the time since it stays spent (undo returns no bank time).
  if (record.type === 'undo') return clockCommand(engine, record.restores, undoRun(record), { at: record.at, timedOut: false });
  if (record.type === 'replace' || record.type === 'reclaim') return seatChange(engine, state, record);
  if (record.type === 'vacation') return vacationRun(engine, state, record);
  const run = decideRecord(engine, state, record);
  if ('rejection' in run) return run;
  const clocked = clockCommand(engine, state, run, { at: record.at, timedOut: record.type === 'timeout' });
  const tracked = trackAbsence(engine, state, clocked, actorOf(record));
  return holdForVacations(engine, state, tracked, record.at);
}

/** A vacation reaching the game: the running bank settled up to now, then the seat's deadlines moved. */
function vacationRun(engine: TableGame, state: TableState, record: Extract<CommandRecord, { type: 'vacation' }>): RecordRun {
  const settled = clockCommand(engine, state, { events: [], state }, { at: record.at, timedOut: false });
  return vacationCommand(engine, state, settled, record.seat, { leftAt: record.leftAt, backAt: record.backAt }, record.at);
}

function actorOf(record: CommandRecord): Actor {
  if (record.type === 'timeout') return { kind: 'timeout', at: record.at };
  if (record.type === 'moves' || record.type === 'preference') return { kind: 'player', seat: record.seat };
  return { kind: 'other' };
}

/** A seat handed to the bot or taken back: one `absence` event; the clocks run on as they were. */
function seatChange(engine: TableGame, state: TableState, record: Extract<CommandRecord, { type: 'replace' | 'reclaim' }>): RecordRun {
  const event = record.type === 'replace' ? replaceSeat(state, record.seat) : reclaimSeat(state, record.seat);
  return appendEvents(engine, state, { events: [], state }, [event]);
}

function undoRun(record: Extract<CommandRecord, { type: 'undo' }>): RecordRun {
  const undone: UndoEvent = { type: 'undone', version: record.version, state: record.restores };
  return { events: [undone], state: structuredClone(record.restores) };
}

function decideRecord(
  engine: TableGame,
  state: TableState,
  record: Exclude<CommandRecord, { type: 'undo' | 'replace' | 'reclaim' | 'vacation' }>,
): RecordRun | RecordRejection {
  if (record.type === 'start') return { events: [], state };
  if (record.type === 'timeout') {
    const result = execute(engine, state, { type: 'timeout', at: record.at, pendingId: record.pendingId });
    return result.ok ? result : { rejection: result, index: 0 };
  }
  const moves = record.type === 'moves' ? record.moves : [record.move];
  const events: LoggedEvent[] = [];
  let current = state;
  for (const [index, move] of moves.entries()) {
    const result = execute(engine, current, { type: 'move', seat: record.seat, move, at: record.at });
    if (!result.ok) return { rejection: result, index };
    events.push(...result.events);
    current = result.state;
  }
  return { events, state: current };
}
