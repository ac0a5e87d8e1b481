import type { Seat } from '../../engine/index.js';
import { cardName, citizenCard, isStarter, monsterCard, type Bag, type CardId, type Effect, type HarvestEffect, type Resource } from './catalog/index.js';
import type { Draft } from './draft.js';
import { canAfford, countFor, nextCitizen, playerAt } from './kingdom.js';
import { designatedAttacks } from './solo.js';
import type { Option } from './events.js';
import type { VckState } from './state.js';

/**
 * The one interpreter of the effect vocabulary. For an effect it lists the
 * concrete ways it can resolve (`effectOptions`: none = nothing happens, one
 * = automatic, several = the player chooses) and turns a chosen option into
 * events (`applyOption`). The harvest reuses the token arithmetic.
 */

function scaleBag(bag: Bag, n: number): Bag {
  const out: Bag = {};
  for (const [token, amount] of Object.entries(bag) as [keyof Bag, number][]) if (amount * n > 0) out[token] = amount * n;
  return out;
}

/** What a `gain` or `per` effect yields for this seat now. */
export function tokenGain(state: VckState, seat: Seat, effect: Extract<Effect, { kind: 'gain' | 'per' }>): Bag {
  return effect.kind === 'gain' ? effect.gain : scaleBag(effect.gain, countFor(state, seat, effect.count));
}

/** Thief and the like: every (victim, kind) that yields something, the richest first (VK-R2's default). */
function takeOptions(state: VckState, seat: Seat, effect: { amount: number; resources: readonly Resource[] }): Option[] {
  if (state.solo) return effect.resources.map((resource) => ({ kind: 'take', from: null, resource, amount: effect.amount }));
  const options: Extract<Option, { kind: 'take' }>[] = [];
  state.players.forEach((victim, from) => {
    if (from === seat) return;
    for (const resource of effect.resources) {
      const amount = Math.min(effect.amount, victim[resource]);
      if (amount > 0) options.push({ kind: 'take', from, resource, amount });
    }
  });
  return options.sort((a, b) => b.amount - a.amount);
}

/** Market stacks whose top citizen may be taken for free (base cost only: the "+" is ignored). */
function freeRecruitOptions(state: VckState, maxCost: number | null, name: string | undefined): Option[] {
  return state.market.citizens.flatMap((stack, i): Option[] => {
    const top = stack.cards[0];
    if (!top) return [];
    const card = citizenCard(top);
    if (maxCost !== null && card.cost > maxCost) return [];
    if (name !== undefined && card.name !== name) return [];
    return [{ kind: 'recruit', stack: i }];
  });
}

/** One card per name: returning either copy of a name is the same choice. */
function distinctByName(cards: readonly CardId[]): CardId[] {
  const seen = new Set<string>();
  return cards.filter((id) => !seen.has(cardName(id)) && seen.add(cardName(id)));
}

function citizenStackFor(state: VckState, card: CardId): number {
  return state.market.citizens.findIndex((s) => s.names.includes(cardName(card)));
}

function monsterStackFor(state: VckState, card: CardId): number {
  return state.market.monsters.findIndex((s) => s.area === monsterCard(card).area);
}

/**
 * Nest of the Weaver Witch and Watcher on the Water. VK-R10: the Nest's
 * « renvoyer un Citoyen de votre pile de Victoire » returns one of your own
 * recruited Citizens (citizens never enter a victory pile); a starting
 * citizen has no stack to go back to and is never offered.
 */
function returnOptions(state: VckState, seat: Seat, what: 'citizen' | 'monster'): Option[] {
  const player = playerAt(state, seat);
  const cards =
    what === 'citizen'
      ? player.citizens.filter((id) => !isStarter(id) && citizenStackFor(state, id) >= 0)
      : player.monsters.filter((id) => monsterStackFor(state, id) >= 0);
  const returns = distinctByName(cards).map((card): Option => ({ kind: 'return', card }));
  // Returning is allowed, not required ("vous permet"): declining comes first, as the default.
  return returns.length ? [{ kind: 'decline' }, ...returns] : [];
}

function stealOptions(state: VckState, seat: Seat): Option[] {
  if (state.solo) return state.market.monsters.some((s) => s.cards.length) ? [{ kind: 'steal', from: null }] : [];
  return state.players.flatMap((victim, from): Option[] => (from !== seat && victim.monsters.length ? [{ kind: 'steal', from }] : []));
}

const isPossible = (state: VckState, seat: Seat, effect: Effect): boolean => effectOptions(state, seat, effect).some((o) => o.kind !== 'decline');

export function effectOptions(state: VckState, seat: Seat, effect: Effect | HarvestEffect): Option[] {
  switch (effect.kind) {
    case 'gain':
    case 'per':
      return [{ kind: 'gain', gain: tokenGain(state, seat, effect) }];
    case 'pay-for':
      return canAfford(playerAt(state, seat), effect.pay) ? [{ kind: 'decline' }, { kind: 'exchange', pay: effect.pay, gain: effect.gain }] : [];
    case 'choice':
      // An alternative that cannot happen is not offered: Bane Spider gives 3 Gold when no Knight is left.
      return effect.options.filter((alt) => alt.every((e) => isPossible(state, seat, e))).map((effects) => ({ kind: 'alternative', effects }));
    case 'take-from-player':
      return takeOptions(state, seat, effect);
    case 'free-recruit':
      return freeRecruitOptions(state, effect.maxCost, effect.name);
    case 'return-to-stack':
      return returnOptions(state, seat, effect.card);
    case 'steal-monster':
      return stealOptions(state, seat);
  }
}

const resourceBag = (resource: Resource, amount: number): Bag => ({ [resource]: amount });

/** Emits the events of one chosen option for the active player. */
export function applyOption(d: Draft, seat: Seat, option: Option, card: CardId | null): void {
  const state = d.state;
  switch (option.kind) {
    case 'gain':
      if (Object.keys(option.gain).length) d.emit({ type: 'tokens-changed', seat, pay: {}, gain: option.gain, card });
      return;
    case 'exchange':
      d.emit({ type: 'tokens-changed', seat, pay: option.pay, gain: option.gain, card });
      return;
    case 'decline':
      return;
    case 'alternative':
      d.emit({ type: 'tasks-queued', tasks: option.effects.map((effect) => ({ kind: 'effect', effect, card })) });
      return;
    case 'take':
      if (option.from === null) d.emit({ type: 'tokens-changed', seat, pay: {}, gain: resourceBag(option.resource, option.amount), card });
      else d.emit({ type: 'tokens-taken', seat, from: option.from, resource: option.resource, amount: option.amount });
      return;
    case 'recruit': {
      const top = state.market.citizens[option.stack]?.cards[0] as CardId;
      d.emit({ type: 'citizen-recruited', seat, stack: option.stack, card: top, next: nextCitizen(state, option.stack), gold: 0, magic: 0, free: true });
      return;
    }
    case 'return':
      if (playerAt(state, seat).monsters.includes(option.card))
        d.emit({ type: 'monster-returned', seat, card: option.card, stack: monsterStackFor(state, option.card) });
      else d.emit({ type: 'citizen-returned', seat, card: option.card, stack: citizenStackFor(state, option.card) });
      return;
    case 'steal': {
      if (option.from === null) {
        // Solo: "a monster from a player" is the top of the leftmost stack.
        const stack = state.market.monsters.findIndex((s) => s.cards.length > 0);
        d.emit({ type: 'monster-stolen', seat, from: null, stack, card: state.market.monsters[stack]?.cards[0] as CardId });
      } else {
        const pile = playerAt(state, option.from).monsters;
        d.emit({ type: 'monster-stolen', seat, from: option.from, stack: null, card: d.rng.pick(pile) });
      }
      return;
    }
    case 'attack':
      d.emit({ type: 'tasks-queued', tasks: designatedAttacks(state, option.stack) });
      return;
    case 'capture': {
      const top = state.market[option.zone][option.stack]?.cards[0] as CardId;
      d.emit({ type: 'dark-lord-captured', zone: option.zone, stack: option.stack, card: top });
      return;
    }
  }
}

/** The free resource of a player none of whose citizens activated; Gold first, VK-R2's default. */
export const FREE_RESOURCE: HarvestEffect = {
  kind: 'choice',
  options: (['gold', 'strength', 'magic'] as const).map((r) => [{ kind: 'gain', gain: resourceBag(r, 1) }]),
};
