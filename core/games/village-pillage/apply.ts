import { withSubmission } from '../../engine/index.js';
import type { CardId } from './catalog/index.js';
import type { Payment, VpEvent } from './events.js';
import { card } from './catalog/index.js';
import type { Player, VpState } from './state.js';

const playerOf = (draft: VpState, seat: number): Player => draft.players[seat] as Player;

function take(cards: CardId[], id: CardId): void {
  const i = cards.indexOf(id);
  if (i < 0) throw new Error(`apply: ${id} is not where the event says`);
  cards.splice(i, 1);
}

function pay(player: Player, paid: Payment): void {
  player.stockpile -= paid.stockpile;
  player.bank -= paid.bank;
}

/**
 * Folds one event into a draft the caller owns. Objects taken from events
 * (plays, tasks, pending) are stored as they are and never mutated later.
 */
export function applyEvent(draft: VpState, event: VpEvent): void {
  switch (event.type) {
    case 'plan-submitted':
      draft.plans[event.seat] = event.cards;
      if (draft.pending?.kind === 'simultaneous') draft.pending = withSubmission(draft.pending, event.seat);
      return;
    case 'plans-revealed':
      // Planned cards leave the hand for the queue; revealed ones leave the queue for the table.
      draft.players.forEach((player, seat) => {
        for (const id of draft.plans[seat] ?? []) take(player.hand, id);
        player.queue.push(...(draft.plans[seat] ?? []));
      });
      for (const play of event.plays) take(playerOf(draft, play.seat).queue, play.card);
      draft.plans = draft.plans.map(() => null);
      draft.table = event.plays;
      return;
    case 'gained':
      playerOf(draft, event.seat).stockpile += event.amount;
      return;
    case 'stolen':
      playerOf(draft, event.from)[event.pool] -= event.amount;
      playerOf(draft, event.seat).stockpile += event.amount;
      return;
    case 'banked': {
      const player = playerOf(draft, event.seat);
      player.stockpile -= event.amount;
      player.bank += event.amount;
      return;
    }
    case 'buys-ordered':
      draft.buying = event.tasks;
      return;
    case 'merchants-ordered': {
      const [a, b, ...rest] = draft.buying;
      if (!a || !b) throw new Error('apply: no two Merchants to order');
      const pair = a.side === event.first ? [a, b] : [b, a];
      draft.buying = [...pair.map((task) => ({ ...task, choosesOrder: false })), ...rest];
      return;
    }
    case 'relic-bought': {
      const player = playerOf(draft, event.seat);
      pay(player, event.paid);
      player.relics.push(event.relic);
      draft.buying = draft.buying.slice(1);
      return;
    }
    case 'card-bought': {
      const player = playerOf(draft, event.seat);
      pay(player, event.paid);
      player.hand.push(event.bought);
      const row = draft.market.row;
      const slot = row.indexOf(event.bought);
      if (slot < 0) throw new Error(`apply: ${event.bought} is not in the Market`);
      if (event.refill === null) row.splice(slot, 1);
      else {
        take(draft.market.deck, event.refill);
        row[slot] = event.refill;
      }
      draft.buying = draft.buying.slice(1);
      return;
    }
    case 'buy-skipped':
      draft.buying = draft.buying.slice(1);
      return;
    case 'round-refreshed':
      for (const player of draft.players) {
        player.hand.push(...player.exhausted);
        player.exhausted = [];
      }
      for (const play of draft.table) {
        const player = playerOf(draft, play.seat);
        (card(play.card).exhaust ? player.exhausted : player.hand).push(play.card);
      }
      draft.table = [];
      draft.round = event.round;
      return;
    case 'game-ended':
      draft.finished = true;
      draft.pending = null;
      draft.winners = event.winners;
      return;
  }
}
