import type { LoggedEvent } from '../engine/index.js';
import type { TableState } from './game.js';
import type { CommandRecord } from './record.js';
import { isoInstant, presentTimes, type Presented } from './times.js';
import { undoneAsShown, type UndoEvent } from './undo.js';

/**
 * What a verification gives, back in the engine's units: the API speaks RFC
 * 3339 instants and whole seconds, the engines epoch milliseconds. Anyone
 * replaying a finished game (the tests, the web client's "verify") starts here.
 */
export interface PublishedSetup {
  readonly seed: string;
  readonly setup: {
    readonly seats: number;
    readonly options: unknown;
    readonly deadlines: {
      readonly windowSeconds: number;
      readonly turnSeconds: number;
      readonly bank?: { readonly initialSeconds: number; readonly incrementSeconds: number; readonly maxSeconds: number };
    };
    /** Null only for a game that never started (which has no verification). */
    readonly startedAt: string | null;
  };
}

export function replayInit({ seed, setup }: PublishedSetup) {
  const { windowSeconds, turnSeconds, bank } = setup.deadlines;
  const deadlines = {
    windowMs: windowSeconds * 1000,
    turnMs: turnSeconds * 1000,
    ...(bank ? { bank: { initialMs: bank.initialSeconds * 1000, incrementMs: bank.incrementSeconds * 1000, maxMs: bank.maxSeconds * 1000 } } : {}),
  };
  return { seats: setup.seats, options: setup.options, deadlines, seed, at: setup.startedAt === null ? 0 : Date.parse(setup.startedAt) };
}

/**
 * A verification shows an undo as the commit it took back, never as the
 * state it put back: that state is the verifier's own, rebuilt by its replay
 * up to the commit before (and a server-supplied state would prove nothing).
 */
export function publishedCommit(commit: { readonly seq: number; readonly at: number; readonly command: unknown; readonly events: readonly unknown[] }) {
  return {
    seq: commit.seq,
    at: isoInstant(commit.at),
    command: publishedCommand(commit.command as CommandRecord),
    events: publishedEvents(commit.events as LoggedEvent[]),
  };
}

/** A stored command as the verification publishes it: its instants RFC 3339, an undo without the state it restored. */
export function publishedCommand(command: CommandRecord): PublishedCommand {
  if (command.type !== 'undo') return presentTimes(command);
  const { restores: _restored, ...undo } = command;
  return presentTimes(undo);
}

/** Logged events as the verification publishes them: what a replay compares its own events with. */
export function publishedEvents(events: readonly LoggedEvent[]) {
  return presentTimes(events.map((event) => (event.type === 'undone' ? undoneAsShown(event as UndoEvent) : event)));
}

/** A logged command as the verification publishes it: its instants RFC 3339 strings, an undo without the state it restored. */
export type PublishedCommand = {
  [K in CommandRecord['type']]: Presented<Omit<Extract<CommandRecord, { type: K }>, 'restores'>>;
}[CommandRecord['type']];

/**
 * A published command back in the engine's units (its instant in epoch
 * milliseconds); an undo gets back the state before the commit it took back
 * from `statesBefore`, the states the replay has rebuilt so far.
 */
export function recordOf(command: PublishedCommand, statesBefore: readonly TableState[]): CommandRecord {
  const at = Date.parse(command.at);
  if (command.type === 'vacation') return { ...command, leftAt: Date.parse(command.leftAt), backAt: Date.parse(command.backAt), at };
  if (command.type !== 'undo') return { ...command, at } as CommandRecord;
  const restores = statesBefore[command.version - 1];
  if (!restores) throw new Error(`undo of commit ${command.version}, which the log does not hold before it`);
  return { ...command, restores, at };
}
