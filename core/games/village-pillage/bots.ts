import { Rng, type Seat } from '../../engine/index.js';
import type { ChoosingBot } from '../../engine/define.js';
import { card, CARD_TYPES, effectsAgainst, type CardId, type Effect } from './catalog/index.js';
import { defaultDecision } from './decide.js';
import { cloneState, draft } from './draft.js';
import type { VpMove } from './moves.js';
import { planMoves, plannedCards, type PlanMove } from './plan.js';
import { closePlanWindow, continueRound } from './round.js';
import { turnips } from './rules.js';
import type { VpState } from './state.js';

/**
 * The greedy bot (the kit adds one uniform among the legal moves): it tries
 * each of its plans against sampled plans of the others and keeps the best
 * outcome. It reads only what its seat may see: others' plans and the
 * face-down Duel queues are sampled, never looked up.
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

/** Replaces what `seat` cannot see with a guess: others' pending plans, and which of their cards lie face down in a Duel queue. */
function sampleWorld(state: VpState, seat: Seat, rng: Rng): VpState {
  const world = cloneState(state);
  world.players.forEach((p, s) => {
    if (s === seat || p.queue.length === 0) return;
    const shuffled = rng.shuffle([...p.hand, ...p.queue]);
    p.queue = shuffled.slice(0, p.queue.length);
    p.hand = shuffled.slice(p.queue.length);
  });
  world.plans = world.plans.map((_, s) => (s === seat ? null : plannedCards(rng.pick(planMoves(world, s)))));
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

function greedyPlan(state: VpState, seat: Seat, rng: Rng): VpMove {
  const worlds = Array.from({ length: SCREEN_WORLDS + FINAL_WORLDS }, () => ({ world: sampleWorld(state, seat, rng), luck: rng.state }));
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
      score += standing(state.duel ? playNextRound(after, sim) : after, seat);
    }
    return score;
  };
  const screened = planMoves(state, seat)
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

function greedyDecision(state: VpState, seat: Seat, rng: Rng, moves: VpMove[]): VpMove {
  if (state.pending?.step === 'market-card')
    return moves.reduce((a, b) => (a.type === 'take-card' && b.type === 'take-card' && cardStrength(b.card) > cardStrength(a.card) ? b : a));
  // Merchant order: whichever leaves the better standing once the round is over.
  const outcome = (move: VpMove) => {
    const d = draft(state, new Rng(rng.state), 0);
    if (move.type === 'order-merchants') d.emit({ type: 'merchants-ordered', seat, first: move.first });
    continueRound(d);
    while (d.state.pending?.kind === 'decision') defaultDecision(d);
    return standing(d.state, seat);
  };
  return moves.reduce((a, b) => (outcome(b) > outcome(a) ? b : a));
}

export const greedyBot: ChoosingBot<VpState, VpMove> = (state, seat, rng, legal) =>
  state.pending?.step === 'plan' ? greedyPlan(state, seat, rng) : greedyDecision(state, seat, rng, legal);
