import * as z from 'zod';
import type { Deadlines } from '../../core/engine/index.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Named paces for a game. `live` suits a table playing now; `daily` suits the
 * asynchronous one-move-a-day game the service exists for.
 */
export const DEADLINE_PRESETS = {
  live: { windowMs: 60 * SECOND, turnMs: 5 * MINUTE },
  daily: { windowMs: DAY, turnMs: 3 * DAY },
} as const satisfies Record<string, Deadlines>;

/** Bounds for custom durations: short enough for tests, long enough for holidays. */
export const DEADLINE_BOUNDS = { minMs: 1 * SECOND, maxMs: 14 * DAY } as const;

const duration = z
  .number()
  .int()
  .min(DEADLINE_BOUNDS.minMs / SECOND, { message: `must be at least ${DEADLINE_BOUNDS.minMs / SECOND} second` })
  .max(DEADLINE_BOUNDS.maxMs / SECOND, { message: `must be at most ${DEADLINE_BOUNDS.maxMs / DAY} days` });

export const DeadlinesRequest = z
  .union([
    z.enum(['live', 'daily']),
    z.strictObject({
      windowSeconds: duration.describe('Follow, harvest and other reaction windows, in seconds.'),
      turnSeconds: duration.describe("A player's own turn or planning phase, in seconds."),
    }),
  ])
  .default('daily')
  .describe('A preset pace (`live`: windows 60 s, turns 5 min; `daily`: windows 24 h, turns 72 h) or custom durations.');

export type DeadlinesRequest = z.infer<typeof DeadlinesRequest>;

export function resolveDeadlines(request: DeadlinesRequest): Deadlines {
  if (typeof request === 'string') return DEADLINE_PRESETS[request];
  return { windowMs: request.windowSeconds * SECOND, turnMs: request.turnSeconds * SECOND };
}
