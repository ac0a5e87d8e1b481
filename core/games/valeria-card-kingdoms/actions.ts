import { type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { citizenCard, domainCard, monsterCard, type CardId, type Effect } from './catalog/index.js';
import type { Draft } from './draft.js';
import { copiesOwned, meetsRequirement, nextCitizen, playerAt } from './kingdom.js';
import type { VckMove } from './moves.js';
import { goldPayments, isValidGoldPayment, isValidMonsterPayment, monsterPayments } from './payment.js';
import type { Task } from './events.js';
import type { Player, VckState } from './state.js';
import { continueTurn } from './turn.js';

/** The four actions of the rules ("Turn" step 3); each may be taken twice. */

type ActionMove = Extract<VckMove, { type: 'slay' | 'recruit' | 'build' | 'take' }>;

const effectTasks = (effects: readonly Effect[], card: CardId): Task[] => effects.map((effect) => ({ kind: 'effect', effect, card }));

/** Lasting Domain powers of the player triggered by an action of theirs. */
function triggered(player: Player, when: 'you-slay' | 'you-recruit'): Task[] {
  return player.domains.flatMap((card) => {
    const power = domainCard(card).power;
    return power.when === when ? effectTasks(power.effects, card) : [];
  });
}

function queue(d: Draft, tasks: Task[]): void {
  if (tasks.length) d.emit({ type: 'tasks-queued', tasks });
}

const recruitCost = (state: VckState, seat: Seat, card: CardId): number => citizenCard(card).cost + copiesOwned(playerAt(state, seat), citizenCard(card).name);

const lacks = (player: Player, bag: Partial<Record<'gold' | 'strength' | 'magic', number>>) =>
  (['gold', 'strength', 'magic'] as const).some((r) => (bag[r] ?? 0) > player[r]);

export function playAction(d: Draft, seat: Seat, move: ActionMove): Rejection | null {
  const state = d.state;
  const player = playerAt(state, seat);
  switch (move.type) {
    case 'slay': {
      const top = state.market.monsters[move.stack]?.cards[0];
      if (!top) return reject('empty-stack', { kind: 'Monster', stack: move.stack });
      const monster = monsterCard(top);
      if (!isValidMonsterPayment(move, monster.strength, monster.magic))
        return reject('wrong-payment', { name: monster.name, amount: monster.strength, main: 'Strength', magic: monster.magic });
      if (lacks(player, move)) return reject('cannot-afford', { amount: move.strength, resource: 'Strength', magic: move.magic });
      d.emit({ type: 'monster-slain', seat, stack: move.stack, card: top, strength: move.strength, magic: move.magic });
      queue(d, [...effectTasks(monster.reward, top), ...triggered(player, 'you-slay')]);
      break;
    }
    case 'recruit': {
      const top = state.market.citizens[move.stack]?.cards[0];
      if (!top) return reject('empty-stack', { kind: 'Citizen', stack: move.stack });
      const cost = recruitCost(state, seat, top);
      if (!isValidGoldPayment(move, cost)) return reject('wrong-payment', { name: citizenCard(top).name, amount: cost, main: 'Gold', magic: 0 });
      if (lacks(player, move)) return reject('cannot-afford', { amount: move.gold, resource: 'Gold', magic: move.magic });
      d.emit({
        type: 'citizen-recruited',
        seat,
        stack: move.stack,
        card: top,
        next: nextCitizen(state, move.stack),
        gold: move.gold,
        magic: move.magic,
        free: false,
      });
      queue(d, triggered(player, 'you-recruit'));
      break;
    }
    case 'build': {
      const top = state.market.domains[move.stack]?.cards[0];
      if (!top) return reject('empty-stack', { kind: 'Domain', stack: move.stack });
      const domain = domainCard(top);
      if (!meetsRequirement(player, domain)) return reject('requirement-not-met', { name: domain.name, requirement: JSON.stringify(domain.requirement) });
      if (!isValidGoldPayment(move, domain.cost)) return reject('wrong-payment', { name: domain.name, amount: domain.cost, main: 'Gold', magic: 0 });
      if (lacks(player, move)) return reject('cannot-afford', { amount: move.gold, resource: 'Gold', magic: move.magic });
      d.emit({ type: 'domain-built', seat, stack: move.stack, card: top, gold: move.gold, magic: move.magic });
      if (domain.power.when === 'built') queue(d, effectTasks(domain.power.effects, top));
      break;
    }
    case 'take':
      d.emit({ type: 'resource-taken', seat, resource: move.resource });
      break;
  }
  continueTurn(d);
  return null;
}

/** Every action this seat can take now, each payment split listed (fewest Magic first). */
export function actionMoves(state: VckState, seat: Seat): ActionMove[] {
  const player = playerAt(state, seat);
  const moves: ActionMove[] = [];
  state.market.monsters.forEach((stack, i) => {
    const top = stack.cards[0];
    if (!top) return;
    const m = monsterCard(top);
    for (const pay of monsterPayments(player, m.strength, m.magic)) moves.push({ type: 'slay', stack: i, ...pay });
  });
  state.market.citizens.forEach((stack, i) => {
    const top = stack.cards[0];
    if (!top) return;
    for (const pay of goldPayments(player, recruitCost(state, seat, top))) moves.push({ type: 'recruit', stack: i, ...pay });
  });
  state.market.domains.forEach((stack, i) => {
    const top = stack.cards[0];
    if (!top || !meetsRequirement(player, domainCard(top))) return;
    for (const pay of goldPayments(player, domainCard(top).cost)) moves.push({ type: 'build', stack: i, ...pay });
  });
  for (const resource of ['gold', 'strength', 'magic'] as const) moves.push({ type: 'take', resource });
  return moves;
}
