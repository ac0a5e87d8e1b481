import type { Bot, Seat } from '../../engine/index.js';
import { kingdomCitizen, monsterCard, domainCard, citizenCard, type Bag, type HarvestEffect } from './catalog/index.js';
import { tokenGain } from './effects.js';
import { activationCount, resolveHarvest } from './harvest.js';
import { citizenRoleCount, playerAt } from './kingdom.js';
import type { VckMove } from './moves.js';
import type { Option } from './events.js';
import type { VckState } from './state.js';
import { dieChanges } from './turn.js';
import type { VckBoard } from './view.js';
import { worldOf } from './world.js';

/**
 * A one-step greedy bot (the kit adds one uniform among the legal moves). It
 * sees what its seat sees: it scores moves on a world rebuilt from the seat's
 * view, whatever the view hides (the others' harvest answers, face-down
 * cards) dealt at random (world.ts).
 */

const WEIGHTS = { gold: 1, strength: 1, magic: 1.1, vp: 3 } as const;
const bagValue = (bag: Bag) => (Object.entries(bag) as [keyof Bag, number][]).reduce((v, [t, n]) => v + WEIGHTS[t] * n, 0);

const ALL_ROLLS: [number, number][] = Array.from({ length: 36 }, (_, i) => [Math.floor(i / 6) + 1, (i % 6) + 1]);

const RATES = new Map<string, number>();
/** Expected activations per roll of a citizen with these values. */
function activationRate(values: readonly number[]): number {
  const key = values.join();
  let rate = RATES.get(key);
  if (rate === undefined) RATES.set(key, (rate = ALL_ROLLS.reduce((n, dice) => n + activationCount(values, dice), 0) / 36));
  return rate;
}

function powerValue(state: VckState, seat: Seat, effects: readonly HarvestEffect[]): number {
  return effects.reduce((v, e) => {
    if (e.kind === 'gain' || e.kind === 'per') return v + bagValue(tokenGain(state, seat, e));
    if (e.kind === 'choice') return v + Math.max(...e.options.map((alt) => powerValue(state, seat, alt)));
    if (e.kind === 'take-from-player') return v + e.amount * 0.6;
    return v + 0.5;
  }, 0);
}

function optionValue(state: VckState, seat: Seat, option: Option): number {
  switch (option.kind) {
    case 'gain':
      return bagValue(option.gain);
    case 'exchange':
      return bagValue(option.gain) - bagValue(option.pay);
    case 'alternative':
      return option.effects.reduce((v, e) => v + (e.kind === 'gain' || e.kind === 'per' ? bagValue(tokenGain(state, seat, e)) : 3), 0);
    case 'take':
      return option.amount;
    case 'recruit': {
      const top = state.market.citizens[option.stack]?.cards[0];
      return top ? citizenCard(top).cost : 0;
    }
    case 'steal':
      return 3;
    case 'decline':
    case 'return':
      return option.kind === 'decline' ? 0.1 : 0;
    case 'attack':
    case 'capture': {
      // Solo: let the monsters hit the fullest column.
      const column = option.kind === 'attack' ? option.stack : option.stack % 5;
      const { citizens, domains } = state.market;
      return (
        (citizens[column]?.cards.length ?? 0) +
        (citizens[column + 5]?.cards.length ?? 0) +
        (domains[column]?.cards.length ?? 0) +
        (option.kind === 'capture' ? (state.market[option.zone][option.stack]?.cards.length ?? 0) : 0)
      );
    }
  }
}

/** The token that brings the cheapest monster on offer within reach (its Magic cost first). */
function wantedResource(state: VckState, seat: Seat): 'gold' | 'strength' | 'magic' {
  const player = playerAt(state, seat);
  const tops = state.market.monsters.flatMap((s) => (s.cards[0] ? [monsterCard(s.cards[0])] : []));
  const target = tops.sort((a, b) => a.strength + a.magic - (b.strength + b.magic))[0];
  if (!target) return 'gold';
  if (player.magic < target.magic) return 'magic';
  return player.strength + player.magic - target.magic < target.strength ? 'strength' : 'gold';
}

function actionValue(state: VckState, seat: Seat, move: VckMove): number {
  const player = playerAt(state, seat);
  switch (move.type) {
    case 'slay': {
      const m = monsterCard(state.market.monsters[move.stack]?.cards[0] as string);
      return 10 + 3 * m.vp - 0.3 * move.magic;
    }
    case 'build': {
      const d = domainCard(state.market.domains[move.stack]?.cards[0] as string);
      return 9 + 3 * d.vp - 0.3 * move.magic;
    }
    case 'recruit': {
      const c = citizenCard(state.market.citizens[move.stack]?.cards[0] as string);
      const yieldPerRoll =
        (activationRate(c.activation) * (powerValue(state, seat, c.active) + (state.seats - 1) * powerValue(state, seat, c.passive))) / state.seats;
      // Citizens whose role a Domain on offer still needs are worth more.
      const needed = state.market.domains.some((s) => {
        const top = s.cards[0];
        return top !== undefined && (domainCard(top).requirement[c.role] ?? 0) > citizenRoleCount(player.citizens, c.role);
      });
      return 2 + 6 * yieldPerRoll + (needed ? 2 : 0) - 0.25 * (move.gold + move.magic) - 0.3 * move.magic;
    }
    case 'take':
      return move.resource === wantedResource(state, seat) ? 1 : 0.2;
    default:
      return 0;
  }
}

/** The seat's gains from the harvest with these answers, the others answering as they do in this world. */
function harvestValue(state: VckState, seat: Seat, move: VckMove): number {
  if (move.type !== 'harvest' || !state.harvest) return 0;
  const submissions = state.harvest.submissions.map((s, i) => (i === seat ? move.answers : s));
  const delta = resolveHarvest(state, { ...state.harvest, submissions }).deltas[seat];
  return delta ? bagValue(delta) : 0;
}

/** Own activations after a die change (or none), less the Gold it costs. */
function dieValue(state: VckState, seat: Seat, move: VckMove): number {
  const dice = state.turn.dice;
  if (!dice) return 0;
  const change = move.type === 'change-die' ? dieChanges(state).find((c) => c.domain === move.domain && c.die === move.die) : undefined;
  const after = dice.map((v, i) => (change && i === change.die ? change.value : v)) as [number, number];
  const activations = playerAt(state, seat).citizens.reduce((n, id) => n + activationCount(kingdomCitizen(id).activation, after), 0);
  return activations - 0.5 * (change?.cost ?? 0);
}

function value(state: VckState, seat: Seat, move: VckMove): number {
  switch (move.type) {
    case 'choose':
      return optionValue(state, seat, state.choice?.[move.option] as Option);
    case 'steal':
      return move.amount;
    case 'harvest':
      return harvestValue(state, seat, move);
    case 'change-die':
    case 'keep-dice':
      return dieValue(state, seat, move);
    default:
      return actionValue(state, seat, move);
  }
}

export const greedyBot: Bot<VckBoard, VckMove> = ({ view, seat, legal }, rng) => {
  const state = worldOf(view, rng);
  let best: VckMove[] = [];
  let bestValue = -Infinity;
  for (const move of legal) {
    const v = value(state, seat, move);
    if (v > bestValue + 1e-9) [best, bestValue] = [[move], v];
    else if (Math.abs(v - bestValue) <= 1e-9) best.push(move);
  }
  return rng.pick(best);
};
