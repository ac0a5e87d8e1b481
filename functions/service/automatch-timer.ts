import type { AutomatchPayload, Timer } from '../timers/port.js';

/** A pool with seeks waiting is passed over at least this often (its accepted gaps widen meanwhile; matching.ts). */
export const MATCH_SWEEP_MS = 5 * 60_000;

/**
 * The pool's pass due in the sweep slot after `after`: one timer per pool and
 * slot, however many seeks arrive in it (a second schedule of the same id
 * takes the first's place). Apart from automatch.ts so the stream consumer's
 * timer job, which arms it on AWS, imports nothing of automatch's store work.
 */
export function poolTimer(game: string, pool: string, after: number): Timer<AutomatchPayload> {
  const slot = Math.floor(after / MATCH_SWEEP_MS) + 1;
  return { id: `automatch.${pool}.${slot}`, dueAt: slot * MATCH_SWEEP_MS, payload: { kind: 'automatch', game, pool } };
}
