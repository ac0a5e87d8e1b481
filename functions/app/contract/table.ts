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
  })
  .meta({ id: 'TableRules' });

export const AbsenceView = z
  .object({
    timeoutStreaks: z.array(Count).describe("Consecutive timeouts per seat; a move of the player's own resets it."),
    seatsUnderBot: z.array(SeatNumber).describe('Seats the greedy bot plays now for absent players; once the game is over, the seats that ended under a bot.'),
  })
  .meta({ id: 'Absence' });
