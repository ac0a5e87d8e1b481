import { banksAt, type BaseState } from '../../core/engine/index.js';

/**
 * The time banks as a viewer sees them at `now`: the running bank counted
 * down to this moment, and when it runs out. Null for games without a bank.
 * Banks are public: every player sees everyone's clock, as over a board.
 */
export function presentClocks(state: BaseState, now: number) {
  const clocks = state.clocks;
  if (!state.deadlines.bank || !clocks) return null;
  return {
    asOf: new Date(now).toISOString(),
    seats: banksAt(clocks, now).map(({ seat, bankMs, running }) => ({
      seat,
      bankSeconds: Math.floor(bankMs / 1000),
      running,
      runsOutAt: running ? new Date(now + bankMs).toISOString() : null,
    })),
  };
}
