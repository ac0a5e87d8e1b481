import { banksAt, isoInstant, type TableState } from '../../core/table/index.js';

/**
 * The time banks as a viewer sees them at `now`: the running bank counted
 * down to this moment (not while its player is away), and when it runs out. Null for games without a bank.
 * Banks are public: every player sees everyone's clock, as over a board.
 */
export function presentClocks(state: TableState, now: number) {
  const clocks = state.clocks;
  if (!state.deadlines.bank || !clocks) return null;
  return {
    asOf: isoInstant(now),
    seats: banksAt(clocks, now, state.vacations).map(({ seat, bankMs, running, runsOutAt }) => ({
      seat,
      bankSeconds: Math.floor(bankMs / 1000),
      running,
      runsOutAt: runsOutAt === null ? null : isoInstant(runsOutAt),
    })),
  };
}
