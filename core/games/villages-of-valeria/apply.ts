import { withSubmission } from '../../engine/index.js';
import type { CardId } from './catalog/index.js';
import type { VvEvent } from './events.js';
import type { Activity, Flow, PlayerState, VvState } from './state.js';

/** Events that move a card into a hand or a village: the turn is not quiet (VV-R10). */
const PROGRESS: ReadonlySet<VvEvent['type']> = new Set(['drew', 'cards-stolen', 'built', 'developed', 'recruited']);

function removeCard(cards: CardId[], card: CardId): void {
  const i = cards.lastIndexOf(card);
  if (i < 0) throw new Error(`card ${card} is not where the event says`);
  cards.splice(i, 1);
}

const player = (state: VvState, seat: number): PlayerState => state.players[seat] as PlayerState;

function cloneActivity(a: Activity): Activity {
  return { seat: a.seat, role: a.role, action: a.action, owed: a.owed.slice(), fresh: a.fresh, used: a.used.slice(), powersDone: a.powersDone };
}

function cloneFlow(f: Flow): Flow {
  return {
    turn: f.turn,
    active: f.active,
    led: f.led,
    queue: f.queue.slice(),
    activity: f.activity ? cloneActivity(f.activity) : null,
    progressed: f.progressed,
    quietTurns: f.quietTurns,
  };
}

function clonePlayer(p: PlayerState): PlayerState {
  return {
    castle: p.castle,
    hand: p.hand.slice(),
    coins: p.coins,
    castleCoin: p.castleCoin,
    resources: p.resources.map((r) => ({ card: r.card, coin: r.coin })),
    buildings: p.buildings.slice(),
    adventurers: p.adventurers.slice(),
  };
}

/** A deep copy cheap enough to take on every command (decide works on one). */
export function cloneState(s: VvState): VvState {
  return {
    game: s.game,
    seats: s.seats,
    deadlines: s.deadlines,
    pending: s.pending,
    pendingOpened: s.pendingOpened,
    finished: s.finished,
    rng: s.rng,
    seedHash: s.seedHash,
    seed: s.seed,
    solo: s.solo,
    first: s.first,
    bank: s.bank,
    deck: s.deck.slice(),
    piles: s.piles.map((p) => p.slice()),
    advDeck: s.advDeck.slice(),
    advPool: s.advPool.slice(),
    box: s.box.slice(),
    players: s.players.map(clonePlayer),
    setupChoices: s.setupChoices.slice(),
    flow: cloneFlow(s.flow),
  };
}

function activityOf(draft: VvState): Activity {
  const act = draft.flow.activity;
  if (!act) throw new Error('the event needs a lead or follow in progress');
  return act;
}

/** The single place where state changes: folds one event into a draft. */
export function applyEvent(draft: VvState, event: VvEvent): void {
  if (PROGRESS.has(event.type)) draft.flow.progressed = true;
  switch (event.type) {
    case 'setup-chosen':
      draft.setupChoices[event.seat] = event.card;
      if (draft.pending?.kind === 'simultaneous') draft.pending = withSubmission(draft.pending, event.seat);
      return;
    case 'setup-revealed':
      event.cards.forEach((card, seat) => {
        const p = player(draft, seat);
        removeCard(p.hand, card);
        p.resources.push({ card, coin: null });
      });
      draft.setupChoices = draft.setupChoices.map(() => null);
      return;
    case 'replenished': {
      const p = player(draft, event.seat);
      p.coins += event.collected;
      p.castleCoin = event.castleCoin;
      p.resources.forEach((r, i) => (r.coin = event.resourceCoins[i] ?? null));
      return;
    }
    case 'turn-started': {
      const flow = draft.flow;
      flow.turn = event.turn;
      flow.active = event.seat;
      flow.led = null;
      flow.queue = [];
      flow.activity = null;
      flow.progressed = false;
      return;
    }
    case 'action-started':
      draft.flow.activity = {
        seat: event.seat,
        role: event.role,
        action: event.action,
        owed: event.owed.slice(),
        fresh: event.fresh,
        used: [],
        powersDone: false,
      };
      if (event.role === 'lead') draft.flow.led = event.action;
      return;
    case 'owed-settled':
      activityOf(draft).owed.splice(0, event.n);
      return;
    case 'power-used': {
      const act = activityOf(draft);
      act.used.push(event.card);
      act.owed.push(...event.owes);
      return;
    }
    case 'powers-ended':
      activityOf(draft).powersDone = true;
      return;
    case 'action-finished':
      draft.flow.activity = null;
      if (event.followers) draft.flow.queue = event.followers.slice();
      return;
    case 'follow-offered':
      draft.flow.queue = event.queue.slice();
      return;
    case 'turn-ended':
      draft.flow.quietTurns = event.quietTurns;
      return;
    case 'declined':
      return;
    case 'drew': {
      const source = event.from === 'deck' ? draft.deck : (draft.piles[event.from] as CardId[]);
      removeCard(source, event.card);
      player(draft, event.seat).hand.push(event.card);
      if (event.refill !== undefined && event.from !== 'deck') {
        removeCard(draft.deck, event.refill);
        (draft.piles[event.from] as CardId[]).push(event.refill);
      }
      return;
    }
    case 'discarded':
      removeCard(player(draft, event.seat).hand, event.card);
      (event.pile === null ? draft.box : (draft.piles[event.pile] as CardId[])).push(event.card);
      return;
    case 'developed': {
      const p = player(draft, event.seat);
      removeCard(p.hand, event.card);
      p.resources.push({ card: event.card, coin: null });
      return;
    }
    case 'built': {
      const p = player(draft, event.seat);
      removeCard(p.hand, event.card);
      p.buildings.push(event.card);
      for (const unit of event.payment) {
        if (unit.use === 'castle') {
          p.castleCoin = 'placed';
          p.coins--;
        } else if (unit.use === 'resource') {
          const spot = player(draft, unit.seat).resources.find((r) => r.card === unit.card);
          if (!spot) throw new Error(`resource ${unit.card} is not in seat ${unit.seat}'s village`);
          spot.coin = 'placed';
          p.coins--;
        }
      }
      return;
    }
    case 'recruited': {
      const p = player(draft, event.seat);
      p.coins -= event.paid;
      draft.bank += event.paid;
      const slot = draft.advPool.indexOf(event.adventurer);
      if (event.refill !== undefined) {
        removeCard(draft.advDeck, event.refill);
        draft.advPool[slot] = event.refill;
      } else draft.advPool.splice(slot, 1);
      p.adventurers.push(event.adventurer);
      return;
    }
    case 'gold-gained':
      if (event.from === 'bank') draft.bank -= event.n;
      else player(draft, event.from).coins -= event.n;
      player(draft, event.seat).coins += event.n;
      return;
    case 'cards-stolen': {
      const victim = player(draft, event.from);
      for (const card of event.cards) removeCard(victim.hand, card);
      player(draft, event.seat).hand.push(...event.cards);
      return;
    }
    case 'game-ended':
      draft.finished = true;
      draft.pending = null;
      return;
  }
}
