import { dueSeats, everyoneSubmitted, stepRules, type PlayMove, type StepMap } from '../../engine/index.js';
import { actionMoves, playAction } from './actions.js';
import { choose, keepDuke, roll, settleDice, steal, submitHarvest } from './decide.js';
import type { Draft } from './draft.js';
import { playerAt } from './kingdom.js';
import type { VckEvent } from './events.js';
import { chooseMoves, diceMoves, dukeMoves, harvestMoves, stealMoves } from './legal.js';
import type { VckMove } from './moves.js';
import type { VckState } from './state.js';
import { closeHarvest, startTurn } from './turn.js';

/** Every step a Valeria: Card Kingdoms game can await. */
export type VckStep = 'duke' | 'roll' | 'dice' | 'harvest' | 'second-harvest' | 'theft' | 'action' | 'choose';

const rule = stepRules<VckState, VckMove, VckEvent>();

/** VK-R3: the active player's step is played for them. */
const forActive = (move: (state: VckState) => VckMove) => (d: Draft, play: PlayMove<VckMove>) => play(d.state.turn.active, move(d.state));

/** Whether every seat of the awaited window has answered (or had its part defaulted). */
const windowComplete = (d: Draft) => d.state.pending?.kind === 'simultaneous' && everyoneSubmitted(d.state.pending);

/**
 * VK-R2: a harvest window closes with each missing answer's default. When a
 * late part (a vacation) keeps it open for one seat, the seats whose parts
 * are due now are marked defaulted (resolved with everyone's at the close);
 * otherwise it closes at once, as it always has, so logs recorded before
 * vacations re-decide to the same events.
 */
const harvest = rule({
  accepts: ['harvest'],
  legal: harvestMoves,
  decide: submitHarvest,
  timeout(d) {
    const pending = d.state.pending;
    const due = dueSeats(pending, d.at);
    const lateStays = pending?.kind === 'simultaneous' && pending.seats.some((seat) => !pending.submitted.includes(seat) && !due.includes(seat));
    if (!lateStays) return closeHarvest(d);
    for (const seat of due) d.emit({ type: 'harvest-defaulted', seat });
  },
});

/** Which moves each step accepts, which are legal now, how each is decided, and what the engine does at its deadline. */
export const STEPS: StepMap<VckStep, VckState, VckMove, VckEvent> = {
  duke: rule({
    accepts: ['keep-duke'],
    legal: dukeMoves,
    decide: keepDuke,
    // VK-R4: the first Duke dealt, for everyone who has not kept one and whose part is due; the first turn once all are kept.
    timeout(d) {
      for (const seat of dueSeats(d.state.pending, d.at)) d.emit({ type: 'duke-kept', seat, duke: playerAt(d.state, seat).dukeOffer[0] as string });
      if (windowComplete(d)) startTurn(d, d.state.firstPlayer);
    },
  }),
  roll: rule({ accepts: ['roll'], legal: () => [{ type: 'roll' }], decide: roll, timeout: forActive(() => ({ type: 'roll' })) }),
  dice: rule({ accepts: ['change-die', 'keep-dice'], legal: diceMoves, decide: settleDice, timeout: forActive(() => ({ type: 'keep-dice' })) }),
  harvest,
  'second-harvest': harvest,
  // VK-R8: the Thief's owner says how much a take takes; at the deadline it takes the most.
  theft: rule({
    accepts: ['steal'],
    legal: stealMoves,
    decide: steal,
    timeout: forActive((state) => ({ type: 'steal', amount: state.harvest?.theft?.most ?? 0 })),
  }),
  // VK-R3: take 1 Gold as each remaining action.
  action: rule({
    accepts: ['slay', 'recruit', 'build', 'take'],
    legal: actionMoves,
    decide: playAction,
    timeout: forActive((state) => actionMoves(state, state.turn.active).find((m) => m.type === 'take' && m.resource === 'gold') as VckMove),
  }),
  choose: rule({ accepts: ['choose'], legal: chooseMoves, decide: choose, timeout: forActive(() => ({ type: 'choose', option: 0 })) }),
};

/**
 * How far one timeout runs (each step's own default above): a window closes
 * with its defaults (VK-R2, VK-R4); an overdue turn is played out step by
 * step until a step with a later deadline opens (VK-R3).
 */
export function playOverdue(d: Draft, settleStep: () => void): void {
  if (d.state.pending?.kind === 'simultaneous') return settleStep();
  while (turnStepOverdue(d)) settleStep();
}

function turnStepOverdue(d: Draft): boolean {
  const pending = d.state.pending;
  return pending !== null && pending.kind !== 'simultaneous' && pending.deadline <= d.at;
}
