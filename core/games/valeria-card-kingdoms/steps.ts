import { dueSeats, everyoneSubmitted, type StepMap } from '../../engine/index.js';
import { actionMoves } from './actions.js';
import { decideMove } from './decide.js';
import type { Draft } from './draft.js';
import { playerAt } from './kingdom.js';
import type { VckEvent } from './events.js';
import { chooseMoves, diceMoves, dukeMoves, harvestMoves, stealMoves } from './legal.js';
import type { VckMove } from './moves.js';
import type { VckState } from './state.js';
import { closeHarvest, startTurn } from './turn.js';

/** Every step a Valeria: Card Kingdoms game can await. */
export type VckStep = 'duke' | 'roll' | 'dice' | 'harvest' | 'second-harvest' | 'theft' | 'action' | 'choose';

/** VK-R3: the active player's step is played for them. */
function play(d: Draft, move: (state: VckState) => VckMove): void {
  const refusal = decideMove(d, d.state.turn.active, move(d.state));
  if (refusal) throw new Error(`default move refused: ${refusal.message}`);
}

/** Whether every seat of the awaited window has answered (or had its part defaulted). */
const windowComplete = (d: Draft) => d.state.pending?.kind === 'simultaneous' && everyoneSubmitted(d.state.pending);

/**
 * VK-R2: a harvest window closes with each missing answer's default. When a
 * late part (a vacation) keeps it open for one seat, the seats whose parts
 * are due now are marked defaulted (resolved with everyone's at the close);
 * otherwise it closes at once, as it always has, so logs recorded before
 * vacations re-decide to the same events.
 */
const harvest = {
  accepts: ['harvest'],
  legal: harvestMoves,
  timeout(d: Draft) {
    const pending = d.state.pending;
    const due = dueSeats(pending, d.at);
    const lateStays = pending?.kind === 'simultaneous' && pending.seats.some((seat) => !pending.submitted.includes(seat) && !due.includes(seat));
    if (!lateStays) return closeHarvest(d);
    for (const seat of due) d.emit({ type: 'harvest-defaulted', seat });
  },
} as const;

/** Which moves each step accepts, which are legal now, and what the engine does at its deadline. */
export const STEPS: StepMap<VckStep, VckState, VckMove, VckEvent> = {
  duke: {
    accepts: ['keep-duke'],
    legal: dukeMoves,
    // VK-R4: the first Duke dealt, for everyone who has not kept one and whose part is due; the first turn once all are kept.
    timeout(d) {
      for (const seat of dueSeats(d.state.pending, d.at)) d.emit({ type: 'duke-kept', seat, duke: playerAt(d.state, seat).dukeOffer[0] as string });
      if (windowComplete(d)) startTurn(d, d.state.firstPlayer);
    },
  },
  roll: { accepts: ['roll'], legal: () => [{ type: 'roll' }], timeout: (d) => play(d, () => ({ type: 'roll' })) },
  dice: { accepts: ['change-die', 'keep-dice'], legal: diceMoves, timeout: (d) => play(d, () => ({ type: 'keep-dice' })) },
  harvest,
  'second-harvest': harvest,
  // VK-R8: the Thief's owner says how much a take takes; at the deadline it takes the most.
  theft: { accepts: ['steal'], legal: stealMoves, timeout: (d) => play(d, (state) => ({ type: 'steal', amount: state.harvest?.theft?.most ?? 0 })) },
  // VK-R3: take 1 Gold as each remaining action.
  action: {
    accepts: ['slay', 'recruit', 'build', 'take'],
    legal: actionMoves,
    timeout: (d) => play(d, (state) => actionMoves(state, state.turn.active).find((m) => m.type === 'take' && m.resource === 'gold') as VckMove),
  },
  choose: { accepts: ['choose'], legal: chooseMoves, timeout: (d) => play(d, () => ({ type: 'choose', option: 0 })) },
};
