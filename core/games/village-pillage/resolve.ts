import type { Seat } from '../../engine/index.js';
import { CARD_TYPES, type Effect } from './catalog/index.js';
import type { Draft } from './draft.js';
import type { Play, VpEvent } from './events.js';
import { bankCapacity, effectsOf, playerAt, typeOf } from './rules.js';
import { splitSteal } from './steal.js';

/**
 * Resolve (rules "Resolve"): types in the order Farmer, Wall, Raider,
 * Merchant; all cards of one type at once; within a type GAIN, then STEAL,
 * then BANK (BUY, the Merchants' last step, is buy.ts). Each card affects
 * only the neighbour it faces.
 */
export function resolveEffects(d: Draft): void {
  // What each card does depends only on the revealed cards, fixed for the round.
  const matchups = d.state.table.map((play) => ({ play, type: typeOf(play.card), effects: effectsOf(d.state, play) }));
  for (const type of CARD_TYPES) {
    const ofType = matchups.filter((m) => m.type === type);
    if (ofType.length === 0) continue;
    gainStep(d, effectsInStep(ofType, 'gain'));
    stealStep(d, effectsInStep(ofType, 'steal'));
    bankStep(d, effectsInStep(ofType, 'bank'));
  }
}

interface Matchup {
  readonly play: Play;
  readonly effects: readonly Effect[];
}
type EffectOf<K extends Effect['kind']> = Extract<Effect, { kind: K }>;
type Step<K extends Effect['kind']> = { play: Play; effect: EffectOf<K> }[];

/** Every effect of one kind among these cards, in seat order (left card first). */
function effectsInStep<K extends Effect['kind']>(matchups: readonly Matchup[], kind: K): Step<K> {
  const step: Step<K> = [];
  // Plain loops: this runs for every simulated round of the greedy bot.
  for (const { play, effects } of matchups) for (const effect of effects) if (effect.kind === kind) step.push({ play, effect: effect as EffectOf<K> });
  return step;
}

function gainStep(d: Draft, gains: Step<'gain'>): void {
  for (const { play, effect } of gains) d.emit({ type: 'gained', seat: play.seat, card: play.card, amount: effect.amount });
}

/**
 * All STEALs of one type happen at once: each pool is shared out as it stood
 * when the step began, so a turnip stolen in this step cannot be stolen again
 * in it (the seed's Nicole/Tania/Tom example).
 */
function stealStep(d: Draft, steals: Step<'steal'>): void {
  const pools = new Map<string, typeof steals>();
  for (const steal of steals) {
    const key = `${steal.play.toward}:${steal.effect.from}`;
    pools.set(key, [...(pools.get(key) ?? []), steal]);
  }
  const events: VpEvent[] = [];
  for (const claims of pools.values()) {
    const first = claims[0] as (typeof claims)[number];
    const victim: Seat = first.play.toward;
    const pool = first.effect.from;
    const shares = splitSteal(
      claims.map((c) => c.effect.amount),
      playerAt(d.state, victim)[pool],
      d.rng,
    );
    claims.forEach(({ play }, i) => {
      const amount = shares[i] as number;
      if (amount > 0) events.push({ type: 'stolen', seat: play.seat, card: play.card, from: victim, pool, amount });
    });
  }
  d.emit(...events);
}

/** BANK moves what the Stockpile holds and the Bank has room for. */
function bankStep(d: Draft, banks: Step<'bank'>): void {
  const capacity = bankCapacity(d.state);
  for (const { play, effect } of banks) {
    const player = playerAt(d.state, play.seat);
    const amount = Math.min(effect.amount, player.stockpile, capacity - player.bank);
    if (amount > 0) d.emit({ type: 'banked', seat: play.seat, card: play.card, amount });
  }
}
