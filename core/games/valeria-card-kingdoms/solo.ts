import { exhaustedStacks, monstersLeft } from './kingdom.js';
import { soloPointsVerdict, type SoloVerdict } from './scoring.js';
import type { Option, Task } from './events.js';
import { isDouble, type VckState } from './state.js';

/**
 * Solo against the Dark Lord: the monster phase after the actions, and the
 * instant ends. Monster stack n (from the left) is column n: it attacks the
 * two Citizen stacks of its column (slots n and n+5), then its Domain stack.
 */

const SOLO_EXHAUSTED_LIMIT = 5;

/**
 * Each die 1-5 activates the stack at that position; a 6, a stack of the
 * player's choice; a double activates the designated stack twice. VK-R9: a
 * double 6 designates one stack, chosen once (`designatedAttacks` then
 * activates it twice), not two stacks chosen apart.
 */
export function monsterPhaseTasks(dice: readonly [number, number]): Task[] {
  const designations = dice[0] === 6 && isDouble(dice) ? [6] : dice;
  return designations.map((value): Task => ({ kind: 'attack', stack: value <= 5 ? value - 1 : null }));
}

/** The activations of the stack the player chose for a 6: twice on a double (VK-R9), else once. */
export function designatedAttacks(state: VckState, stack: number): Task[] {
  const attack: Task = { kind: 'attack', stack };
  return isDouble(state.turn.dice) ? [attack, attack] : [attack];
}

export function attackOptions(state: VckState, task: Extract<Task, { kind: 'attack' }>): Option[] {
  const { monsters, citizens, domains } = state.market;
  // A 6 may not pick an exhausted stack.
  if (task.stack === null) return monsters.flatMap((s, stack): Option[] => (s.cards.length ? [{ kind: 'attack', stack }] : []));
  // An exhausted stack does nothing.
  if (!monsters[task.stack]?.cards.length) return [];
  const column = task.stack;
  const citizenStacks = [column, column + 5].filter((i) => citizens[i]?.cards.length);
  if (citizenStacks.length) return citizenStacks.map((stack) => ({ kind: 'capture', zone: 'citizens', stack }));
  return domains[column]?.cards.length ? [{ kind: 'capture', zone: 'domains', stack: column }] : [];
}

/** The instant loss: an active monster attacks a column with no Citizen and no Domain left. */
export function overruns(state: VckState, task: Task): boolean {
  return task.kind === 'attack' && task.stack !== null && (state.market.monsters[task.stack]?.cards.length ?? 0) > 0 && attackOptions(state, task).length === 0;
}

/** An end reached at once: every monster slain, or five exhausted stacks (then the score comparison). */
export function soloOutcome(state: VckState): SoloVerdict | null {
  if (monstersLeft(state.market) === 0) return 'won-all-monsters-slain';
  if (exhaustedStacks(state.market) >= SOLO_EXHAUSTED_LIMIT) return soloPointsVerdict(state);
  return null;
}
