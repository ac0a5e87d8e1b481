import { accept, everyoneSubmitted, reject, withSubmission, type DecideContext, type Decision, type Rejection, type Seat } from '../../engine/index.js';
import { actionMoves, playAction } from './actions.js';
import { Draft } from './draft.js';
import type { VckEvent } from './events.js';
import { checkAnswers } from './harvest.js';
import { playerAt } from './kingdom.js';
import { STEP_OF_MOVE, type VckMove } from './moves.js';
import type { VckState } from './state.js';
import { closeHarvest, continueTurn, dieChanges, changeDie, openHarvest, resolveTask, rollDice, settleHarvest, startTurn } from './turn.js';

/** Checks one move against the draft's state and emits its events; a rejection leaves the draft untouched. */
function play(d: Draft, seat: Seat, move: VckMove): Rejection | null {
  const state = d.state;
  const pending = state.pending;
  const step = pending?.step ?? 'none';
  if (!STEP_OF_MOVE[move.type].includes(step)) return reject('wrong-step', `The game awaits ${step}; a ${move.type} move does not fit now.`);
  switch (move.type) {
    case 'keep-duke': {
      const player = playerAt(state, seat);
      if (player.duke !== null) return reject('already-submitted', 'You have already kept a Duke.');
      if (!player.dukeOffer.includes(move.duke)) return reject('not-dealt', `${move.duke} is not one of the two Dukes dealt to you.`);
      d.emit({ type: 'duke-kept', seat, duke: move.duke });
      if (d.state.pending?.kind === 'simultaneous' && everyoneSubmitted(d.state.pending)) startTurn(d, state.firstPlayer);
      return null;
    }
    case 'roll':
      rollDice(d);
      return null;
    case 'change-die': {
      const change = dieChanges(state).find((c) => c.domain === move.domain && c.die === move.die);
      if (!change) return reject('no-such-change', `${move.domain} cannot change die ${move.die} now (not yours, used, unaffordable or no change).`);
      changeDie(d, change);
      return null;
    }
    case 'keep-dice':
      openHarvest(d, 'main');
      return null;
    case 'harvest': {
      if (pending?.kind !== 'simultaneous' || !state.harvest) return reject('wrong-step', 'No harvest window is open.');
      if (pending.submitted.includes(seat)) return reject('already-submitted', 'You have already submitted your harvest.');
      const problem = checkAnswers(state.harvest.prompts[seat] ?? [], move.answers);
      if (problem) return reject('bad-answers', problem);
      d.emit({ type: 'harvest-submitted', seat, answers: move.answers });
      if (everyoneSubmitted(withSubmission(pending, seat))) closeHarvest(d);
      return null;
    }
    case 'steal': {
      const offer = state.harvest?.theft;
      if (!offer) return reject('wrong-step', 'No Thief take is awaiting its amount.');
      if (move.amount > offer.most) return reject('amount-out-of-range', `This take can take 0 to ${offer.most} ${offer.resource}, not ${move.amount}.`);
      d.emit({ type: 'theft-chosen', seat, prompt: offer.prompt, amount: move.amount });
      settleHarvest(d);
      return null;
    }
    case 'choose': {
      const option = state.choice?.[move.option];
      if (!option) return reject('no-such-option', `There is no option ${move.option}; choose from 0 to ${(state.choice?.length ?? 1) - 1}.`);
      resolveTask(d, option);
      continueTurn(d);
      return null;
    }
    default:
      return playAction(d, seat, move);
  }
}

export function decideMove(state: VckState, seat: Seat, move: VckMove, ctx: DecideContext): Decision<VckEvent> {
  const d = new Draft(state, ctx.rng, ctx.at);
  const rejection = play(d, seat, move);
  return rejection ?? accept(d.events);
}

/** What the engine plays for an absent active player (VK-R3: take 1 Gold as each remaining action; VK-R8: a Thief takes the most). */
function defaultTurnMove(state: VckState): VckMove {
  switch (state.pending?.step) {
    case 'theft':
      return { type: 'steal', amount: state.harvest?.theft?.most ?? 0 };
    case 'roll':
      return { type: 'roll' };
    case 'dice':
      return { type: 'keep-dice' };
    case 'choose':
      return { type: 'choose', option: 0 };
    default:
      return actionMoves(state, state.turn.active).find((m) => m.type === 'take' && m.resource === 'gold') as VckMove;
  }
}

/**
 * Defaults once a deadline passed: a window closes with its defaults (VK-R2,
 * VK-R4: the first Duke dealt); an overdue turn is played out step by step
 * until a step with a later deadline opens (VK-R3).
 */
export function decideTimeout(state: VckState, ctx: DecideContext): VckEvent[] {
  const d = new Draft(state, ctx.rng, ctx.at);
  const pending = state.pending;
  if (pending?.kind === 'simultaneous') {
    if (pending.step === 'duke') {
      d.state.players.forEach((player, seat) => {
        if (player.duke === null) d.emit({ type: 'duke-kept', seat, duke: player.dukeOffer[0] as string });
      });
      startTurn(d, state.firstPlayer);
    } else closeHarvest(d);
    return d.events;
  }
  while (d.state.pending && d.state.pending.kind !== 'simultaneous' && d.state.pending.deadline <= ctx.at) {
    const rejection = play(d, d.state.turn.active, defaultTurnMove(d.state));
    if (rejection) throw new Error(`default move rejected: ${rejection.message}`);
  }
  return d.events;
}
