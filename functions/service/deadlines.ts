import * as z from 'zod';
import type { Deadlines } from '../../core/engine/index.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Named paces for a game. `live` suits a table playing now; `daily` suits the
 * asynchronous one-move-a-day game the service exists for; `correspondence`
 * gives each player a Fischer bank instead of a fixed turn length (with a
 * bank, `turnMs` is the window length: only windows keep a fixed length).
 */
export const DEADLINE_PRESETS = {
  live: { windowMs: 60 * SECOND, turnMs: 5 * MINUTE },
  daily: { windowMs: DAY, turnMs: 3 * DAY },
  correspondence: { windowMs: DAY, turnMs: DAY, bank: { initialMs: 3 * DAY, incrementMs: DAY, maxMs: 7 * DAY } },
} as const satisfies Record<string, Deadlines>;

export type DeadlinePreset = keyof typeof DEADLINE_PRESETS;

/** Bounds for custom durations: short enough for tests, long enough for holidays. */
export const DEADLINE_BOUNDS = { minMs: 1 * SECOND, maxMs: 14 * DAY } as const;

const duration = z
  .number()
  .int()
  .min(DEADLINE_BOUNDS.minMs / SECOND, { message: `must be at least ${DEADLINE_BOUNDS.minMs / SECOND} second` })
  .max(DEADLINE_BOUNDS.maxMs / SECOND, { message: `must be at most ${DEADLINE_BOUNDS.maxMs / DAY} days` });

const BankRequest = z
  .strictObject({
    initialSeconds: duration.describe("Each player's bank at the start, in seconds."),
    incrementSeconds: z
      .number()
      .int()
      .min(0)
      .max(DEADLINE_BOUNDS.maxMs / SECOND, { message: `must be at most ${DEADLINE_BOUNDS.maxMs / DAY} days` })
      .describe('Added to the bank each time the player finishes a move (not when a deadline passes), in seconds.'),
    maxSeconds: duration.describe('The bank never holds more than this, in seconds.'),
  })
  .refine((bank) => bank.maxSeconds >= Math.max(bank.initialSeconds, bank.incrementSeconds), {
    message: 'must be at least initialSeconds and incrementSeconds',
    path: ['maxSeconds'],
  })
  .describe(
    'A Fischer time bank per player for their turns and decisions; when it runs out the engine plays its default and the bank restarts at the increment.',
  );

export const DeadlinesRequest = z
  .union([
    z.enum(['live', 'daily', 'correspondence']),
    z.strictObject({
      windowSeconds: duration.describe('Follow, harvest and other reaction windows, in seconds.'),
      turnSeconds: duration.describe("A player's own turn or planning phase, in seconds."),
    }),
    z.strictObject({
      bank: BankRequest,
      windowSeconds: duration.describe('Windows open to several players (follows, harvests, planning), in seconds; they never touch a bank.'),
    }),
  ])
  .default('daily')
  .describe(
    'A preset pace (`live`: windows 60 s, turns 5 min; `daily`: windows 24 h, turns 72 h; `correspondence`: a bank of 3 days, +1 day per move, at most 7 days, windows 24 h), custom durations, or a custom bank.',
  );

export type DeadlinesRequest = z.infer<typeof DeadlinesRequest>;

export function resolveDeadlines(request: DeadlinesRequest): Deadlines {
  if (typeof request === 'string') return DEADLINE_PRESETS[request];
  if ('bank' in request) {
    const { initialSeconds, incrementSeconds, maxSeconds } = request.bank;
    const windowMs = request.windowSeconds * SECOND;
    return { windowMs, turnMs: windowMs, bank: { initialMs: initialSeconds * SECOND, incrementMs: incrementSeconds * SECOND, maxMs: maxSeconds * SECOND } };
  }
  return { windowMs: request.windowSeconds * SECOND, turnMs: request.turnSeconds * SECOND };
}
