import type { Commit } from '../store/port.js';
import type { DeadlinePayload, Timer } from '../timers/port.js';

/** What a part of an id may be for the id to read `gameId.pendingId`. */
const NAME_PART = /^[0-9A-Za-z_-]+$/;

/**
 * A deadline timer's id, one per pending entry: readable `gameId.pendingId`
 * where both parts are plain (a Scheduler schedule is named by it), otherwise
 * a JSON form. The two cannot collide: the readable one has exactly one dot
 * and no bracket, the other starts with one.
 */
export function deadlineTimerId(gameId: string, pendingId: string): string {
  return NAME_PART.test(gameId) && NAME_PART.test(pendingId) ? `${gameId}.${pendingId}` : JSON.stringify(['deadline', gameId, pendingId]);
}

/** The wake-up call for a pending entry's deadline, opened by commit `seq`. */
export function deadlineTimer(gameId: string, seq: number, pendingId: string, deadline: number): Timer<DeadlinePayload> {
  return { id: deadlineTimerId(gameId, pendingId), dueAt: deadline, payload: { kind: 'deadline', gameId, seq, pendingId } };
}

/** The timer a durable commit asks for: the deadline of the entry it leaves pending, if it has one. */
export function deadlineTimerOf(commit: Commit): Timer<DeadlinePayload> | null {
  const { deadline, pendingId } = commit.summary;
  return deadline === null || pendingId === null ? null : deadlineTimer(commit.gameId, commit.seq, pendingId, deadline);
}
