import type { BoardOf, CardsOf, CatalogOf, EventOf, MoveOf, StandingOrdersUpdate, ValeriaClient } from '@valeria-tabletop/client';
import { useEffect, useState } from 'preact/hooks';
import { PlayerArea } from '../ui/player-area.js';
import { Card, Pile, type CardFace } from '../ui/card.js';
import { explain } from '../ui/errors.js';
import { isolate, num, t, type MessageKey } from '../i18n/i18n.js';
import { defineTable, type GameTable } from './table.js';
import { byField, movesOfType, type Choices, type Family, type FollowUp, type GameUi, type Part, type PaymentChoice, type TableProps } from './types.js';
import { actionName, cardName, powerText, resourceName, typeName, type Action, type Power } from './villages-of-valeria-words.js';

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

/** A list in the reader's language ("food, wood" / "غذا، چوب"). */
const listed = (items: readonly string[]) => items.join(t('list.comma'));

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
    const building = this.buildings.get(id);
    return building ? resourceName(building.resource) : t('vv.a-resource');
  }

  /** A Building's cost, its resources listed. */
  cost(id: string): string {
    return listed(this.buildings.get(id)?.cost.map(resourceName) ?? []);
  }

  power(id: string): Power {
    return (this.buildings.get(id) ?? this.adventurers.get(id))?.power ?? null;
  }

  face(id: string): CardFace {
    const a = this.adventurers.get(id);
    if (a)
      return {
        name: cardName(a.id, a.name),
        kind: t('vv.kind.adventurer'),
        tone: 'adventurer',
        cost: t('vv.needs', { types: listed(a.requires.map(typeName)) }),
        points: a.vp,
        lines: [powerText(a.power)].filter((l): l is string => !!l),
      };
    const b = this.buildings.get(id);
    if (!b) return { name: t('vv.castle'), kind: t('vv.castle') };
    return {
      name: cardName(b.id, b.name),
      kind: t('vv.kind.building', { type: typeName(b.type) }),
      tone: b.type,
      cost: this.cost(b.id),
      points: b.vp,
      lines: [powerText(b.power), t('vv.developed-gives', { resource: resourceName(b.resource) })].filter((l): l is string => !!l),
    };
  }

  /** The first card of this (English) name, as a card (the showcase names cards, the table ids). */
  named(name: string): CardFace | undefined {
    const card = [...this.buildings.values(), ...this.adventurers.values()].find((c) => c.name === name);
    return card && this.face(card.id);
  }

  /** A card's name inside a sentence: isolated, since a card keeps its English name in a Persian one. */
  name(id: string | null | undefined): string {
    return id ? isolate(this.face(id).name) : t('vv.a-card');
  }
}

/** A Building of each type and an Adventurer, each named in the rules of record. */
const SHOWCASE = ['Farm', 'Guard Tower', "Witch's Hut", 'Cathedral', 'Knight'];

function Table({ board, you, names, awaiting, cards }: TableProps<typeof GAME> & { cards: Cards }) {
  const village = (seat: number, p = board.players[seat]) =>
    p && <Village key={seat} cards={cards} p={p} seat={seat} you={you} names={names} awaiting={awaiting} active={board.active} />;
  const supply = t('vv.supply', { bank: board.bank, deck: board.deckSize, adventurers: board.adventurerDeckSize });
  return (
    <>
      {you !== null && village(you)}
      <section aria-label={t('vv.supply-title')}>
        <h2>{t('vv.supply-title')}</h2>
        <p class="muted">{board.led ? `${supply} · ${t('vv.led', { action: actionName(board.led) })}` : supply}</p>
        <div class="cards">
          {board.piles.map((pile, i) => (
            <Pile key={i} label={t('vv.pile', { pile: i + 1 })} size={pile.size}>
              {pile.top ? <Card face={cards.face(pile.top)} /> : undefined}
            </Pile>
          ))}
        </div>
        <h3>{t('vv.adventurer-pool')}</h3>
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
  const resources = p.resources.map((r) => (r.coin ? t('vv.resource-with-coin', { resource: cards.resource(r.card) }) : cards.resource(r.card)));
  return (
    <PlayerArea seat={seat} you={you} names={names} awaiting={awaiting} place="village" note={seat === active ? t('vv.active-player') : ''}>
      <p class="stats">{t('vv.stats', { coins: p.coins, hand: p.handSize, castle: p.castleCoin ? 'placed' : 'free' })}</p>
      <h3>{t('vv.resources')}</h3>
      <p>{resources.length ? listed(resources) : t('vv.none-yet')}</p>
      <h3>{t('vv.village')}</h3>
      {p.buildings.length + p.adventurers.length === 0 ? (
        <p class="muted">{t('vv.no-buildings')}</p>
      ) : (
        <div class="cards">
          {[...p.buildings, ...p.adventurers].map((id) => (
            <Card key={id} face={cards.face(id)} />
          ))}
        </div>
      )}
      {seat === you && p.hand && (
        <>
          <h3>{t('vv.your-hand')}</h3>
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
      return t('vv.move.setup-develop', { card: cards.name(m.card) });
    case 'harvest':
    case 'tax':
      return actionName(m.type);
    case 'decline':
      return t('vv.move.decline');
    case 'develop':
      return t('vv.move.develop', { card: cards.name(m.card) });
    case 'build':
      return t('vv.move.build', { card: cards.name(m.card) });
    case 'recruit':
      return t('vv.move.recruit', { card: cards.name(m.adventurer) });
    case 'draw':
      return m.from === 'deck' ? t('vv.move.draw-deck') : t('vv.move.draw-pile', { pile: m.from + 1 });
    case 'discard':
      return m.pile === undefined
        ? t('vv.move.discard', { card: cards.name(m.card) })
        : t('vv.move.discard-onto', { card: cards.name(m.card), pile: m.pile + 1 });
    case 'power':
      return m.target === undefined
        ? t('vv.move.power', { card: cards.name(m.card) })
        : t('vv.move.power-on', { card: cards.name(m.card), seat: m.target + 1 });
    case 'end-powers':
      return t('vv.move.end-powers');
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
      question: count === 1 ? t('vv.ask.discard-one') : t('vv.ask.discard-two'),
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
    if (me.castleCoin === null) sources.push({ label: t('vv.pay.castle'), unit: { use: 'castle' } });
    board.players.forEach((p, seat) => {
      for (const r of p.resources)
        if (r.coin === null)
          sources.push({
            label:
              seat === you
                ? t('vv.pay.your-resource', { resource: cards.resource(r.card) })
                : t('vv.pay.their-resource', { name: isolate(names[seat] ?? t('seat.numbered', { seat: num(seat + 1) })), resource: cards.resource(r.card) }),
            unit: { use: 'resource', seat, card: r.card },
          });
    });
    for (const id of [...me.buildings, ...me.adventurers]) {
      const power = powerText(cards.power(id));
      const shape = cards.power(id)?.shape;
      if (power && (shape === 'build-resource' || shape === 'build-wild-for-type'))
        sources.push({ label: t('vv.pay.power', { card: cards.name(id), power }), unit: { use: 'power', card: id } });
    }
    return {
      cost: cards.cost(move.card),
      sources,
      make: (chosen) => ({ ...move, payment: chosen.flatMap((i) => sources.slice(i, i + 1).map((source) => source.unit)) }),
    };
  };
}

function families(cards: Cards, { moves }: Choices<Move>, board: Board, you: number, names: readonly string[]): Family<Move>[] {
  const of = <T extends Move['type']>(...types: T[]) => moves.filter((m): m is Extract<Move, { type: T }> => types.some((type) => type === m.type));
  const family = <M extends Move>(title: string, list: readonly M[], parts: readonly Part<M>[] = [whole(cards, t('vv.ask.which'))]): Family<M>[] =>
    list.length ? [{ title, moves: list, parts, describe: (m) => describeMove(cards, m) }] : [];
  if (moves.some((m) => m.type === 'decline')) {
    const follows = [...of('harvest', 'tax', 'develop', 'build', 'recruit'), ...of('decline')];
    const leader = isolate(names[board.active] ?? t('seat.numbered', { seat: num(board.active + 1) }));
    return [
      {
        title: board.led ? t('vv.follow.title', { who: leader, action: actionName(board.led) }) : t('vv.follow.title-unnamed', { who: leader }),
        moves: follows,
        parts: [whole(cards, t('vv.ask.follow-or-decline'))],
        describe: (m) => (m.type === 'decline' ? t('vv.move.decline') : t('vv.move.follow', { move: describeMove(cards, m) })),
        then: developDiscards(cards, board, you, 'follow'),
        payFor: buildPayment(cards, board, you, names),
      },
    ];
  }
  const powers: Part<Extract<Move, { type: 'power' | 'end-powers' }>> = {
    question: t('vv.ask.which-power'),
    key: (m) => JSON.stringify(m.type === 'power' ? m.card : null),
    label: (m) => (m.type === 'power' ? t('vv.power-of', { card: cards.name(m.card) }) : t('vv.no-more-powers')),
  };
  return [
    ...family(t('vv.family.setup-develop'), of('setup-develop')),
    ...family(actionName('harvest'), of('harvest')),
    ...family(actionName('tax'), of('tax')),
    ...family(t('vv.family.develop'), of('develop')).map((f) => ({ ...f, then: developDiscards(cards, board, you, 'lead') })),
    ...family(t('vv.family.build'), of('build')).map((f) => ({ ...f, payFor: buildPayment(cards, board, you, names) })),
    ...family(t('vv.family.recruit'), of('recruit')),
    ...family(t('vv.family.draw'), of('draw')),
    ...family(t('vv.family.discard'), movesOfType(moves, 'discard'), [
      byField(t('move.which-card'), 'card', (id) => t('vv.move.discard', { card: cards.name(id) })),
      whole(cards, t('vv.ask.onto-pile')),
    ]),
    ...family(t('vv.family.powers'), of('power', 'end-powers'), [powers, whole(cards, t('vv.ask.on-whom'))]),
  ];
}

function describeEvent(cards: Cards, e: EventOf<typeof GAME>, names: readonly string[]): string | null {
  const who = (seat: number) => isolate(names[seat] ?? t('seat.numbered', { seat: num(seat + 1) }));
  switch (e.type) {
    case 'setup-chosen':
      return e.card ? t('vv.log.setup-chosen', { who: who(e.seat), card: cards.name(e.card) }) : t('vv.log.setup-chosen-secret', { who: who(e.seat) });
    case 'setup-revealed':
      return t('vv.log.setup-revealed', { developed: listed(e.cards.map((c, i) => t('vv.log.seat-card', { who: who(i), card: cards.name(c) }))) });
    case 'replenished':
      return e.collected ? t('vv.log.replenished', { who: who(e.seat), count: e.collected }) : null;
    case 'action-started':
      return t('vv.log.action', { who: who(e.seat), role: e.role, action: actionName(e.action) });
    case 'declined':
      return t('vv.log.declined', { who: who(e.seat) });
    case 'drew':
      return e.from === 'deck'
        ? t('vv.log.drew-deck', { who: who(e.seat), card: cards.name(e.card) })
        : t('vv.log.drew-pile', { who: who(e.seat), card: cards.name(e.card), pile: e.from + 1 });
    case 'discarded':
      return e.pile === null
        ? t('vv.log.discarded-out', { who: who(e.seat), card: cards.name(e.card) })
        : t('vv.log.discarded', { who: who(e.seat), card: cards.name(e.card), pile: e.pile + 1 });
    case 'developed':
      return t('vv.log.developed', { who: who(e.seat), card: cards.name(e.card), resource: cards.resource(e.card) });
    case 'built':
      return t('vv.log.built', { who: who(e.seat), card: cards.name(e.card) });
    case 'recruited':
      return t('vv.log.recruited', { who: who(e.seat), card: cards.name(e.adventurer), paid: e.paid });
    case 'gold-gained':
      return e.from === 'bank' ? t('vv.log.gold', { who: who(e.seat), n: e.n }) : t('vv.log.gold-from', { who: who(e.seat), n: e.n, from: who(e.from) });
    case 'cards-stolen':
      return t('vv.log.stolen', { who: who(e.seat), count: e.cards ? e.cards.length : (e.count ?? 0), from: who(e.from) });
    case 'power-used':
      return t('vv.log.power', { who: who(e.seat), card: cards.name(e.card) });
    case 'game-ended':
      return t('vv.log.ended');
    default:
      return null;
  }
}

const PROMPTS: Record<string, MessageKey> = {
  setup: 'vv.prompt.setup',
  lead: 'vv.prompt.lead',
  follow: 'vv.prompt.follow',
  draw: 'vv.prompt.draw',
  discard: 'vv.prompt.discard',
  'hand-limit': 'vv.prompt.hand-limit',
  power: 'vv.prompt.power',
};

const ACTIONS = ['harvest', 'tax', 'develop', 'build', 'recruit'] as const satisfies readonly Action[];
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
      aria-label={t('vv.orders.label')}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await client.setStandingOrders(gameId, { orders: ordersOf(orders) });
          setNote(t('vv.orders.saved'));
        } catch (failure) {
          setNote(explain(failure));
        }
      }}
    >
      <details>
        <summary>{t('vv.orders.summary')}</summary>
        {ACTIONS.map((action) => (
          <p key={action} class="order">
            <label for={`order-${action}`}>{t('vv.orders.when', { action: actionName(action) })}</label>
            <select id={`order-${action}`} value={orders[action]} onChange={(e) => setOrders({ ...orders, [action]: e.currentTarget.value as Order })}>
              <option value="ask">{t('vv.orders.ask')}</option>
              <option value="decline">{t('vv.orders.decline')}</option>
              {(action === 'harvest' || action === 'tax') && <option value="follow">{t('vv.orders.follow')}</option>}
            </select>
          </p>
        ))}
        <button type="submit">{t('vv.orders.save')}</button>
        {note && <p role="status">{note}</p>}
      </details>
    </form>
  );
}

const uiFor = (cards: Cards): GameUi<typeof GAME> => ({
  game: GAME,
  Table: (props) => <Table {...props} cards={cards} />,
  prompt: (step) => (PROMPTS[step] ? t(PROMPTS[step]) : step),
  families: (choices, board, you, names) => families(cards, choices, board, you, names),
  describeEvent: (event, names) => describeEvent(cards, event, names),
  summary: (board, seat) => {
    const p = board.players[seat];
    if (!p) return '';
    return t('vv.summary', { coins: p.coins, hand: p.handSize, buildings: p.buildings.length, adventurers: p.adventurers.length });
  },
  scoreDetail: (d) => t('vv.score', { cards: d.cards, powers: d.powers, gold: d.gold }),
  showcase: SHOWCASE.flatMap((name) => cards.named(name) ?? []),
  StandingOrders,
});

/** The table, its cards shown from the catalog the API serves. */
export const tableFor = ({ cards }: CardsOf<typeof GAME>): GameTable => defineTable(uiFor(new Cards(cards)));
