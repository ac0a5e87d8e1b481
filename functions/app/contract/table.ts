/** A table's time and absence rules and what views show of them: banks, timeout streaks, seats under a bot. */
import * as z from 'zod';
import { Count, Instant, SeatNumber } from './common.js';

/** Time banks in a game view (functions/service/clock-view.ts): public, like a clock beside the board. */
export const ClocksView = z
  .object({
    asOf: Instant.describe('The moment these banks are counted at: the response time.'),
    seats: z.array(
      z.object({
        seat: SeatNumber,
        bankSeconds: Count.describe('What is left of the bank at `asOf`.'),
        running: z.boolean().describe("Whether this bank is running down now: the game awaits this player's turn or decision."),
        runsOutAt: Instant.nullable().describe('When the running bank runs out (the deadline); null when not running.'),
      }),
    ),
  })
  .meta({ id: 'Clocks' });

export const TableRules = z
  .object({
    undo: z.boolean().describe('Whether players may take back their own latest commit that revealed nothing.'),
    replaceAfterTimeouts: Count.describe('Consecutive timeouts after which the greedy bot plays a seat (0: never).'),
    vacation: z.boolean().describe("Whether a player's vacation pushes back their own deadlines at this game."),
    minReliability: z
      .number()
      .int()
      .min(1)
      .max(100)
      .optional()
      .describe('The reliability (percent) a player needs to take a seat; absent: none. Players with no finished game yet may always join.'),
  })
  .meta({ id: 'TableRules' });

export const AbsenceView = z
  .object({
    timeoutStreaks: z.array(Count).describe("Consecutive timeouts per seat; a move of the player's own resets it."),
    seatsUnderBot: z.array(SeatNumber).describe('Seats the greedy bot plays now for absent players; once the game is over, the seats that ended under a bot.'),
  })
  .meta({ id: 'Absence' });

/** Who is on vacation now in a game (or an inbox entry), and until when. */
export const OnVacation = z.array(z.object({ seat: SeatNumber, until: Instant })).meta({ id: 'OnVacation' });

/** A player's vacation allowance and current vacation (functions/service/vacation.ts). */
export const Vacation = z
  .object({
    year: z.number().int().describe('The UTC calendar year the allowance counts.'),
    allowanceDays: Count.describe('Whole days a player may be away per calendar year (a setting of the deployment).'),
    usedDays: Count,
    remainingDays: Count,
    current: z
      .object({ from: Instant, until: Instant, days: Count.describe('Whole days it takes from the allowance.') })
      .nullable()
      .describe('The vacation you are on now; null when you are not.'),
  })
  .meta({ id: 'Vacation' });

export const VacationChange = Vacation.extend({
  refundedDays: Count.optional().describe('Coming back early: the unused whole days given back.'),
  games: z
    .array(z.object({ gameId: z.string(), version: z.number().int().min(1).describe('The `vacation` commit.') }))
    .describe('Your running games that allow vacations and recorded this one, each as a commit.'),
}).meta({ id: 'VacationChange' });
