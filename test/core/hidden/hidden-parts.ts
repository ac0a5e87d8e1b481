import type { BaseState, Seat } from '../../../core/engine/index.js';
import { harvestSubmissions } from '../../../core/games/valeria-card-kingdoms/harvest.js';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { cardsInPlay } from '../valeria-card-kingdoms/play-checked.js';
import { planMoves } from '../../../core/games/village-pillage/plan.js';
import type { VpState } from '../../../core/games/village-pillage/state.js';
import type { VvState } from '../../../core/games/villages-of-valeria/state.js';

/**
 * What each game hides, read straight from its state, for the tests of its
 * re-deal tool: every card of the state (a re-deal keeps them all), and each
 * hidden part as one viewer may not see it, or undefined where that part
 * cannot vary (too few cards, or nothing hidden there from this viewer).
 */
export interface HiddenParts {
  cards(state: BaseState): string[];
  parts(state: BaseState, viewer: Seat | null): Record<string, unknown>;
}

const under = (cards: readonly string[]) => cards.slice(0, -1);
const ifAny = <T>(value: T, any: boolean): T | undefined => (any ? value : undefined);

const villages: HiddenParts = {
  cards(state) {
    const s = state as VvState;
    return [s.deck, s.box, s.advDeck, s.advPool, ...s.piles, ...s.players.flatMap((p) => [p.hand, p.buildings, p.adventurers, p.resources.map((r) => r.card)])]
      .flat()
      .sort();
  },
  parts(state, viewer) {
    const s = state as VvState;
    const hands = s.players.filter((_, seat) => seat !== viewer).map((p) => p.hand);
    const piles = s.piles.map(under);
    const pool = s.deck.length + s.box.length + piles.flat().length + hands.flat().length;
    return {
      'the Building deck': ifAny(s.deck, s.deck.length > 1),
      'the Adventurer deck': ifAny(s.advDeck, s.advDeck.length > 1),
      "the others' hands": ifAny(hands, hands.flat().length > 0 && pool > 1),
      'the cards under the pile tops': ifAny(piles, piles.flat().length > 0 && pool > 1),
      'the cards out of the game (solo)': ifAny(s.box, s.box.length > 1),
    };
  },
};

const kingdoms: HiddenParts = {
  cards: (state) => cardsInPlay(state as VckState),
  parts(state, viewer) {
    const s = state as VckState;
    const domains = s.market.domains.map((stack) => stack.cards.slice(1));
    const mixed = s.market.citizens.filter((stack) => stack.names.length > 1).map((stack) => stack.cards.slice(1));
    const monsters = s.market.monsters.map((stack) => stack.cards.slice(1));
    const others = s.players.filter((_, seat) => seat !== viewer);
    const dukes = [...others.map((p) => [p.duke, p.dukeOffer]), s.darkLord?.duke];
    const answers = (s.harvest?.submissions ?? []).map((answers, seat) =>
      seat === viewer || answers === null || harvestSubmissions(s.harvest?.prompts[seat] ?? []).length < 2 ? null : answers,
    );
    return {
      'the Domains under the tops': ifAny(domains, domains.flat().length > 0),
      'the Mixed Citizens under the tops': ifAny(mixed, mixed.flat().length > 0),
      'the Monsters under the tops': ifAny(
        monsters,
        monsters.some((cards) => new Set(cards).size > 1),
      ),
      "the others' and the Dark Lord's Dukes": ifAny(dukes, !s.finished && (others.length > 0 || s.darkLord !== null)),
      "the others' secret harvest answers": ifAny(
        answers,
        answers.some((a) => a !== null),
      ),
    };
  },
};

const pillage: HiddenParts = {
  cards(state) {
    const s = state as VpState;
    return [
      ...s.market.deck,
      ...s.market.row,
      ...s.players.flatMap((p) => [...p.hand, ...p.queue, ...p.exhausted]),
      ...s.table.map((play) => play.card),
    ].sort();
  },
  parts(state, viewer) {
    const s = state as VpState;
    const others = s.players.map((p, seat) => (seat === viewer ? null : p));
    const queues = others.map((p) => p && p.queue);
    const plans = s.plans.map((plan, seat) => (seat === viewer || plan === null || planMoves(s, seat).length < 2 ? null : plan));
    return {
      'the Market deck': ifAny(s.market.deck, s.market.deck.length > 1),
      "the others' Duel queues": ifAny(
        queues,
        others.some((p) => p !== null && p.queue.length > 0 && new Set([...p.hand, ...p.queue]).size > 1),
      ),
      "the others' secret plans": ifAny(
        plans,
        plans.some((plan) => plan !== null),
      ),
    };
  },
};

export const HIDDEN_PARTS: Readonly<Record<string, HiddenParts>> = {
  'villages-of-valeria': villages,
  'valeria-card-kingdoms': kingdoms,
  'village-pillage': pillage,
};
