import { type Rejection, type Seat } from '../../engine/index.js';
import { reject } from './rejections.js';
import { building, type BuildingCard, type BuildingType, type CardId, powerOf, RESOURCES, type Resource } from './catalog/index.js';
import { isPileIndex, playerAt } from './board.js';
import type { PaidUnit } from './events.js';
import type { DiscardChoice, PaymentUnit } from './moves.js';
import type { VvState } from './state.js';

/**
 * Paying a Build cost. Each required resource comes from one of your free
 * coins put on a matching Resource (yours or another player's) or on your own
 * Castle (Wild, usable only by its owner), or from a resource power. A Castle
 * or Resource holds at most one coin at a time.
 */

export interface PaymentPlan {
  readonly paid: PaidUnit[];
  /** The Fountain-shaped powers' discards, made before the Building is added. */
  readonly discards: { readonly card: CardId; readonly pile: number | null }[];
}

interface Source {
  readonly unit: PaidUnit;
  readonly gives: Resource | 'wild';
  readonly coin: boolean;
  /** How much the payer would rather not use it: free powers, own coins, then others' Resources. */
  readonly weight: number;
  readonly discards: number;
}

const WEIGHT = { freePower: 0, ownResource: 1, castle: 1.5, othersResource: 3, fountain: 4 } as const;

/** Everything seat could pay with toward `target`, in the finder's order of preference. */
function sourcesFor(state: VvState, seat: Seat, target: BuildingCard): Source[] {
  const p = playerAt(state, seat);
  const out: Source[] = [];
  for (const card of p.buildings.concat(p.adventurers)) {
    const power = powerOf(card);
    if (!power) continue;
    if (power.shape === 'build-resource') out.push({ unit: { use: 'power', card }, gives: power.resource, coin: false, weight: WEIGHT.freePower, discards: 0 });
    else if (power.shape === 'build-wild-for-type' && power.buildingType === target.type)
      out.push({ unit: { use: 'power', card }, gives: 'wild', coin: false, weight: WEIGHT.freePower, discards: 0 });
    else if (power.shape === 'build-discard-for-wild')
      out.push({ unit: { use: 'fountain', card }, gives: 'wild', coin: false, weight: WEIGHT.fountain, discards: 2 });
  }
  for (const r of p.resources)
    if (r.coin === null)
      out.push({ unit: { use: 'resource', seat, card: r.card }, gives: building(r.card).resource, coin: true, weight: WEIGHT.ownResource, discards: 0 });
  if (p.castleCoin === null) out.push({ unit: { use: 'castle' }, gives: 'wild', coin: true, weight: WEIGHT.castle, discards: 0 });
  for (let i = 1; i < state.seats; i++) {
    const other = (seat + i) % state.seats;
    for (const r of playerAt(state, other).resources)
      if (r.coin === null)
        out.push({
          unit: { use: 'resource', seat: other, card: r.card },
          gives: building(r.card).resource,
          coin: true,
          weight: WEIGHT.othersResource,
          discards: 0,
        });
  }
  return out;
}

/** What a payer has toward any Building, counted: enough to answer "could this be paid at all?". */
export interface PayerCounts {
  readonly free: Record<Resource, number>;
  /** Free coin spots on Resources (own and others'), by resource. */
  readonly spots: Record<Resource, number>;
  readonly wildsFor: Record<BuildingType, number>;
  readonly castle: number;
  /** Discard-for-Wild powers the hand can feed (two cards each, the built card aside). */
  readonly fountains: number;
  readonly coins: number;
}

const perResource = (): Record<Resource, number> => ({ food: 0, wood: 0, stone: 0, magic: 0 });

export function payerCounts(state: VvState, seat: Seat): PayerCounts {
  const p = playerAt(state, seat);
  const free = perResource();
  const spots = perResource();
  const wildsFor = { worker: 0, soldier: 0, shadow: 0, holy: 0 };
  let fountains = 0;
  const countPowers = (cards: readonly CardId[]) => {
    for (const card of cards) {
      const power = powerOf(card);
      if (power?.shape === 'build-resource') free[power.resource]++;
      else if (power?.shape === 'build-wild-for-type') wildsFor[power.buildingType]++;
      else if (power?.shape === 'build-discard-for-wild') fountains++;
    }
  };
  countPowers(p.buildings);
  countPowers(p.adventurers);
  for (const other of state.players) for (const r of other.resources) if (r.coin === null) spots[building(r.card).resource]++;
  return { free, spots, wildsFor, castle: p.castleCoin === null ? 1 : 0, fountains: Math.min(fountains, Math.floor((p.hand.length - 1) / 2)), coins: p.coins };
}

/**
 * Whether some payment exists, from counts alone: needs left after free
 * resource powers are covered by coin spots of their kind or by Wilds; free
 * Wilds and discard-for-Wild powers also stand in for coins one lacks.
 */
export function canPay(c: PayerCounts, card: CardId): boolean {
  const target = building(card);
  const need = perResource();
  for (const r of target.cost) need[r]++;
  let left = 0;
  let uncovered = 0;
  for (const r of RESOURCES) {
    const m = Math.max(0, need[r] - c.free[r]);
    left += m;
    uncovered += Math.max(0, m - c.spots[r]);
  }
  const coinless = c.wildsFor[target.type] + c.fountains;
  if (uncovered > coinless + c.castle) return false;
  return left - Math.min(left, coinless) <= c.coins;
}

const sameUnit = (a: PaidUnit, b: PaymentUnit): boolean => {
  if (a.use !== b.use) return false;
  if (a.use === 'resource' && b.use === 'resource') return a.seat === b.seat && a.card === b.card;
  if ((a.use === 'power' || a.use === 'fountain') && (b.use === 'power' || b.use === 'fountain')) return a.card === b.card;
  return true;
};

/** Whether the units' resources match the cost exactly: specific ones within the need, Wilds for the rest. */
function matchesCost(cost: readonly Resource[], gives: readonly (Resource | 'wild')[]): boolean {
  if (gives.length !== cost.length) return false;
  const need: Record<string, number> = {};
  for (const r of cost) need[r] = (need[r] ?? 0) + 1;
  for (const g of gives) {
    if (g === 'wild') continue;
    if (!need[g]) return false;
    need[g]--;
  }
  return true;
}

function checkDiscard(state: VvState, seat: Seat, choice: DiscardChoice, taken: Set<CardId>, built: CardId): Rejection | null {
  if (!playerAt(state, seat).hand.includes(choice.card) || choice.card === built || taken.has(choice.card))
    return reject('discard-unavailable', { card: choice.card });
  const pileRejection = checkPile(state, choice.pile);
  if (pileRejection) return pileRejection;
  taken.add(choice.card);
  return null;
}

/** Solo discards leave the game (no pile); multiplayer discards need a pile. */
export function checkPile(state: VvState, pile: number | undefined): Rejection | null {
  if (state.solo) return pile === undefined ? null : reject('no-pile-in-solo');
  if (pile === undefined) return reject('pile-required');
  if (!isPileIndex(state, pile)) return reject('no-such-pile', { pile });
  return null;
}

/** Validates an explicit payment for building `card`. */
export function checkPayment(state: VvState, seat: Seat, card: CardId, units: readonly PaymentUnit[]): PaymentPlan | Rejection {
  const target = building(card);
  const sources = sourcesFor(state, seat, target);
  const used = new Set<Source>();
  const taken = new Set<CardId>();
  const discards: PaymentPlan['discards'] = [];
  let coins = 0;
  for (const unit of units) {
    const source = sources.find((s) => !used.has(s) && sameUnit(s.unit, unit));
    if (!source) return reject('payment-source-unavailable', { unit: describe(unit), name: target.name });
    used.add(source);
    if (source.coin) coins++;
    if (unit.use === 'fountain')
      for (const d of unit.discards) {
        const bad = checkDiscard(state, seat, d, taken, card);
        if (bad) return bad;
        discards.push({ card: d.card, pile: d.pile ?? null });
      }
  }
  if (
    !matchesCost(
      target.cost,
      [...used].map((s) => s.gives),
    )
  )
    return reject('payment-mismatch', { name: target.name, cost: target.cost.join(', ') });
  if (coins > playerAt(state, seat).coins) return reject('not-enough-gold', { what: 'That payment', n: coins });
  return { paid: [...used].map((s) => s.unit), discards };
}

function describe(unit: PaymentUnit): string {
  if (unit.use === 'castle') return 'Your Castle';
  if (unit.use === 'resource') return `Resource ${unit.card} of seat ${unit.seat}`;
  return `The power of ${unit.card}`;
}

/**
 * The engine's payment finder ("auto"): free resource powers first, then your
 * own Resources and Castle, then other players' Resources, and a
 * discard-for-Wild power last (or to save a coin you lack). It finds a
 * payment whenever one exists: specific sources cover each need as cheaply
 * as their counts allow, then Wilds replace the dearest needs.
 */
export function findPayment(state: VvState, seat: Seat, card: CardId): PaymentPlan | null {
  const target = building(card);
  const p = playerAt(state, seat);
  const pool = sourcesFor(state, seat, target);
  const take = (need: Resource, coin: boolean): Source | null => {
    const i = pool.findIndex((s) => s.gives === need && s.coin === coin);
    return i < 0 ? null : (pool.splice(i, 1)[0] as Source);
  };
  // Each need takes a free resource power, else the cheapest coin spot of its kind (own before others').
  const slots = target.cost.map((need) => ({ source: take(need, false) ?? take(need, true) }));
  const price = (slot: { source: Source | null }) => slot.source?.weight ?? Infinity;
  // Wilds (free powers, Castle, discard-for-Wild), cheapest first, replace the dearest needs they undercut.
  const wilds = pool.filter((s) => s.gives === 'wild').sort((a, b) => a.weight - b.weight);
  const dearest = slots.slice().sort((a, b) => price(b) - price(a));
  dearest.forEach((slot, i) => {
    const wild = wilds[i];
    if (wild && wild.weight < price(slot)) slot.source = wild;
  });
  if (slots.some((slot) => !slot.source)) return null;
  const spare = wilds.filter((w) => w.discards > 0 && !slots.some((slot) => slot.source === w));
  const coins = () => slots.filter((slot) => slot.source?.coin).length;
  // Short of coins: a spare discard-for-Wild power can stand in for a coin.
  for (const slot of slots) if (coins() > p.coins && slot.source?.coin && spare.length > 0) slot.source = spare.shift() as Source;
  if (coins() > p.coins) return null;
  const plan = slots.map((slot) => slot.source as Source);
  const discards = plan.reduce((n, s) => n + s.discards, 0);
  if (discards > p.hand.length - 1) return null;
  return { paid: plan.map((s) => s.unit), discards: autoDiscards(state, seat, card, discards) };
}

/** The finder's discards for a Fountain-shaped power: the lowest-VP cards, each on the smallest pile. */
function autoDiscards(state: VvState, seat: Seat, built: CardId, n: number): PaymentPlan['discards'] {
  if (n === 0) return [];
  const cards = playerAt(state, seat)
    .hand.filter((c) => c !== built)
    .sort((a, b) => building(a).vp - building(b).vp)
    .slice(0, n);
  const sizes = state.piles.map((p) => p.length);
  return cards.map((card) => {
    if (state.solo) return { card, pile: null };
    const pile = sizes.indexOf(Math.min(...sizes));
    sizes[pile] = (sizes[pile] as number) + 1;
    return { card, pile };
  });
}
