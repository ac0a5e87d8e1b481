import type { Seat } from '../../engine/index.js';
import { domainCard, type CardId, type ChangeDie } from './catalog/index.js';
import { awaitTurnStep, awaitWindow, enterPhase, type Draft } from './draft.js';
import { applyOption, effectOptions } from './effects.js';
import { nextTheft, planHarvest, resolveHarvest, windowSeats } from './harvest.js';
import { citizenRoleCount, domainsLeft, exhaustedStacks, monstersLeft, playerAt } from './kingdom.js';
import { finalWinners, seatScore } from './scoring.js';
import { attackOptions, monsterPhaseTasks, overruns, soloOutcome } from './solo.js';
import type { Option, Task } from './events.js';
import { isDouble, type Harvest, type VckState } from './state.js';

/**
 * The turn ("Turn" in the rules): roll, die changes, harvest, two actions,
 * end — plus, solo, the monster phase and the second harvest. Each function
 * emits the events of one step and moves on to whatever comes next, stopping
 * where a player must answer.
 */

export function startTurn(d: Draft, seat: Seat): void {
  const { state, at } = d;
  // Five players: the Rest token sits to the right of the active player and moves left with the dice.
  const resting = state.seats === 5 ? (seat + 4) % 5 : null;
  d.emit({ type: 'turn-started', seat, resting, deadline: at + state.deadlines.turnMs });
  enterPhase(d, 'roll');
  awaitTurnStep(d, 'roll');
}

/** Gargan's Embrace and the like: every owner gains whenever dice become a double. */
function doubleTriggers(d: Draft): void {
  d.state.players.forEach((player, seat) => {
    for (const card of player.domains) {
      const power = domainCard(card).power;
      if (power.when !== 'any-double') continue;
      for (const effect of power.effects) {
        const option = effectOptions(d.state, seat, effect)[0];
        if (option) applyOption(d, seat, option, card);
      }
    }
  });
}

export function rollDice(d: Draft): void {
  const dice: [number, number] = [d.rng.roll(6), d.rng.roll(6)];
  d.emit({ type: 'dice-rolled', dice });
  if (isDouble(dice)) doubleTriggers(d);
  afterDice(d);
}

export interface DieChange {
  readonly domain: CardId;
  readonly die: number;
  readonly value: number;
  readonly cost: number;
}

function changedValue(change: ChangeDie['change'], value: number): number {
  return 'to' in change ? change.to : Math.min(6, Math.max(1, value + change.by));
}

/** Die changes the active player may make now: each roll-phase Domain once per roll, paid in Gold, changing the die. */
export function dieChanges(state: VckState): DieChange[] {
  const { dice, active, diceChangers } = state.turn;
  if (!dice) return [];
  const player = playerAt(state, active);
  return player.domains.flatMap((domain) => {
    const power = domainCard(domain).power;
    if (power.when !== 'roll' || diceChangers.includes(domain)) return [];
    const { change, cost } = power.change;
    const price = cost.gold + (cost.perRole ? citizenRoleCount(player.citizens, cost.perRole) : 0);
    if (price > player.gold) return [];
    return dice.flatMap((value, die) => {
      const next = changedValue(change, value);
      return next === value ? [] : [{ domain, die, value: next, cost: price }];
    });
  });
}

export function changeDie(d: Draft, change: DieChange): void {
  const before = d.state.turn.dice;
  const wasPair = before ? [...before] : null;
  d.emit({ type: 'die-changed', domain: change.domain, die: change.die, value: change.value, paid: change.cost });
  // A double made by a change counts again, even after a rolled double (Gargan's Embrace).
  if (isDouble(d.state.turn.dice) && (!isDouble(wasPair) || wasPair?.[0] !== d.state.turn.dice?.[0])) doubleTriggers(d);
  afterDice(d);
}

function afterDice(d: Draft): void {
  if (dieChanges(d.state).length) {
    enterPhase(d, 'dice');
    awaitTurnStep(d, 'dice');
  } else openHarvest(d, 'main');
}

export function openHarvest(d: Draft, kind: Harvest['kind']): void {
  const plan = planHarvest(d.state, kind);
  const seats = windowSeats(plan);
  enterPhase(d, kind === 'main' ? 'harvest' : 'second-harvest');
  const unanswered: Harvest = { ...plan, submissions: plan.prompts.map(() => null), thefts: [], theft: null };
  if (seats.length === 0 && !nextTheft(d.state, unanswered)) return finishHarvest(d, unanswered);
  d.emit({ type: 'harvest-opened', harvest: plan, budgetMs: Math.max(0, d.state.turn.deadline - d.at) });
  // Nobody to wait for but a Thief's amount (VK-R8): the window closes at once.
  if (!awaitWindow(d, kind === 'main' ? 'harvest' : 'second-harvest', seats)) closeHarvest(d);
}

/** The window closes once every awaited seat submitted, or on timeout. */
export function closeHarvest(d: Draft): void {
  settleHarvest(d, d.at + d.state.turn.budgetMs);
}

/**
 * VK-R8: before the harvest resolves, the Thief's owner (the active player)
 * says how much each take takes, one take at a time in resolution order, on
 * the turn's deadline (`turnDeadline`: the turn time left once the window is
 * over); then the harvest resolves.
 */
export function settleHarvest(d: Draft, turnDeadline = d.state.turn.deadline): void {
  const harvest = d.state.harvest;
  if (!harvest) throw new Error('no harvest to close');
  const offer = nextTheft(d.state, harvest);
  if (!offer) return finishHarvest(d, harvest, turnDeadline);
  d.emit({ type: 'theft-offered', offer, turnDeadline });
  awaitTurnStep(d, 'theft', 'decision');
}

function finishHarvest(d: Draft, harvest: Harvest, turnDeadline = d.state.turn.deadline): void {
  const { answers, deltas } = resolveHarvest(d.state, harvest);
  d.emit({ type: 'harvest-resolved', answers, deltas, turnDeadline });
  if (harvest.kind === 'main') enterPhase(d, 'actions');
  else return endTurn(d);
  continueTurn(d);
}

function taskOptions(state: VckState, task: Task): Option[] {
  return task.kind === 'effect' ? effectOptions(state, state.turn.active, task.effect) : attackOptions(state, task);
}

/** Resolves the head task with one of its options (null: it had none). */
export function resolveTask(d: Draft, option: Option | null): void {
  const task = d.state.tasks[0];
  if (!task) throw new Error('no task to resolve');
  d.emit({ type: 'task-resolved', option });
  if (option) applyOption(d, d.state.turn.active, option, task.kind === 'effect' ? task.card : null);
}

/**
 * After an action or a choice: resolve queued rewards and triggers (asking
 * when a task has several options), then the next action, or the end of the
 * actions (solo: the monster phase, then the second harvest).
 */
export function continueTurn(d: Draft): void {
  for (;;) {
    const state = d.state;
    if (state.finished) return;
    if (state.solo) {
      const verdict = soloOutcome(state);
      if (verdict) return finishGame(d, verdict);
    }
    const task = state.tasks[0];
    if (task) {
      if (overruns(state, task)) return finishGame(d, 'lost-kingdom-overrun');
      const options = taskOptions(state, task);
      if (options.length > 1) {
        d.emit({ type: 'choice-offered', options });
        return awaitTurnStep(d, 'choose', 'decision');
      }
      resolveTask(d, options[0] ?? null);
      continue;
    }
    if (state.phase === 'actions' && state.turn.actionsLeft > 0) return awaitTurnStep(d, 'action');
    if (state.phase === 'actions' && state.solo) {
      enterPhase(d, 'monsters');
      d.emit({ type: 'tasks-queued', tasks: monsterPhaseTasks(state.turn.dice ?? [1, 1]) });
      continue;
    }
    if (state.phase === 'monsters') return openHarvest(d, 'second');
    return endTurn(d);
  }
}

/** All monsters slain, all domains built, or 2 × players exhausted stacks. */
function endConditionMet(state: VckState): boolean {
  return monstersLeft(state.market) === 0 || domainsLeft(state.market) === 0 || exhaustedStacks(state.market) >= 2 * state.seats;
}

export function endTurn(d: Draft): void {
  const state = d.state;
  const seat = state.turn.active;
  const next = (seat + 1) % state.seats;
  const roundComplete = next === state.firstPlayer;
  // Play on until everyone has had as many turns as the first player. VK-R6:
  // the trigger is not sticky; when the round completes the game ends only if
  // a condition still holds (a stack reopened by Nest of the Weaver Woman or
  // Watcher on the Water extends the game), else it is checked again later.
  const endTriggered = !state.solo && (endConditionMet(state) || (state.endTriggered && !roundComplete));
  d.emit({ type: 'turn-ended', seat, endTriggered });
  if (state.solo) {
    const verdict = soloOutcome(state);
    return verdict ? finishGame(d, verdict) : startTurn(d, seat);
  }
  if (endTriggered && roundComplete) return finishGame(d, null);
  startTurn(d, next);
}

export function finishGame(d: Draft, verdict: string | null): void {
  const state = d.state;
  const scores = state.players.map((_, seat) => seatScore(state, seat, true));
  d.emit({
    type: 'game-ended',
    dukes: state.players.map((p) => p.duke),
    darkLordDuke: state.darkLord?.duke ?? null,
    scores: scores.map((s) => s.total),
    winners: finalWinners(state, scores, verdict),
    verdict,
  });
}
