import type { CardsOf, CatalogOf, EventOf, MoveOf } from '@valeria-tabletop/client';
import { PlayerArea } from '../ui/player-area.js';
import { Card, plural, type CardFace } from '../ui/card.js';
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
      return `gain ${effect.amount}`;
    case 'steal':
      return `steal ${effect.amount}${effect.from === 'bank' ? ' from the bank' : ''}`;
    case 'bank':
      return `bank ${effect.amount}`;
    case 'buy':
      return [
        effect.relic ? `buy a relic${effect.relicDiscount ? ` (${effect.relicDiscount} off)` : ''}` : null,
        effect.cardPrice !== null ? `or a card for ${effect.cardPrice}` : null,
      ]
        .filter(Boolean)
        .join(' ');
  }
}

/** Each card of the catalog as a card: names are unique in it (every player's starting cards share theirs). */
function facesOf(catalog: Catalog): Faces {
  const cards = new Map<string, CardData>([...catalog.starting, ...catalog.market].map((card) => [card.name, card]));
  return (name) => {
    const c = cards.get(name);
    if (!c) return { name, kind: 'Card' };
    return {
      name: c.name,
      kind: c.exhaust ? `${c.type} · exhausts` : c.type,
      tone: c.type,
      lines: Object.entries(c.against).map(([against, effects]) => `vs ${against}: ${(effects ?? []).map(effectText).join(', ')}`),
    };
  };
}

const SIDES = { left: 'to the left', right: 'to the right', front: 'in front' } as const;

function Table({ board, you, names, awaiting, faceOf }: TableProps<typeof GAME> & { faceOf: Faces }) {
  return (
    <>
      <section aria-label="Market">
        <h2>Market</h2>
        <p class="muted">
          {plural(board.market.deck, 'card')} left in the Market deck. Bank capacity {board.bankCapacity}. Round {board.round}.
        </p>
        <div class="cards">
          {board.market.row.map((name) => (
            <Card key={name} face={faceOf(name)} />
          ))}
        </div>
      </section>
      {board.table.length > 0 && (
        <section aria-label="Revealed this round">
          <h2>Revealed this round</h2>
          <div class="cards">
            {board.table.map((play) => (
              <Card key={`${play.seat}-${play.card}-${play.side}`} face={faceOf(play.card)} note={`${names[play.seat]} → ${names[play.toward]}`} />
            ))}
          </div>
        </section>
      )}
      {board.players.map((p, seat) => (
        <PlayerArea key={seat} seat={seat} you={you} names={names} awaiting={awaiting} place="village">
          <p class="stats">
            <span>Turnips: {p.turnips}</span>{' '}
            <span>
              (stockpile {p.stockpile}, bank {p.bank})
            </span>{' '}
            <span>Relics: {p.relics.length ? p.relics.join(', ') : 'none'}</span>
            {p.nextRelicPrice !== null && <span> · next relic costs {p.nextRelicPrice}</span>}
          </p>
          {seat === you && p.hand ? (
            <>
              <h3>Your hand</h3>
              <div class="cards">
                {p.hand.map((name) => (
                  <Card key={name} face={faceOf(name)} />
                ))}
              </div>
              {p.queue && p.queue.length > 0 && <p>Your queue, front first: {p.queue.join(', ')}</p>}
              {p.plan && <p>Your plan this round: {p.plan.join(' then ')} (you may still change it)</p>}
            </>
          ) : (
            <p>
              Cards: {p.cards.join(', ')}
              {p.queued > 0 ? ` (${p.queued} face down in the queue)` : ''}
            </p>
          )}
          {p.exhausted.length > 0 && <p class="muted">Exhausted: {p.exhausted.join(', ')}</p>}
        </PlayerArea>
      ))}
    </>
  );
}

function families({ moves }: Choices<Move>): Family<Move>[] {
  return [
    familyOf(movesOfType(moves, 'queue'))({
      title: 'Queue two cards face down',
      parts: [byField('Which card goes in front (it is revealed this round)?', 'front', (c) => `Front: ${c}`), byField('And behind it?', 'back')],
      describe: (m) => `Queue ${m.front} in front, ${m.back} behind`,
    }),
    familyOf(movesOfType(moves, 'enqueue'))({
      title: 'Add a card behind your queue',
      parts: [byField('Which card?', 'card')],
      describe: (m) => `Queue ${m.card} behind`,
    }),
    familyOf(movesOfType(moves, 'plan'))({
      title: 'Plan a card toward each neighbour',
      parts: [byField('Which card toward your left neighbour?', 'left', (c) => `Left: ${c}`), byField('And toward your right neighbour?', 'right')],
      describe: (m) => `Play ${m.left} left and ${m.right} right`,
    }),
    familyOf(movesOfType(moves, 'take-card'))({
      title: 'Buy a Market card',
      parts: [byField('Which card?', 'card')],
      describe: (m) => `Take ${m.card} from the Market`,
    }),
    familyOf(movesOfType(moves, 'order-merchants'))({
      title: 'Your two Merchants',
      parts: [byField('Which buys first?', 'first')],
      describe: (m) => `The ${m.first} Merchant buys first`,
    }),
  ].filter((family) => family.moves.length > 0);
}

function describeEvent(e: Event, names: readonly string[]): string | null {
  const who = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  switch (e.type) {
    case 'plan-submitted':
      return `${who(e.seat)} planned${e.cards ? ` ${e.cards.join(' and ')}` : ' in secret'}.`;
    case 'plans-revealed':
      return `Revealed: ${e.plays.map((p) => `${who(p.seat)}'s ${p.card} ${SIDES[p.side]}`).join('; ')}.`;
    case 'gained':
      return `${who(e.seat)}'s ${e.card} grew ${plural(e.amount, 'turnip')}.`;
    case 'stolen':
      return `${who(e.seat)}'s ${e.card} stole ${plural(e.amount, 'turnip')} from ${who(e.from)}'s ${e.pool}.`;
    case 'banked':
      return `${who(e.seat)}'s ${e.card} banked ${plural(e.amount, 'turnip')}.`;
    case 'merchants-ordered':
      return `${who(e.seat)}'s ${e.first} Merchant buys first.`;
    case 'relic-bought':
      return `${who(e.seat)} bought the ${e.relic} for ${e.paid.stockpile + e.paid.bank}.`;
    case 'card-bought':
      return `${who(e.seat)} bought ${e.bought} for ${e.paid.stockpile + e.paid.bank}${e.refill ? `; ${e.refill} joins the Market` : ''}.`;
    case 'buy-skipped':
      return `${who(e.seat)}'s ${e.card} bought nothing (${e.reason === 'cannot-pay' ? 'not enough turnips' : 'the Market is empty'}).`;
    case 'round-refreshed':
      return `Round ${e.round} begins.`;
    case 'game-ended':
      return `The game is over: ${e.winners.map(who).join(' and ') || 'nobody'} won.`;
    default:
      return null;
  }
}

const PROMPTS: Record<string, string> = {
  plan: 'Plan your cards for this round; the others cannot see them until everyone has planned.',
  'market-card': 'Your Merchant buys a Market card: choose which.',
  'merchant-order': 'Choose which of your Merchants buys first.',
};

const uiFor = (faceOf: Faces): GameUi<typeof GAME> => ({
  game: GAME,
  Table: (props) => <Table {...props} faceOf={faceOf} />,
  prompt: (step) => PROMPTS[step] ?? step,
  families,
  describeEvent,
  summary: (board, seat) => {
    const p = board.players[seat];
    if (!p) return '';
    return `${plural(p.turnips, 'turnip')} (${p.bank} banked) · relics: ${p.relics.length ? p.relics.join(', ') : 'none'}`;
  },
  scoreDetail: (d) => `${d.relics.length ? d.relics.join(', ') : 'no relics'}; ${d.turnips} turnips`,
  // Every player's four starting cards: the whole game is these types meeting each other.
  showcase: ['Farmer', 'Wall', 'Raider', 'Merchant'].map(faceOf),
});

/** The table, its cards shown from the catalog the API serves. */
export const tableFor = ({ cards }: CardsOf<typeof GAME>): GameTable => defineTable(uiFor(facesOf(cards)));
