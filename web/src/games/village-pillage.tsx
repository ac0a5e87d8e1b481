import { card, type Effect } from '../../../core/games/village-pillage/catalog/index.js';
import { PlayerArea } from '../ui/player-area.js';
import { Card, plural, type CardFace } from '../ui/card.js';
import { byField, type Family, type GameUi, type Move, type TableProps } from './types.js';

/** Village Pillage in the browser: cards by their effect tables, plans as "left then right" or the Duel queue. */

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

export function faceOf(name: string): CardFace {
  const c = card(name);
  return {
    name: c.name,
    kind: c.exhaust ? `${c.type} · exhausts` : c.type,
    tone: c.type,
    lines: Object.entries(c.against).map(([against, effects]) => `vs ${against}: ${(effects ?? []).map(effectText).join(', ')}`),
  };
}

const SIDES: Record<string, string> = { left: 'to the left', right: 'to the right', front: 'in front' };

function Table({ board, you, names, awaiting }: TableProps) {
  return (
    <>
      <section aria-label="Market">
        <h2>Market</h2>
        <p class="muted">
          {plural(board.market.deck, 'card')} left in the Market deck. Bank capacity {board.bankCapacity}. Round {board.round}.
        </p>
        <div class="cards">
          {board.market.row.map((name: string) => (
            <Card key={name} face={faceOf(name)} />
          ))}
        </div>
      </section>
      {board.table.length > 0 && (
        <section aria-label="Revealed this round">
          <h2>Revealed this round</h2>
          <div class="cards">
            {board.table.map((play: any) => (
              <Card key={`${play.seat}-${play.card}-${play.side}`} face={faceOf(play.card)} note={`${names[play.seat]} → ${names[play.toward]}`} />
            ))}
          </div>
        </section>
      )}
      {board.players.map((p: any, seat: number) => (
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
                {p.hand.map((name: string) => (
                  <Card key={name} face={faceOf(name)} />
                ))}
              </div>
              {p.queue?.length > 0 && <p>Your queue, front first: {p.queue.join(', ')}</p>}
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

function families(moves: readonly Move[]): Family[] {
  const of = (type: string) => moves.filter((m) => m.type === type);
  const list: Family[] = [];
  if (of('queue').length)
    list.push({
      title: 'Queue two cards face down',
      moves: of('queue'),
      parts: [byField('Which card goes in front (it is revealed this round)?', 'front', (c) => `Front: ${c}`), byField('And behind it?', 'back')],
      describe: (m) => `Queue ${m.front} in front, ${m.back} behind`,
    });
  if (of('enqueue').length)
    list.push({
      title: 'Add a card behind your queue',
      moves: of('enqueue'),
      parts: [byField('Which card?', 'card')],
      describe: (m) => `Queue ${m.card} behind`,
    });
  if (of('plan').length)
    list.push({
      title: 'Plan a card toward each neighbour',
      moves: of('plan'),
      parts: [byField('Which card toward your left neighbour?', 'left', (c) => `Left: ${c}`), byField('And toward your right neighbour?', 'right')],
      describe: (m) => `Play ${m.left} left and ${m.right} right`,
    });
  if (of('take-card').length)
    list.push({
      title: 'Buy a Market card',
      moves: of('take-card'),
      parts: [byField('Which card?', 'card')],
      describe: (m) => `Take ${m.card} from the Market`,
    });
  if (of('order-merchants').length)
    list.push({
      title: 'Your two Merchants',
      moves: of('order-merchants'),
      parts: [byField('Which buys first?', 'first')],
      describe: (m) => `The ${m.first} Merchant buys first`,
    });
  return list;
}

function describeEvent(e: any, names: readonly string[]): string | null {
  const who = (seat: number) => names[seat] ?? `Seat ${seat + 1}`;
  switch (e.type) {
    case 'plan-submitted':
      return `${who(e.seat)} planned${e.cards ? ` ${e.cards.join(' and ')}` : ' in secret'}.`;
    case 'plans-revealed':
      return `Revealed: ${e.plays.map((p: any) => `${who(p.seat)}'s ${p.card} ${SIDES[p.side] ?? ''}`).join('; ')}.`;
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

export const ui: GameUi = {
  Table,
  prompt: (step) => PROMPTS[step] ?? step,
  families,
  describeEvent,
  summary: (board, seat) => {
    const p = board.players[seat];
    return `${plural(p.turnips, 'turnip')} (${p.bank} banked) · relics: ${p.relics.length ? p.relics.join(', ') : 'none'}`;
  },
  scoreDetail: (d) => `${d.relics.length ? d.relics.join(', ') : 'no relics'}; ${d.turnips} turnips`,
};
