import { baseFromView, type SeatView } from '../../engine/index.js';
import { MARKET_CARDS } from './catalog/index.js';
import { planMoves, plannedCards } from './plan.js';
import type { Player, VpState } from './state.js';
import type { VpBoard } from './view.js';

/**
 * The state a seat's view describes, for a bot that looks ahead: what the
 * view hides placed in any order (the Market deck in catalog order, the
 * others' queued cards first of theirs, a first plan for each other seat that
 * has planned), to be dealt again at random (redeal.ts). The view holds every
 * public fact of the state but the table's deadlines and the seed, which no
 * look-ahead reads (`baseFromView`).
 */
export function stateFromView(view: SeatView<VpBoard>): VpState {
  const { board, seats } = view;
  const seen = new Set([...board.market.row, ...board.players.flatMap((p) => [...p.cards, ...p.exhausted]), ...board.table.map((play) => play.card)]);
  const players = board.players.map((p): Player => ({
    stockpile: p.stockpile,
    bank: p.bank,
    relics: [...p.relics],
    hand: p.hand ? [...p.hand] : p.cards.slice(p.queued),
    exhausted: [...p.exhausted],
    queue: p.queue ? [...p.queue] : p.cards.slice(0, p.queued),
  }));
  const state: VpState = {
    ...baseFromView(view),
    // VP-R5: two players on the standard Banks are the one case the options change the game.
    options: seats === 2 && !board.duel ? { banks: 'standard' } : {},
    duel: board.duel,
    round: board.round,
    players,
    market: { deck: MARKET_CARDS.filter((card) => !seen.has(card)), row: [...board.market.row] },
    plans: board.players.map((p) => (p.plan ? [...p.plan] : null)),
    table: [...board.table],
    buying: [...board.buying],
    winners: [...board.winners],
  };
  const planned = view.pending?.kind === 'simultaneous' ? view.pending.submitted : [];
  state.plans = state.plans.map((plan, seat) => {
    const first = planned.includes(seat) ? planMoves(state, seat)[0] : undefined;
    return plan ?? (first ? plannedCards(first) : null);
  });
  return state;
}
