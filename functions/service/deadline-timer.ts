import type { Commit } from '../store/port.js';
import type { DeadlinePayload, Timer } from '../timers/port.js';

/** What a part of an id may be for the id to read `gameId.pendingId`. */
const NAME_PART = /^[0-9A-Za-z_-]+$/;

/**
 * A deadline timer's id, one per pending entry: readable `gameId.pendingId`
 * where both parts are plain (a Scheduler schedule is named by it), otherwise
 * a JSON form; a continuation's (`continues`) is `gameId.pendingId.now`. None
 * can collide: a readable deadline id has exactly one dot and no bracket, a
 * continuation's two, and the JSON forms start with a bracket.
 */
export function deadlineTimerId(gameId: string, pendingId: string, continues = false): string {
  if (NAME_PART.test(gameId) && NAME_PART.test(pendingId)) return `${gameId}.${pendingId}${continues ? '.now' : ''}`;
  return JSON.stringify([continues ? 'continue' : 'deadline', gameId, pendingId]);
}

/** The wake-up call for a pending entry's deadline, opened by commit `seq`. */
export function deadlineTimer(gameId: string, seq: number, pendingId: string, deadline: number): Timer<DeadlinePayload> {
  return { id: deadlineTimerId(gameId, pendingId), dueAt: deadline, payload: { kind: 'deadline', gameId, seq, pendingId } };
}

/**
 * The wake-up call, due at `at`, of a game whose request left system moves
 * (bots, standing orders) to play: the timer plays the next slice. Its own
 * id, so the entry's deadline timer stays as it is, in case nothing follows.
 */
export function continuationTimer(gameId: string, seq: number, pendingId: string, at: number): Timer<DeadlinePayload> {
  return { id: deadlineTimerId(gameId, pendingId, true), dueAt: at, payload: { kind: 'deadline', gameId, seq, pendingId, continues: true } };
}

/**
 * The timer a durable commit asks for: a continuation at once when its
 * request left system moves to play (`summary.continues`), otherwise the
 * deadline of the entry it leaves pending, if it has one.
 */
export function deadlineTimerOf(commit: Commit): Timer<DeadlinePayload> | null {
  const { deadline, pendingId, continues } = commit.summary;
  if (deadline === null || pendingId === null) return null;
  return continues ? continuationTimer(commit.gameId, commit.seq, pendingId, commit.at) : deadlineTimer(commit.gameId, commit.seq, pendingId, deadline);
}

/** What a durable commit changes in a game's timers. */
export interface TimerChanges {
  /** The deadline of the entry it leaves pending, then a continuation if its request left system moves to play. */
  readonly schedule: readonly Timer<DeadlinePayload>[];
  /** The deadline timer of the entry it closed: resolved before its deadline, that entry's timer would only fire to find nothing to do. */
  readonly cancel: string | null;
}

export function timerChangesOf(commit: Commit): TimerChanges {
  const { deadline, pendingId, continues, closedPendingId } = commit.summary;
  const schedule = deadline === null || pendingId === null ? [] : [deadlineTimer(commit.gameId, commit.seq, pendingId, deadline)];
  if (continues && pendingId !== null) schedule.push(continuationTimer(commit.gameId, commit.seq, pendingId, commit.at));
  return { schedule, cancel: closedPendingId === undefined ? null : deadlineTimerId(commit.gameId, closedPendingId) };
}
