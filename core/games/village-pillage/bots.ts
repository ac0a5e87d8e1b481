import { Rng, type Bot, type Seat } from '../../engine/index.js';
import { card, CARD_TYPES, effectsAgainst, type CardId, type Effect } from './catalog/index.js';
import { defaultDecision } from './decide.js';
import { draft } from './draft.js';
import type { VpMove } from './moves.js';
import { planMoves, plannedCards, type PlanMove } from './plan.js';
import { redeal } from './redeal.js';
import { closePlanWindow, continueRound } from './round.js';
import { turnips } from './rules.js';
import type { VpState } from './state.js';
import type { VpBoard } from './view.js';
import { stateFromView } from './world.js';

/**
 * The greedy bot (the kit adds one uniform among the legal moves): it tries
 * each of its plans against sampled plans of the others and keeps the best
 * outcome. It sees what its seat sees: it looks ahead in worlds rebuilt from
 * the seat's view (world.ts), in which the others' plans, the face-down Duel
 * queues and the Market deck are dealt at random (redeal.ts).
 */

const RELIC_WORTH = 14;
const BANK_PREMIUM = 0.15;
const CARD_WORTH = 2.5;
const WIN_WORTH = 1000;
/** How much a rival's progress counts against the bot's own. */
const RIVALRY = 0.4;

function worth(state: VpState, seat: Seat): number {
  const p = state.players[seat] as VpState['players'][number];
  if (state.finished) return state.winners.includes(seat) ? WIN_WORTH / state.winners.length : 0;
  const cards = p.hand.length + p.exhausted.length + p.queue.length + state.table.filter((t) => t.seat === seat).length;
  return RELIC_WORTH * p.relics.length + turnips(p) + BANK_PREMIUM * p.bank + CARD_WORTH * cards;
}

/** The bot's score of a state: its own worth less a share of its best rival's. */
function standing(state: VpState, seat: Seat): number {
  if (state.finished) return worth(state, seat) - (state.winners.length > 0 && !state.winners.includes(seat) ? WIN_WORTH : 0);
  const rivals = state.players.map((_, s) => s).filter((s) => s !== seat);
  return worth(state, seat) - RIVALRY * Math.max(...rivals.map((s) => worth(state, s)));
}

/** A world `seat` may be in (what it cannot see dealt at random), every other seat's plan made: those still to plan plan at random. */
function sampleWorld(known: VpState, seat: Seat, rng: Rng): VpState {
  const world = redeal(known, seat, rng);
  world.plans = world.plans.map((plan, s) => (s === seat ? null : (plan ?? plannedCards(rng.pick(planMoves(world, s))))));
  return world;
}

/** Resolves the round with these plans, decisions by their defaults (VP-R4). */
function resolveWith(state: VpState, plans: (CardId[] | null)[], rng: Rng): VpState {
  const d = draft(state, rng, 0);
  d.state.plans = plans;
  closePlanWindow(d);
  while (d.state.pending?.kind === 'decision') defaultDecision(d);
  return d.state;
}

/** In the Duel a planned card resolves next round: play one more round, everyone planning at random. */
function playNextRound(state: VpState, rng: Rng): VpState {
  if (state.finished) return state;
  return resolveWith(
    state,
    state.players.map((_, s) => plannedCards(rng.pick(planMoves(state, s)))),
    rng,
  );
}

/** Plans are screened on a few sampled worlds; the best few are then compared on more. */
const SCREEN_WORLDS = 1;
const FINAL_WORLDS = 4;
const FINALISTS = 4;

function greedyPlan(known: VpState, seat: Seat, rng: Rng): VpMove {
  const worlds = Array.from({ length: SCREEN_WORLDS + FINAL_WORLDS }, () => ({ world: sampleWorld(known, seat, rng), luck: rng.state }));
  const scoreOn = (move: PlanMove, from: number, to: number) => {
    let score = 0;
    for (const { world, luck } of worlds.slice(from, to)) {
      // The same coin flips for every plan: plans are compared on equal luck.
      const sim = new Rng(luck);
      const after = resolveWith(
        world,
        world.plans.map((plan, s) => (s === seat ? plannedCards(move) : plan)),
        sim,
      );
      score += standing(known.duel ? playNextRound(after, sim) : after, seat);
    }
    return score;
  };
  const screened = planMoves(known, seat)
    .map((move) => ({ move, score: scoreOn(move, 0, SCREEN_WORLDS) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, FINALISTS)
    .map(({ move, score }) => ({ move, score: score + scoreOn(move, SCREEN_WORLDS, SCREEN_WORLDS + FINAL_WORLDS) }));
  return screened.reduce((a, b) => (b.score > a.score ? b : a)).move;
}

const EFFECT_WORTH: Record<Effect['kind'], (e: Effect) => number> = {
  gain: (e) => (e.kind === 'gain' ? e.amount : 0),
  steal: (e) => (e.kind === 'steal' ? e.amount * (e.from === 'bank' ? 1.2 : 0.8) : 0),
  bank: (e) => (e.kind === 'bank' ? 0.5 * e.amount : 0),
  buy: (e) => (e.kind === 'buy' ? 3 * e.relicDiscount + (e.cardPrice === null ? 0 : 4 - e.cardPrice) + (e.relic ? 4 : 0) : 0),
};

/** A rough strength of a Market card: its mean effect over the four opposing types, exhausting cards counted at their tempo. */
function cardStrength(id: CardId): number {
  const total = CARD_TYPES.reduce((sum, type) => sum + effectsAgainst(id, type).reduce((s, e) => s + EFFECT_WORTH[e.kind](e), 0), 0);
  return (total / CARD_TYPES.length) * (card(id).exhaust ? 0.6 : 1);
}

function greedyDecision(known: VpState, seat: Seat, rng: Rng, moves: readonly VpMove[]): VpMove {
  if (known.pending?.step === 'market-card')
    return moves.reduce((a, b) => (a.type === 'take-card' && b.type === 'take-card' && cardStrength(b.card) > cardStrength(a.card) ? b : a));
  // Merchant order: whichever leaves the better standing once the round is over, in one world it may be in.
  const world = redeal(known, seat, rng);
  const outcome = (move: VpMove) => {
    const d = draft(world, new Rng(rng.state), 0);
    if (move.type === 'order-merchants') d.emit({ type: 'merchants-ordered', seat, first: move.first });
    continueRound(d);
    while (d.state.pending?.kind === 'decision') defaultDecision(d);
    return standing(d.state, seat);
  };
  return moves.reduce((a, b) => (outcome(b) > outcome(a) ? b : a));
}

export const greedyBot: Bot<VpBoard, VpMove> = ({ view, seat, legal }, rng) => {
  const known = stateFromView(view);
  return known.pending?.step === 'plan' ? greedyPlan(known, seat, rng) : greedyDecision(known, seat, rng, legal);
};
