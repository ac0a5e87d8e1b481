import type { CardsOf, CatalogOf, EventOf, MoveOf } from '@valeria-tabletop/client';
import { PlayerArea } from '../ui/player-area.js';
import { Card, type CardFace } from '../ui/card.js';
import { isolate, num, t, type MessageKey } from '../i18n/i18n.js';
import { defineTable, type GameTable } from './table.js';
import { byField, familyOf, movesOfType, type Choices, type Family, type GameUi, type TableProps } from './types.js';

/** Village Pillage in the browser: cards by their effect tables, plans as "left then right" or the Duel queue. */

const GAME = 'village-pillage';
type Move = MoveOf<typeof GAME>;
type Event = EventOf<typeof GAME>;
type Catalog = CatalogOf<typeof GAME>;
type CardData = Catalog['market'][number];
type Effect = NonNullable<CardData['against'][keyof CardData['against']]>[number];
/** A card as a card, by its name. */
type Faces = (name: string) => CardFace;

function effectText(effect: Effect): string {
  switch (effect.kind) {
    case 'gain':
      return t('vp.effect.gain', { amount: effect.amount });
    case 'steal':
      return t('vp.effect.steal', { amount: effect.amount, from: effect.from === 'bank' ? 'bank' : 'stockpile' });
    case 'bank':
      return t('vp.effect.bank', { amount: effect.amount });
    case 'buy':
      return [
        effect.relic ? t('vp.effect.buy-relic', { discount: effect.relicDiscount ?? 0 }) : null,
        effect.cardPrice !== null ? t('vp.effect.buy-card', { price: effect.cardPrice }) : null,
      ]
        .filter(Boolean)
        .join(' ');
  }
}

/** The four kinds of villagers, named as the editions name them (i18n/TERMS.md); a card's own name stays as the API's catalog gives it. */
const TYPES: Record<string, MessageKey> = { Farmer: 'vp.type.farmer', Wall: 'vp.type.wall', Raider: 'vp.type.raider', Merchant: 'vp.type.merchant' };
const typeName = (type: string) => (TYPES[type] ? t(TYPES[type]) : type);
/** A card by its name: every player's four starting cards are named by their kind, and so translated with it. */
const cardName = typeName;

/** Each card of the catalog as a card: names are unique in it (every player's starting cards share theirs). */
function facesOf(catalog: Catalog): Faces {
  const cards = new Map<string, CardData>([...catalog.starting, ...catalog.market].map((card) => [card.name, card]));
  return (name) => {
    const c = cards.get(name);
    if (!c) return { name, kind: t('vp.card') };
    return {
      name: cardName(c.name),
      kind: c.exhaust ? t('vp.exhausts', { type: typeName(c.type) }) : typeName(c.type),
      tone: c.type,
      lines: Object.entries(c.against).map(([against, effects]) =>
        t('vp.against', { against: typeName(against), effects: (effects ?? []).map(effectText).join(t('list.comma')) }),
      ),
    };
  };
}

function Table({ board, you, names, awaiting, faceOf }: TableProps<typeof GAME> & { faceOf: Faces }) {
  return (
    <>
      <section aria-label={t('vp.market')}>
        <h2>{t('vp.market')}</h2>
        <p class="muted">{t('vp.market-status', { deck: board.market.deck, capacity: board.bankCapacity, round: board.round })}</p>
        <div class="cards">
          {board.market.row.map((name) => (
            <Card key={name} face={faceOf(name)} />
          ))}
        </div>
      </section>
      {board.table.length > 0 && (
        <section aria-label={t('vp.revealed')}>
          <h2>{t('vp.revealed')}</h2>
          <div class="cards">
            {board.table.map((play) => (
              <Card
                key={`${play.seat}-${play.card}-${play.side}`}
                face={faceOf(play.card)}
                note={t('vp.toward', { who: isolate(names[play.seat] ?? ''), whom: isolate(names[play.toward] ?? '') })}
              />
            ))}
          </div>
        </section>
      )}
      {board.players.map((p, seat) => (
        <PlayerArea key={seat} seat={seat} you={you} names={names} awaiting={awaiting} place="village">
          <p class="stats">
            <span>{t('vp.turnips', { count: p.turnips })}</span> <span>{t('vp.pools', { stockpile: p.stockpile, bank: p.bank })}</span>{' '}
            <span>{t('vp.relics', { count: p.relics.length, relics: p.relics.join(t('list.comma')) })}</span>
            {p.nextRelicPrice !== null && <span> · {t('vp.next-relic', { price: p.nextRelicPrice })}</span>}
          </p>
          {seat === you && p.hand ? (
            <>
              <h3>{t('vp.hand')}</h3>
              <div class="cards">
                {p.hand.map((name) => (
                  <Card key={name} face={faceOf(name)} />
                ))}
              </div>
              {p.queue && p.queue.length > 0 && <p>{t('vp.queue', { cards: p.queue.map(cardName).join(t('list.comma')) })}</p>}
              {p.plan && <p>{t('vp.plan', { left: cardName(p.plan[0] ?? ''), right: cardName(p.plan[1] ?? '') })}</p>}
            </>
          ) : (
            <p>{t('vp.cards', { cards: p.cards.map(cardName).join(t('list.comma')), queued: p.queued })}</p>
          )}
          {p.exhausted.length > 0 && <p class="muted">{t('vp.exhausted', { cards: p.exhausted.map(cardName).join(t('list.comma')) })}</p>}
        </PlayerArea>
      ))}
    </>
  );
}

function families({ moves }: Choices<Move>): Family<Move>[] {
  return [
    familyOf(movesOfType(moves, 'queue'))({
      title: t('vp.move.queue'),
      parts: [byField(t('vp.move.queue-front'), 'front', (c) => t('vp.move.front', { card: cardName(c) })), byField(t('vp.move.queue-back'), 'back', cardName)],
      describe: (m) => t('vp.move.queue-named', { front: cardName(m.front), back: cardName(m.back) }),
    }),
    familyOf(movesOfType(moves, 'enqueue'))({
      title: t('vp.move.enqueue'),
      parts: [byField(t('move.which-card'), 'card', cardName)],
      describe: (m) => t('vp.move.enqueue-named', { card: cardName(m.card) }),
    }),
    familyOf(movesOfType(moves, 'plan'))({
      title: t('vp.move.plan'),
      parts: [byField(t('vp.move.plan-left'), 'left', (c) => t('vp.move.left', { card: cardName(c) })), byField(t('vp.move.plan-right'), 'right', cardName)],
      describe: (m) => t('vp.move.plan-named', { left: cardName(m.left), right: cardName(m.right) }),
    }),
    familyOf(movesOfType(moves, 'take-card'))({
      title: t('vp.move.take'),
      parts: [byField(t('move.which-card'), 'card')],
      describe: (m) => t('vp.move.take-named', { card: m.card }),
    }),
    familyOf(movesOfType(moves, 'order-merchants'))({
      title: t('vp.move.merchants'),
      parts: [byField(t('vp.move.merchants-first'), 'first', (side) => t('vp.side', { side }))],
      describe: (m) => t('vp.move.merchants-named', { side: m.first }),
    }),
  ].filter((family) => family.moves.length > 0);
}

function describeEvent(e: Event, names: readonly string[]): string | null {
  const who = (seat: number) => isolate(names[seat] ?? t('seat.numbered', { seat: num(seat + 1) }));
  switch (e.type) {
    case 'plan-submitted':
      return e.cards
        ? t('vp.log.planned', { who: who(e.seat), cards: e.cards.map(cardName).join(` ${t('list.and-word')} `) })
        : t('vp.log.planned-secret', { who: who(e.seat) });
    case 'plans-revealed':
      return t('vp.log.revealed', { plays: e.plays.map((p) => t('vp.log.play', { who: who(p.seat), card: cardName(p.card), side: p.side })).join('; ') });
    case 'gained':
      return t('vp.log.gained', { who: who(e.seat), card: cardName(e.card), amount: e.amount });
    case 'stolen':
      return t('vp.log.stolen', { who: who(e.seat), card: cardName(e.card), amount: e.amount, from: who(e.from), pool: e.pool });
    case 'banked':
      return t('vp.log.banked', { who: who(e.seat), card: cardName(e.card), amount: e.amount });
    case 'merchants-ordered':
      return t('vp.log.merchants', { who: who(e.seat), side: e.first });
    case 'relic-bought':
      return t('vp.log.relic', { who: who(e.seat), relic: e.relic, paid: e.paid.stockpile + e.paid.bank });
    case 'card-bought':
      return t('vp.log.card', { who: who(e.seat), card: e.bought, paid: e.paid.stockpile + e.paid.bank, refill: e.refill ?? 'none' });
    case 'buy-skipped':
      return t('vp.log.skipped', { who: who(e.seat), card: cardName(e.card), reason: e.reason === 'cannot-pay' ? 'unpaid' : 'empty' });
    case 'round-refreshed':
      return t('vp.log.round', { round: e.round });
    case 'game-ended':
      return e.winners.length > 0 ? t('vp.log.won', { winners: e.winners.map(who).join(` ${t('list.and-word')} `) }) : t('vp.log.nobody');
    default:
      return null;
  }
}

const PROMPTS: Record<string, MessageKey> = {
  plan: 'vp.prompt.plan',
  'market-card': 'vp.prompt.market-card',
  'merchant-order': 'vp.prompt.merchant-order',
};

const uiFor = (faceOf: Faces): GameUi<typeof GAME> => ({
  game: GAME,
  Table: (props) => <Table {...props} faceOf={faceOf} />,
  prompt: (step) => (PROMPTS[step] ? t(PROMPTS[step]) : step),
  families,
  describeEvent,
  summary: (board, seat) => {
    const p = board.players[seat];
    if (!p) return '';
    return t('vp.summary', { turnips: p.turnips, bank: p.bank, count: p.relics.length, relics: p.relics.join(t('list.comma')) });
  },
  scoreDetail: (d) => t('vp.score', { count: d.relics.length, relics: d.relics.join(t('list.comma')), turnips: d.turnips }),
  // Every player's four starting cards: the whole game is these types meeting each other.
  showcase: ['Farmer', 'Wall', 'Raider', 'Merchant'].map(faceOf),
});

/** The table, its cards shown from the catalog the API serves. */
export const tableFor = ({ cards }: CardsOf<typeof GAME>): GameTable => defineTable(uiFor(facesOf(cards)));
