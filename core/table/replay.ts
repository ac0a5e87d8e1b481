import type { LoggedEvent } from '../engine/index.js';
import type { TableGame, TableState } from './game.js';
import { publishedEvents, recordOf, replayInit, type PublishedCommand, type PublishedSetup } from './published.js';
import { runRecord } from './record.js';

/**
 * What a replay needs of a game's record (`GET /v1/games/{id}/record` once
 * the game is over, whose every page also answers `…/verify`): the revealed
 * seed and the setup, and every command with the events it logged, as the
 * record publishes them.
 */
export interface ReplayableRecord extends PublishedSetup {
  readonly commits: readonly { readonly seq: number; readonly command: PublishedCommand; readonly events: readonly unknown[] }[];
}

/** One commit decided again: the events the engine gave and the state they leave. */
export interface ReplayedCommit {
  readonly seq: number;
  readonly events: readonly LoggedEvent[];
  /** The state after this commit (a state of its own: later commits leave it as it is). */
  readonly state: TableState;
}

/** The first commit the engine did not reproduce: refused, or deciding other events than the record logged. */
export type Divergence =
  | { readonly seq: number; readonly kind: 'refused'; readonly code: string; readonly message: string }
  | { readonly seq: number; readonly kind: 'different-events' };

export interface Replay {
  /** The state the game started from, before its first commit. */
  readonly start: TableState;
  /** Every commit decided again, in order, up to the first that parts from the record. */
  readonly commits: readonly ReplayedCommit[];
  /** Where the replay parted from the record; null when every commit gave exactly the logged events. */
  readonly divergence: Divergence | null;
}

/** A record as the API answers it: a running game's holds no seed and only some commands. */
export interface RecordDocument {
  readonly seed?: string;
  readonly setup: PublishedSetup['setup'];
  readonly commits: readonly { readonly seq: number; readonly command?: PublishedCommand; readonly events: readonly unknown[] }[];
}

/** The record as a replay reads it, or null when it cannot be replayed: no seed or a command left out (a game still running). */
export function replayable(record: RecordDocument): ReplayableRecord | null {
  const { seed, setup } = record;
  if (seed === undefined) return null;
  const commits = record.commits.flatMap(({ seq, command, events }) => (command ? [{ seq, command, events }] : []));
  return commits.length === record.commits.length ? { seed, setup, commits } : null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Replays a record with the engine: the game set up from the revealed seed,
 * then every command decided again (`runRecord`, as the service decided it)
 * and its events compared with the logged ones. The verifier, the replay
 * viewer and the tests all start here; an undo puts back the state this
 * replay rebuilt before the commit it took back, never one the record gives.
 */
export function replayRecord(engine: TableGame, record: ReplayableRecord): Replay {
  const start = engine.setup(replayInit(record));
  const commits: ReplayedCommit[] = [];
  const statesBefore: TableState[] = [];
  let state = start;
  for (const commit of record.commits) {
    const command = recordOf(commit.command, statesBefore);
    statesBefore.push(state);
    const run = runRecord(engine, state, command);
    if ('rejection' in run)
      return { start, commits, divergence: { seq: commit.seq, kind: 'refused', code: run.rejection.code, message: run.rejection.message } };
    if (!sameJson(publishedEvents(run.events), commit.events)) return { start, commits, divergence: { seq: commit.seq, kind: 'different-events' } };
    commits.push({ seq: commit.seq, events: run.events, state: run.state });
    state = run.state;
  }
  return { start, commits, divergence: null };
}

/** The state a replay reached: after its last commit replayed, or the start. */
export const replayedEnd = (replay: Replay): TableState => replay.commits.at(-1)?.state ?? replay.start;
