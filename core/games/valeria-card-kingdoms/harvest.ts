import type { Seat } from '../../engine/index.js';
import { domainCard, kingdomCitizen, type Bag, type CardId, type HarvestEffect, type Resource, type TokenEffect } from './catalog/index.js';
import type { Answer, Delta, HarvestPlan, Option, Prompt, TheftOffer } from './events.js';
import { effectOptions, FREE_RESOURCE, tokenGain } from './effects.js';
import { playerAt } from './kingdom.js';
import type { Harvest, VckState } from './state.js';

/**
 * The harvest (rules "Turn" step 2, VK-R2). Every citizen whose value equals
 * a die or the sum activates; on a double the citizens matching the die
 * value activate twice (a double 4 activates each Archer twice) and those
 * matching the sum once (VK-R5). The active player uses
 * active powers, the others passive ones (the solo second harvest: passive
 * powers for the lone player). Fixed gains need no decision; every other
 * effect is a prompt the owner answers in one simultaneous window, and the
 * answers' order is the owner's resolution order. Fixed gains come first
 * because gaining early never hurts (Peasant's Gold pays the Monk); Thieves
 * resolve before anything else.
 */

/**
 * VK-R5: each die activates on its own and the sum once, so a double 3
 * activates every 3 twice and every 6 once. (A citizen's values never match
 * two of the three numbers unless they are the two dice of a double.)
 */
export function activationCount(values: readonly number[], dice: readonly [number, number]): number {
  const [a, b] = dice;
  return [a, b, a + b].filter((n) => values.includes(n)).length;
}

type Mode = 'active' | 'passive';

function modeOf(state: VckState, kind: Harvest['kind'], seat: Seat): Mode {
  return kind === 'main' && seat === state.turn.active ? 'active' : 'passive';
}

/** Who harvests: everyone but the resting player (5 players); only the lone player in the solo second harvest. */
function harvests(state: VckState, kind: Harvest['kind'], seat: Seat): boolean {
  return kind === 'second' ? seat === state.turn.active : seat !== state.turn.resting;
}

interface Power {
  readonly card: CardId;
  readonly effects: readonly HarvestEffect[];
}

function powersOf(state: VckState, harvest: HarvestPlan, seat: Seat): Power[] {
  const mode = modeOf(state, harvest.kind, seat);
  return (harvest.activated[seat] ?? []).map((card) => ({ card, effects: kingdomCitizen(card)[mode] }));
}

/** Domains whose power works in their owner's own (main) harvest. */
function domainBonuses(state: VckState, kind: Harvest['kind'], seat: Seat): Power[] {
  if (kind !== 'main' || seat !== state.turn.active) return [];
  return playerAt(state, seat).domains.flatMap((card) => {
    const power = domainCard(card).power;
    return power.when === 'your-harvest' ? [{ card, effects: power.effects }] : [];
  });
}

const isFixed = (effect: HarvestEffect): effect is Extract<TokenEffect, { kind: 'gain' | 'per' }> => effect.kind === 'gain' || effect.kind === 'per';

type Ledger = Record<Resource | 'vp', number>;
const TOKENS = ['gold', 'strength', 'magic', 'vp'] as const;

const add = (ledger: Ledger, bag: Bag, sign = 1) => {
  for (const t of TOKENS) ledger[t] += sign * (bag[t] ?? 0);
};
const affords = (ledger: Ledger, bag: Bag) => TOKENS.every((t) => ledger[t] >= (bag[t] ?? 0));

/** The sum of a seat's gains that need no decision: its powers' fixed effects and its harvest Domains. */
function fixedGain(state: VckState, plan: HarvestPlan, seat: Seat): Ledger {
  const total: Ledger = { gold: 0, strength: 0, magic: 0, vp: 0 };
  for (const powers of [powersOf(state, plan, seat), domainBonuses(state, plan.kind, seat)])
    for (const { effects } of powers) for (const effect of effects) if (isFixed(effect)) add(total, tokenGain(state, seat, effect));
  return total;
}

function ledgerOf(state: VckState, seat: Seat): Ledger {
  const { gold, strength, magic, vp } = playerAt(state, seat);
  return { gold, strength, magic, vp };
}

function promptsFor(state: VckState, plan: HarvestPlan, seat: Seat): Prompt[] {
  const powers = powersOf(state, plan, seat);
  if (powers.length === 0) return [{ card: null, effect: FREE_RESOURCE, options: effectOptions(state, seat, FREE_RESOURCE) }];
  // An exchange is a choice only if the player could pay it once their fixed gains are in.
  const projected = ledgerOf(state, seat);
  add(projected, fixedGain(state, plan, seat));
  return powers.flatMap(({ card, effects }) =>
    effects.flatMap((effect): Prompt[] => {
      if (isFixed(effect)) return [];
      const options: Option[] =
        effect.kind === 'pay-for'
          ? affords(projected, effect.pay)
            ? [{ kind: 'decline' }, { kind: 'exchange', pay: effect.pay, gain: effect.gain }]
            : []
          : effectOptions(state, seat, effect);
      return options.length ? [{ card, effect, options }] : [];
    }),
  );
}

/** The public plan of a harvest: who activated what, and every seat's prompts. */
export function planHarvest(state: VckState, kind: Harvest['kind']): HarvestPlan {
  const dice = state.turn.dice;
  if (!dice) throw new Error('harvest without dice');
  const activated = state.players.map((player, seat) =>
    harvests(state, kind, seat) ? player.citizens.flatMap((card) => Array<CardId>(activationCount(kingdomCitizen(card).activation, dice)).fill(card)) : [],
  );
  const plan: HarvestPlan = { kind, activated, prompts: [] };
  const prompts = state.players.map((_, seat) => (harvests(state, kind, seat) ? promptsFor(state, plan, seat) : []));
  return { ...plan, prompts };
}

/** Players with a real choice enter the window; the others resolve automatically (VK-R2). */
export function windowSeats(plan: HarvestPlan): Seat[] {
  return plan.prompts.flatMap((prompts, seat) => (prompts.some((p) => p.options.length > 1) ? [seat] : []));
}

/** A submission answers every prompt exactly once with an offered option. */
export function checkAnswers(prompts: readonly Prompt[], answers: readonly Answer[]): string | null {
  if (answers.length !== prompts.length) return `Answer each of your ${prompts.length} harvest prompts exactly once.`;
  const seen = new Set<number>();
  for (const { prompt, option } of answers) {
    const offered = prompts[prompt]?.options.length;
    if (offered === undefined) return `There is no harvest prompt ${prompt}.`;
    if (seen.has(prompt)) return `Harvest prompt ${prompt} is answered twice.`;
    if (option < 0 || option >= offered) return `Harvest prompt ${prompt} has no option ${option}.`;
    seen.add(prompt);
  }
  return null;
}

const seatsFrom = (state: VckState, first: Seat): Seat[] => state.players.map((_, i) => (first + i) % state.players.length);

/** One Thief take as it resolves: the most it could take then, and what it takes (VK-R8). */
export interface Take extends TheftOffer {
  /** Null while its owner has not chosen (it then counts as the most). */
  readonly chosen: number | null;
}

/**
 * Applies the window at its close: Thieves first, then each seat from the
 * active player on, fixed gains then answers in the owner's order. Missing
 * submissions take VK-R2's defaults: no exchange, Gold, the richest victim.
 * A take takes the amount its owner chose, or the most (VK-R8).
 */
export function resolveHarvest(state: VckState, harvest: Harvest): { answers: (Answer[] | null)[]; deltas: Delta[]; takes: Take[] } {
  const ledgers = state.players.map((_, seat) => ledgerOf(state, seat));
  const ledger = (seat: Seat) => ledgers[seat] as Ledger;
  const prompts = (seat: Seat) => harvest.prompts[seat] ?? [];
  const applied: (Answer[] | null)[] = state.players.map((_, seat) => (prompts(seat).length ? [] : null));
  const answersOf = (seat: Seat): Answer[] => harvest.submissions[seat] ?? prompts(seat).map((_, prompt) => ({ prompt, option: -1 }));
  const order = seatsFrom(state, state.turn.active);
  const takes: Take[] = [];

  const take = (seat: Seat, answer: Answer) => {
    const options = prompts(seat)[answer.prompt]?.options as Extract<Option, { kind: 'take' }>[];
    const yieldOf = (o: (typeof options)[number]) => (o.from === null ? o.amount : Math.min(o.amount, ledger(o.from)[o.resource]));
    // The default thief takes from whoever is richest at that moment.
    const chosen = answer.option >= 0 ? answer.option : options.reduce((best, o, i) => (yieldOf(o) > yieldOf(options[best] as typeof o) ? i : best), 0);
    const option = options[chosen] as (typeof options)[number];
    const most = yieldOf(option);
    const amount = harvest.thefts.find((t) => t.seat === seat && t.prompt === answer.prompt)?.amount ?? null;
    takes.push({ seat, prompt: answer.prompt, from: option.from, resource: option.resource, most, chosen: amount });
    const taken = Math.min(amount ?? most, most);
    if (option.from !== null) ledger(option.from)[option.resource] -= taken;
    ledger(seat)[option.resource] += taken;
    applied[seat]?.push({ prompt: answer.prompt, option: chosen });
  };

  const resolve = (seat: Seat, answer: Answer) => {
    const chosen = Math.max(answer.option, 0);
    const option = prompts(seat)[answer.prompt]?.options[chosen] as Option;
    const own = ledger(seat);
    if (option.kind === 'exchange' && affords(own, option.pay)) {
      add(own, option.pay, -1);
      add(own, option.gain);
    }
    if (option.kind === 'alternative')
      for (const effect of option.effects as TokenEffect[]) {
        if (isFixed(effect)) add(own, tokenGain(state, seat, effect));
        else if (effect.kind === 'pay-for' && affords(own, effect.pay)) {
          add(own, effect.pay, -1);
          add(own, effect.gain);
        }
      }
    applied[seat]?.push({ prompt: answer.prompt, option: chosen });
  };

  const isTake = (seat: Seat, a: Answer) => prompts(seat)[a.prompt]?.effect.kind === 'take-from-player';
  for (const seat of order) for (const answer of answersOf(seat)) if (isTake(seat, answer)) take(seat, answer);
  for (const seat of order) {
    add(ledger(seat), fixedGain(state, harvest, seat));
    for (const answer of answersOf(seat)) if (!isTake(seat, answer)) resolve(seat, answer);
  }
  const deltas = ledgers.map((l, seat) => {
    const before = ledgerOf(state, seat);
    return { gold: l.gold - before.gold, strength: l.strength - before.strength, magic: l.magic - before.magic, vp: l.vp - before.vp };
  });
  return { answers: applied, deltas, takes };
}

/**
 * VK-R8: the first take whose owner must still say how much it takes, in
 * resolution order (earlier choices change what later takes can get); a take
 * that can get nothing needs no answer.
 */
export function nextTheft(state: VckState, harvest: Harvest): TheftOffer | null {
  if (!harvest.prompts.some((prompts) => prompts.some((p) => p.effect.kind === 'take-from-player'))) return null;
  const open = resolveHarvest(state, harvest).takes.find((t) => t.chosen === null && t.most > 0);
  if (!open) return null;
  const { chosen: _, ...offer } = open;
  return offer;
}

/**
 * Submissions a seat may send: one per combination of options, identical
 * prompts (the same card's copies, a double) answered as a multiset, in
 * prompt order. Every order of the same answers is accepted too.
 */
export function harvestSubmissions(prompts: readonly Prompt[]): Answer[][] {
  const groups = new Map<string, number[]>();
  prompts.forEach((p, i) => {
    const key = JSON.stringify([p.card?.split('#')[0] ?? null, p.effect, p.options]);
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  let combos: Answer[][] = [[]];
  for (const members of groups.values()) {
    const optionCount = prompts[members[0] as number]?.options.length ?? 0;
    const picks = multisets(members.length, optionCount);
    combos = combos.flatMap((combo) => picks.map((pick) => [...combo, ...pick.map((option, k) => ({ prompt: members[k] as number, option }))]));
  }
  return combos.map((answers) => answers.sort((a, b) => a.prompt - b.prompt));
}

/** Non-decreasing sequences of `size` values below `n`. */
function multisets(size: number, n: number, from = 0): number[][] {
  if (size === 0) return [[]];
  const out: number[][] = [];
  for (let v = from; v < n; v++) for (const rest of multisets(size - 1, n, v)) out.push([v, ...rest]);
  return out;
}
