import type { BoardOf, CardsOf, CatalogOf, EventOf, MoveOf, StandingOrdersUpdate, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { PlayerArea } from '../ui/player-area.js';
import { Card, Pile, plural, type CardFace } from '../ui/card.js';
import { explain } from '../ui/errors.js';
import { defineTable, type GameTable } from './table.js';
import {
  byField,
  familyOf,
  movesOfType,
  type Choices,
  type Family,
  type FollowUp,
  type GameUi,
  type Part,
  type PaymentChoice,
  type TableProps,
} from './types.js';

/** Villages of Valeria in the browser: lead an action and its choices, follow windows, standing orders. */

const GAME = 'villages-of-valeria';
type Board = BoardOf<typeof GAME>;
type Move = MoveOf<typeof GAME>;
type BuildMove = Extract<Move, { type: 'build' }>;
/** One source a Build may be paid from, chosen by hand. */
type PaymentUnit = Exclude<BuildMove['payment'], 'auto'>[number];
type Catalog = CatalogOf<typeof GAME>;
type Building = Catalog['buildings'][number];
type Adventurer = Catalog['adventurers'][number];
type Power = Building['power'];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function powerText(power: Power): string | null {
  if (!power) return null;
  switch (power.shape) {
    case 'action-cards':
      return `${cap(power.action)}: +${plural(power.n, 'card')}`;
    case 'action-gold':
      return `${cap(power.action)}: +${power.n} gold`;
    case 'build-resource':
      return `Build: +1 ${power.resource}`;
    case 'build-wild-for-type':
      return `Build: +1 wild for a ${power.buildingType} building`;
    case 'build-discard-for-wild':
      return 'Build: discard 2 for +1 wild';
    case 'build-discard-for-gold':
      return 'Build: discard 2 for +1 gold';
    case 'instant-draw':
      return `When placed: draw ${power.n}`;
    case 'instant-bank-gold':
      return 'When placed: +1 gold from the bank';
    case 'instant-discard-for-gold':
      return 'When placed: discard 1 for +1 gold';
    case 'instant-steal-gold':
      return "When placed: take 1 gold from an opponent's coins";
    case 'instant-steal-cards':
      return `When placed: take ${plural(power.n, 'random card')} from an opponent`;
    case 'instant-draw-per-shadow':
      return 'When placed: draw 1 per shadow building';
    case 'end-vp-per-type':
      return `End: +1 VP per ${power.buildingType} building`;
    case 'end-vp-per-adventurer':
      return 'End: +1 VP per adventurer';
  }
}

/** The catalog's cards by id (`b…` Buildings, `a…` Adventurers, `c…` Castles), as the table shows them. */
class Cards {
  private readonly buildings: ReadonlyMap<string, Building>;
  private readonly adventurers: ReadonlyMap<string, Adventurer>;

  constructor(catalog: Catalog) {
    this.buildings = new Map(catalog.buildings.map((card) => [card.id, card]));
    this.adventurers = new Map(catalog.adventurers.map((card) => [card.id, card]));
  }

  building(id: string): Building | undefined {
    return this.buildings.get(id);
  }

  /** What a Building gives once developed. */
  resource(id: string): string {
    return this.buildings.get(id)?.resource ?? 'a resource';
  }

  power(id: string): Power {
    return (this.buildings.get(id) ?? this.adventurers.get(id))?.power ?? null;
  }

  face(id: string): CardFace {
    const a = this.adventurers.get(id);
    if (a)
      return {
        name: a.name,
        kind: 'Adventurer',
        tone: 'adventurer',
        cost: `needs ${a.requires.join(', ')}`,
        points: a.vp,
        lines: [powerText(a.power)].filter((l): l is string => !!l),
      };
    const b = this.buildings.get(id);
    if (!b) return { name: 'Castle', kind: 'Castle' };
    return {
      name: b.name,
      kind: `Building · ${b.type}`,
      tone: b.type,
      cost: b.cost.join(', '),
      points: b.vp,
      lines: [powerText(b.power), `Developed: gives ${b.resource}`].filter((l): l is string => !!l),
    };
  }

  /** The first card of this name, as a card (the showcase names cards, the table ids). */
  named(name: string): CardFace | undefined {
    const card = [...this.buildings.values(), ...this.adventurers.values()].find((c) => c.name === name);
    return card && this.face(card.id);
  }

  name(id: string | null | undefined): string {
    return id ? this.face(id).name : 'a card';
  }
}

/** A Building of each type and an Adventurer, each named in the rules of record. */
const SHOWCASE = ['Farm', 'Guard Tower', "Witch's Hut", 'Cathedral', 'Knight'];

const pileName = (from: 'deck' | number) => (from === 'deck' ? 'the deck' : `pile ${from + 1}`);

function Table({ board, you, names, awaiting, cards }: TableProps<typeof GAME> & { cards: Cards }) {
  const village = (seat: number, p = board.players[seat]) =>
    p && <Village key={seat} cards={cards} p={p} seat={seat} you={you} names={names} awaiting={awaiting} active={board.active} />;
  return (
    <>
      {you !== null && village(you)}
      <section aria-label="Supply">
        <h2>Supply</h2>
        <p class="muted">
          Bank: {board.bank} gold · Deck: {plural(board.deckSize, 'card')} · Adventurer deck: {board.adventurerDeckSize}
          {board.led ? ` · Led action: ${board.led}` : ''}
        </p>
        <div class="cards">
          {board.piles.map((pile, i) => (
            <Pile key={i} label={`Pile ${i + 1}`} size={pile.size}>
              {pile.top ? <Card face={cards.face(pile.top)} /> : undefined}
            </Pile>
          ))}
        </div>
        <h3>Adventurers to recruit</h3>
        <div class="cards">
          {board.adventurerPool.map((id) => (
            <Card key={id} face={cards.face(id)} />
          ))}
        </div>
      </section>
      {board.players.map((p, seat) => (seat === you ? null : village(seat, p)))}
    </>
  );
}

interface VillageProps {
  readonly cards: Cards;
  readonly p: Board['players'][number];
  readonly seat: number;
  readonly you: number | null;
  readonly names: readonly string[];
  readonly awaiting: readonly number[];
  readonly active: number;
}

/** A player's village: gold, resources, buildings and adventurers, and my hand. */
function Village({ cards, p, seat, you, names, awaiting, active }: VillageProps) {
  return (
    <PlayerArea seat={seat} you={you} names={names} awaiting={awaiting} place="village" note={seat === active ? ' — active player' : ''}>
      <p class="stats">
        Gold: {p.coins} · Cards in hand: {p.handSize} · Castle: {p.castleCoin ? 'coin placed' : 'free (wild)'}
      </p>
      <h3>Resources</h3>
      <p>{p.resources.length ? p.resources.map((r) => `${cards.resource(r.card)}${r.coin ? ' (coin on it)' : ''}`).join(', ') : 'none yet'}</p>
      <h3>Village</h3>
      {p.buildings.length + p.adventurers.length === 0 ? (
        <p class="muted">No buildings yet.</p>
      ) : (
        <div class="cards">
          {[...p.buildings, ...p.adventurers].map((id) => (
            <Card key={id} face={cards.face(id)} />
          ))}
        </div>
      )}
      {seat === you && p.hand && (
        <>
          <h3>Your hand</h3>
          <div class="cards">
            {p.hand.map((id) => (
              <Card key={id} face={cards.face(id)} />
            ))}
          </div>
        </>
      )}
    </PlayerArea>
  );
}

function describeMove(cards: Cards, m: Move): string {
  switch (m.type) {
    case 'setup-develop':
      return `Develop ${cards.name(m.card)} for free`;
    case 'harvest':
      return 'Harvest';
    case 'tax':
      return 'Tax';
    case 'decline':
      return 'Decline';
    case 'develop':
      return `Develop ${cards.name(m.card)}`;
    case 'build':
      return `Build ${cards.name(m.card)}`;
    case 'recruit':
      return `Recruit ${cards.name(m.adventurer)}`;
    case 'draw':
      return `Draw from ${pileName(m.from)}`;
    case 'discard':
      return `Discard ${cards.name(m.card)}${m.pile === undefined ? '' : ` onto pile ${m.pile + 1}`}`;
    case 'power':
      return `Use ${cards.name(m.card)}'s power${m.target === undefined ? '' : ` on seat ${m.target + 1}`}`;
    case 'end-powers':
      return 'Use no more powers';
  }
}

const whole = <M extends Move>(cards: Cards, question: string): Part<M> => ({ question, key: (m) => JSON.stringify(m), label: (m) => describeMove(cards, m) });

/**
 * A Develop is paid by discarding other hand cards (1 to lead, 2 to follow,
 * VV-R6): the discards are chosen with it and sent in one batch.
 */
function developDiscards(cards: Cards, board: Board, you: number, role: 'lead' | 'follow') {
  return (move: Move): FollowUp<Move> | null => {
    if (move.type !== 'develop') return null;
    const hand = (board.players[you]?.hand ?? []).filter((id) => id !== move.card);
    const count = role === 'lead' ? 1 : 2;
    return {
      count,
      question: count === 1 ? 'Which card do you discard to pay?' : 'Which two cards do you discard to pay?',
      cards: hand.map((id) => ({ id, label: cards.name(id) })),
      piles: board.solo ? 0 : board.piles.length,
      make: (card, pile) => (pile === null ? { type: 'discard', card } : { type: 'discard', card, pile }),
    };
  };
}

/**
 * A Build's payment chosen by hand: a coin on your Castle (wild), a coin on a
 * free Resource (yours or another player's), or a resource power of your
 * village; the engine checks the choice and says precisely what is wrong.
 */
function buildPayment(cards: Cards, board: Board, you: number, names: readonly string[]) {
  return (move: Move): PaymentChoice<Move> | null => {
    const me = board.players[you];
    if (move.type !== 'build' || !me) return null;
    const sources: { readonly label: string; readonly unit: PaymentUnit }[] = [];
    if (me.castleCoin === null) sources.push({ label: 'A coin on your Castle (wild)', unit: { use: 'castle' } });
    board.players.forEach((p, seat) => {
      for (const r of p.resources)
        if (r.coin === null)
          sources.push({
            label: `A coin on ${seat === you ? 'your' : `${names[seat]}'s`} ${cards.resource(r.card)}`,
            unit: { use: 'resource', seat, card: r.card },
          });
    });
    for (const id of [...me.buildings, ...me.adventurers]) {
      const power = cards.face(id).lines?.[0];
      const shape = cards.power(id)?.shape;
      if (shape === 'build-resource' || shape === 'build-wild-for-type')
        sources.push({ label: `${cards.name(id)}'s power (${power})`, unit: { use: 'power', card: id } });
    }
    return {
      cost: cards.building(move.card)?.cost.join(', ') ?? '',
      sources,
      make: (chosen) => ({ ...move, payment: chosen.flatMap((i) => sources.slice(i, i + 1).map((source) => source.unit)) }),
    };
  };
}

function families(cards: Cards, { moves }: Choices<Move>, board: Board, you: number, names: readonly string[]): Family<Move>[] {
  const of = <T extends Move['type']>(...types: T[]) => moves.filter((m): m is Extract<Move, { type: T }> => types.some((type) => type === m.type));
  const family = <M extends Move>(title: string, list: readonly M[], parts: readonly Part<M>[] = [whole(cards, 'Which?')]): Family<M>[] =>
    list.length ? [{ title, moves: list, parts, describe: (m) => describeMove(cards, m) }] : [];
  if (moves.some((m) => m.type === 'decline')) {
    const follows = [...of('harvest', 'tax', 'develop', 'build', 'recruit'), ...of('decline')];
    return [
      {
        title: `${names[board.active] ?? 'The active player'} leads ${cap(board.led ?? 'an action')}. Follow?`,
        moves: follows,
        parts: [whole(cards, 'Follow or decline?')],
        describe: (m) => (m.type === 'decline' ? 'Decline' : `Follow: ${describeMove(cards, m)}`),
        then: developDiscards(cards, board, you, 'follow'),
        payFor: buildPayment(cards, board, you, names),
      },
    ];
  }
  const powers: Part<Extract<Move, { type: 'power' | 'end-powers' }>> = {
    question: 'Which power?',
    key: (m) => JSON.stringify(m.type === 'power' ? m.card : null),
    label: (m) => (m.type === 'power' ? `${cards.name(m.card)}'s power` : 'No more powers'),
  };
  return [
    ...family('Choose your free develop', of('setup-develop')),
    ...family('Harvest', of('harvest')),
    ...family('Tax', of('tax')),
    ...family('Develop a card from your hand', of('develop')).map((f) => ({ ...f, then: developDiscards(cards, board, you, 'lead') })),
    ...family('Build a card from your hand', of('build')).map((f) => ({ ...f, payFor: buildPayment(cards, board, you, names) })),
    ...family('Recruit an adventurer', of('recruit')),
    ...family('Draw a card', of('draw')),
    ...family('Discard', movesOfType(moves, 'discard'), [
      byField('Which card?', 'card', (id) => `Discard ${cards.name(id)}`),
      whole(cards, 'Onto which pile?'),
    ]),
    ...family('Powers', of('power', 'end-powers'), [powers, whole(cards, 'On whom?')]),
  ];
}

function describeEvent(cards: Cards, e: EventOf<typeof GAME>, names: readonly string[]): string | null {
  const who = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  switch (e.type) {
    case 'setup-chosen':
      return e.card ? `${who(e.seat)} chose ${cards.name(e.card)} to develop.` : `${who(e.seat)} chose a card to develop.`;
    case 'setup-revealed':
      return `Setup developed: ${e.cards.map((c, i) => `${who(i)} ${cards.name(c)}`).join(', ')}.`;
    case 'replenished':
      return e.collected ? `${who(e.seat)} collected ${e.collected} coins back.` : null;
    case 'declined':
      return `${who(e.seat)} declined to follow.`;
    case 'drew':
      return `${who(e.seat)} drew ${e.card ? cards.name(e.card) : 'a card'} from ${pileName(e.from)}.`;
    case 'discarded':
      return `${who(e.seat)} discarded ${cards.name(e.card)}${e.pile === null ? ' out of the game' : ` onto pile ${e.pile + 1}`}.`;
    case 'developed':
      return `${who(e.seat)} developed ${cards.name(e.card)} (${cards.resource(e.card)}).`;
    case 'built':
      return `${who(e.seat)} built ${cards.name(e.card)}.`;
    case 'recruited':
      return `${who(e.seat)} recruited ${cards.name(e.adventurer)} for ${e.paid} gold.`;
    case 'gold-gained':
      return `${who(e.seat)} gained ${e.n} gold${e.from === 'bank' ? '' : ` from ${who(e.from)}`}.`;
    case 'cards-stolen':
      return `${who(e.seat)} took ${e.cards ? plural(e.cards.length, 'card') : plural(e.count ?? 0, 'card')} from ${who(e.from)}.`;
    case 'power-used':
      return `${who(e.seat)} used ${cards.name(e.card)}'s power.`;
    case 'game-ended':
      return 'The game is over.';
    default:
      return null;
  }
}

const PROMPTS: Record<string, string> = {
  setup: 'Choose a card of your hand to develop for free.',
  lead: 'Your turn: lead one of the five actions.',
  follow: 'Follow the led action, or decline.',
  draw: 'Draw a card from the deck or a pile.',
  discard: 'Discard a card to pay.',
  'hand-limit': 'Too many cards: discard down to the hand limit.',
  power: 'Use the powers of your village for this action, or stop.',
};

const ACTIONS = ['harvest', 'tax', 'develop', 'build', 'recruit'] as const;
type Action = (typeof ACTIONS)[number];
type Order = 'ask' | 'decline' | 'follow';
type Orders = NonNullable<StandingOrdersUpdate['orders']>;

/** The standing orders chosen on the form, as the API takes them: null for none. */
function ordersOf(chosen: Readonly<Record<Action, Order>>): Orders | null {
  const orders: Orders = {};
  for (const action of ACTIONS) {
    if (chosen[action] === 'decline') orders[action] = 'decline';
    // Following is offered for Harvest and Tax only, drawing from the deck.
    else if (chosen[action] === 'follow' && (action === 'harvest' || action === 'tax')) orders[action] = { follow: true, drawFrom: 'deck' };
  }
  return Object.keys(orders).length ? orders : null;
}

/** "Always decline following Tax", "always follow Harvest and draw from the deck": answered for me when the window opens. */
function StandingOrders({ client, gameId }: { client: ValeriaClient; gameId: string }) {
  const [orders, setOrders] = useState<Record<Action, Order> | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    client
      .standingOrders(gameId)
      .then((answer) => {
        const current: Orders = answer.orders ?? {};
        const orderOf = (action: Action): Order => (current[action] === 'decline' ? 'decline' : current[action] ? 'follow' : 'ask');
        setOrders({ harvest: orderOf('harvest'), tax: orderOf('tax'), develop: orderOf('develop'), build: orderOf('build'), recruit: orderOf('recruit') });
      })
      .catch((failure) => setNote(explain(failure)));
  }, [client, gameId]);
  if (!orders) return note ? <p class="error">{note}</p> : null;
  return (
    <form
      class="orders"
      aria-label="Standing orders"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await client.setStandingOrders(gameId, { orders: ordersOf(orders) });
          setNote('Saved.');
        } catch (failure) {
          setNote(explain(failure));
        }
      }}
    >
      <details>
        <summary>Standing orders: answer follow windows in advance</summary>
        {ACTIONS.map((action) => (
          <p key={action} class="order">
            <label for={`order-${action}`}>When someone leads {cap(action)}</label>
            <select id={`order-${action}`} value={orders[action]} onChange={(e) => setOrders({ ...orders, [action]: e.currentTarget.value as Order })}>
              <option value="ask">ask me</option>
              <option value="decline">decline</option>
              {(action === 'harvest' || action === 'tax') && <option value="follow">follow, draw from the deck</option>}
            </select>
          </p>
        ))}
        <button type="submit">Save standing orders</button>
        {note && <p role="status">{note}</p>}
      </details>
    </form>
  );
}

const uiFor = (cards: Cards): GameUi<typeof GAME> => ({
  game: GAME,
  Table: (props) => <Table {...props} cards={cards} />,
  prompt: (step) => PROMPTS[step] ?? step,
  families: (choices, board, you, names) => families(cards, choices, board, you, names),
  describeEvent: (event, names) => describeEvent(cards, event, names),
  summary: (board, seat) => {
    const p = board.players[seat];
    if (!p) return '';
    return `${p.coins} gold · ${plural(p.handSize, 'card')} in hand · ${plural(p.buildings.length, 'building')} · ${plural(p.adventurers.length, 'adventurer')}`;
  },
  scoreDetail: (d) => `${d.cards} points from cards, ${d.powers} from powers, ${d.gold} gold`,
  showcase: SHOWCASE.flatMap((name) => cards.named(name) ?? []),
  StandingOrders,
});

/** The table, its cards shown from the catalog the API serves. */
export const tableFor = ({ cards }: CardsOf<typeof GAME>): GameTable => defineTable(uiFor(new Cards(cards)));
