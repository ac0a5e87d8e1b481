import { awaitedStep, everyoneSubmitted, withSubmission, type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { playAction } from './actions.js';
import type { Draft } from './draft.js';
import { checkAnswers } from './harvest.js';
import { playerAt } from './kingdom.js';
import type { VckMove } from './moves.js';
import { STEPS } from './steps.js';
import { closeHarvest, continueTurn, dieChanges, changeDie, openHarvest, resolveTask, rollDice, settleHarvest, startTurn } from './turn.js';

/** Checks one move against the draft's state and emits its events; a rejection leaves the draft untouched. */
export function decideMove(d: Draft, seat: Seat, move: VckMove): Rejection | null {
  const state = d.state;
  const pending = state.pending;
  const step = pending?.step ?? 'none';
  if (!awaitedStep(STEPS, state)?.accepts.includes(move.type)) return reject('wrong-step', { step, move: move.type });
  switch (move.type) {
    case 'keep-duke': {
      const player = playerAt(state, seat);
      if (player.duke !== null) return reject('already-submitted', { what: 'kept a Duke' });
      if (!player.dukeOffer.includes(move.duke)) return reject('not-dealt', { duke: move.duke });
      d.emit({ type: 'duke-kept', seat, duke: move.duke });
      if (d.state.pending?.kind === 'simultaneous' && everyoneSubmitted(d.state.pending)) startTurn(d, state.firstPlayer);
      return null;
    }
    case 'roll':
      rollDice(d);
      return null;
    case 'change-die': {
      const change = dieChanges(state).find((c) => c.domain === move.domain && c.die === move.die);
      if (!change) return reject('no-such-change', { domain: move.domain, die: move.die });
      changeDie(d, change);
      return null;
    }
    case 'keep-dice':
      openHarvest(d, 'main');
      return null;
    case 'harvest': {
      if (pending?.kind !== 'simultaneous' || !state.harvest) return reject('wrong-step', { step, move: move.type });
      if (pending.submitted.includes(seat)) return reject('already-submitted', { what: 'submitted your harvest' });
      const problem = checkAnswers(state.harvest.prompts[seat] ?? [], move.answers);
      if (problem) return reject('bad-answers', { problem });
      d.emit({ type: 'harvest-submitted', seat, answers: move.answers });
      if (everyoneSubmitted(withSubmission(pending, seat))) closeHarvest(d);
      return null;
    }
    case 'steal': {
      const offer = state.harvest?.theft;
      if (!offer) return reject('wrong-step', { step, move: move.type });
      if (move.amount > offer.most) return reject('amount-out-of-range', { most: offer.most, resource: offer.resource, amount: move.amount });
      d.emit({ type: 'theft-chosen', seat, prompt: offer.prompt, amount: move.amount });
      settleHarvest(d);
      return null;
    }
    case 'choose': {
      const option = state.choice?.[move.option];
      if (!option) return reject('no-such-option', { option: move.option, last: (state.choice?.length ?? 1) - 1 });
      resolveTask(d, option);
      continueTurn(d);
      return null;
    }
    default:
      return playAction(d, seat, move);
  }
}

/**
 * Defaults once a deadline passed (each step's own in steps.ts): a window
 * closes with its defaults (VK-R2, VK-R4); an overdue turn is played out step
 * by step until a step with a later deadline opens (VK-R3).
 */
export function decideTimeout(d: Draft): void {
  if (d.state.pending?.kind === 'simultaneous') return awaitedStep(STEPS, d.state)?.timeout(d);
  while (turnStepOverdue(d)) awaitedStep(STEPS, d.state)?.timeout(d);
}

function turnStepOverdue(d: Draft): boolean {
  const pending = d.state.pending;
  return pending !== null && pending.kind !== 'simultaneous' && pending.deadline <= d.at;
}
