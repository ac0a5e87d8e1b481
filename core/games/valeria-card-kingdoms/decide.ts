import { everyoneSubmitted, withSubmission, wrongStep, type MoveOf, type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import type { Draft } from './draft.js';
import { checkAnswers } from './harvest.js';
import { playerAt } from './kingdom.js';
import type { VckMove } from './moves.js';
import { closeHarvest, changeDie, dieChanges, continueTurn, openHarvest, resolveTask, rollDice, settleHarvest, startTurn } from './turn.js';

/** Each step's decision (steps.ts gives each the moves of its step; the actions' is playAction in actions.ts); a rejection leaves the draft untouched. */

/** VK-R4: one of the two dealt Dukes, secret; the first turn starts once everyone kept one. */
export function keepDuke(d: Draft, seat: Seat, move: MoveOf<VckMove, 'keep-duke'>): Rejection | null {
  const player = playerAt(d.state, seat);
  if (player.duke !== null) return reject('already-submitted', { what: 'kept a Duke' });
  if (!player.dukeOffer.includes(move.duke)) return reject('not-dealt', { duke: move.duke });
  d.emit({ type: 'duke-kept', seat, duke: move.duke });
  if (d.state.pending?.kind === 'simultaneous' && everyoneSubmitted(d.state.pending)) startTurn(d, d.state.firstPlayer);
  return null;
}

export function roll(d: Draft): Rejection | null {
  rollDice(d);
  return null;
}

/** The roll phase: change a die with one of your Domains, or keep the dice and harvest. */
export function settleDice(d: Draft, _seat: Seat, move: MoveOf<VckMove, 'change-die' | 'keep-dice'>): Rejection | null {
  if (move.type === 'keep-dice') {
    openHarvest(d, 'main');
    return null;
  }
  const change = dieChanges(d.state).find((c) => c.domain === move.domain && c.die === move.die);
  if (!change) return reject('no-such-change', { domain: move.domain, die: move.die });
  changeDie(d, change);
  return null;
}

/** VK-R2: answers stay secret until the window closes, which the last answer does. */
export function submitHarvest(d: Draft, seat: Seat, move: MoveOf<VckMove, 'harvest'>): Rejection | null {
  const state = d.state;
  const pending = state.pending;
  if (pending?.kind !== 'simultaneous' || !state.harvest) return wrongStep(state, move, ['harvest']);
  if (pending.submitted.includes(seat)) return reject('already-submitted', { what: 'submitted your harvest' });
  const problem = checkAnswers(state.harvest.prompts[seat] ?? [], move.answers);
  if (problem) return reject('bad-answers', { problem });
  d.emit({ type: 'harvest-submitted', seat, answers: move.answers });
  if (everyoneSubmitted(withSubmission(pending, seat))) closeHarvest(d);
  return null;
}

/** VK-R8: the Thief's owner says how much the offered take takes. */
export function steal(d: Draft, seat: Seat, move: MoveOf<VckMove, 'steal'>): Rejection | null {
  const offer = d.state.harvest?.theft;
  if (!offer) return wrongStep(d.state, move, ['steal']);
  if (move.amount > offer.most) return reject('amount-out-of-range', { most: offer.most, resource: offer.resource, amount: move.amount });
  d.emit({ type: 'theft-chosen', seat, prompt: offer.prompt, amount: move.amount });
  settleHarvest(d);
  return null;
}

export function choose(d: Draft, _seat: Seat, move: MoveOf<VckMove, 'choose'>): Rejection | null {
  const option = d.state.choice?.[move.option];
  if (!option) return reject('no-such-option', { option: move.option, last: (d.state.choice?.length ?? 1) - 1 });
  resolveTask(d, option);
  continueTurn(d);
  return null;
}
