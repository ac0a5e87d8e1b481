import * as z from 'zod';
import type { TableRules } from '../store/port.js';
import type { DeadlinesRequest } from './deadlines.js';

export const TableRulesRequest = z
  .strictObject({
    undo: z.boolean().optional().describe('Safe undo of your own latest commit that revealed nothing (default: on, except with the real-time `live` preset).'),
    replaceAfterTimeouts: z
      .number()
      .int()
      .min(0)
      .max(20)
      .optional()
      .describe('Consecutive timeouts of one seat after which the greedy bot plays it until its player reclaims it (default 3; 0 = never).'),
    vacation: z
      .boolean()
      .optional()
      .describe("Whether a player's vacation pushes back their own deadlines at this table (default: on; off for strict clocks)."),
    minReliability: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe(
        'The reliability (percent of finished games finished without a timeout) a player needs to take a seat; players with no finished game yet may always join (default: none).',
      ),
    allowBots: z.boolean().optional().describe('Whether bot accounts may take seats here (default: on). Built-in bots the creator seats are not bot accounts.'),
  })
  .default({})
  .describe("The table's rules for undo, absent players, vacations and bot accounts.");

export type TableRulesRequest = z.infer<typeof TableRulesRequest>;

export const DEFAULT_REPLACE_AFTER_TIMEOUTS = 3;

/** A table's rules: what the creator asked, defaults for the rest (`rated`: whether the game is rated, which keeps bot accounts away by default). */
export function resolveTableRules(request: TableRulesRequest, deadlines: DeadlinesRequest, rated: boolean): TableRules {
  return {
    undo: request.undo ?? deadlines !== 'live',
    replaceAfterTimeouts: request.replaceAfterTimeouts ?? DEFAULT_REPLACE_AFTER_TIMEOUTS,
    vacation: request.vacation ?? true,
    ...(request.minReliability ? { minReliability: request.minReliability } : {}),
    // Bot accounts are welcome at unrated tables only, unless the creator says otherwise: people's ratings are for games between people.
    allowBots: request.allowBots ?? !rated,
  };
}

/** Games created before tables had rules keep the rules they were created under: no undo, no replacement, no vacations. */
export const RULES_BEFORE_TABLE_RULES: TableRules = { undo: false, replaceAfterTimeouts: 0, vacation: false, allowBots: true };
