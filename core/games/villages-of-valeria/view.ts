import type { Seat } from '../../engine/index.js';
import type { Owed, OwedAsSeen, VvEvent, VvVisibleEvent } from './events.js';
import type { Activity, VvState } from './state.js';

/**
 * What a viewer may see: every village and pile top, counts of hands and
 * decks; their own hand and setup choice only. Never the deck order, another
 * hand, a pending secret, the seed or the generator.
 */

/** The card being developed is still in hand until the discards are paid: only its owner sees which it is. */
function visibleOwed(owed: readonly Owed[]): OwedAsSeen[] {
  return owed.map((o) => (o.kind === 'develop' ? { kind: 'develop' } : o));
}

function visibleActivity(act: Activity | null, viewer: Seat | null) {
  if (!act || act.seat === viewer) return act;
  return { ...act, owed: visibleOwed(act.owed) };
}

export function viewState(state: VvState, viewer: Seat | null) {
  const { flow } = state;
  return {
    solo: state.solo,
    first: state.first,
    bank: state.bank,
    deckSize: state.deck.length,
    piles: state.piles.map((p) => ({ top: p[p.length - 1] ?? null, size: p.length })),
    adventurerPool: state.advPool.slice(),
    adventurerDeckSize: state.advDeck.length,
    outOfGame: state.box.length,
    players: state.players.map((p, seat) => ({
      castle: p.castle,
      hand: seat === viewer ? p.hand.slice() : null,
      handSize: p.hand.length,
      coins: p.coins,
      castleCoin: p.castleCoin,
      resources: p.resources.map((r) => ({ ...r })),
      buildings: p.buildings.slice(),
      adventurers: p.adventurers.slice(),
    })),
    setupChoice: viewer === null ? null : (state.setupChoices[viewer] ?? null),
    turn: flow.turn,
    active: flow.active,
    led: flow.led,
    followQueue: flow.queue.slice(),
    activity: visibleActivity(flow.activity, viewer),
  };
}

export type VvBoard = ReturnType<typeof viewState>;

/**
 * The once-hidden cards a view shows (`GameEngine.shown`), each by its id
 * (every card is one of a kind): each pile's top, the Adventurer pool, every
 * village, and the viewer's own hand. A card turned up from a deck, or laid
 * from a hand onto the table, joins the list of those who had not seen it.
 */
export function shownIn(board: VvBoard): string[] {
  const shown = board.piles.flatMap((pile) => (pile.top === null ? [] : [pile.top]));
  shown.push(...board.adventurerPool);
  for (const p of board.players) shown.push(...(p.hand ?? []), ...p.resources.map((r) => r.card), ...p.buildings, ...p.adventurers);
  return shown;
}

/** Cards drawn from the deck are seen by the drawer only; stolen cards by thief and victim; setup choices by their maker. */
export function redactEvent(event: VvEvent, viewer: Seat | null): VvVisibleEvent {
  switch (event.type) {
    case 'setup-chosen':
      return event.seat === viewer ? event : { type: event.type, seat: event.seat };
    case 'drew':
      return event.from !== 'deck' || event.seat === viewer ? event : { ...event, card: null };
    case 'cards-stolen':
      return event.seat === viewer || event.from === viewer ? event : { type: event.type, seat: event.seat, from: event.from, count: event.cards.length };
    case 'action-started':
      return event.seat === viewer ? event : { ...event, owed: visibleOwed(event.owed) };
    default:
      return event;
  }
}
