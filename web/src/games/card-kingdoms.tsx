import type { BoardOf, CardsOf, CatalogOf, EventOf, MoveOf } from '@valeria-tabletop/client';
import { PlayerArea } from '../ui/player-area.js';
import { Card, Pile, type CardFace } from '../ui/card.js';
import { isolate, num, t, type MessageKey } from '../i18n/i18n.js';
import { tNodes } from '../i18n/use.js';
import { amount, areaName, cardTitle, monsterTypeName, phaseName, resourceName, roleCount, roleName } from './card-kingdoms-words.js';
import { defineTable, type GameTable } from './table.js';
import { byField, familyOf, movesOfType, type Choices, type Family, type GameUi, type Part, type TableProps } from './types.js';

/** Valeria: Card Kingdoms in the browser: dice, harvest choices, two actions a turn, a secret Duke. */

const GAME = 'valeria-card-kingdoms';
type Board = BoardOf<typeof GAME>;
type Move = MoveOf<typeof GAME>;
type Option = NonNullable<Board['choice']>[number];
type Catalog = CatalogOf<typeof GAME>;
type Citizen = Catalog['citizens'][number];
type Starter = Catalog['starters'][number];
type Monster = Catalog['monsters'][number];
type Domain = Catalog['domains'][number];
type Duke = Catalog['dukes'][number];
type Effect = Monster['reward'][number];
type HarvestEffect = Citizen['active'][number];
type Bag = Extract<Effect, { kind: 'gain' }>['gain'];
type Count = Extract<Effect, { kind: 'per' }>['count'];
type DomainPower = Domain['power'];
type DukeTerm = Duke['terms'][number];

/** A card's name from its id (Domains and Dukes are named by their name, the other cards `name#copy`), in the reader's words. */
const cardName = (id: string) => cardTitle(id.split('#')[0] ?? id);

const list = (items: readonly string[]) => items.join(t('list.comma'));
const either = (items: readonly string[]) => items.join(t('ck.or'));

const bagText = (bag: Bag) =>
  Object.entries(bag)
    .filter(([, n]) => n)
    .map(([resource, n]) => amount(n, resourceName(resource)))
    .join(' + ') || t('ck.nothing');

const countText = (count: Count) =>
  count.of === 'role'
    ? roleName(count.role)
    : count.of === 'card-name'
      ? cardTitle(count.name)
      : count.of === 'domain'
        ? t('ck.count.domain')
        : t('ck.count.area-monster', { area: areaName(count.area) });

function recruitText(effect: Extract<Effect | HarvestEffect, { kind: 'free-recruit' }>): string {
  const whom = effect.name ? t('ck.effect.recruit-named', { card: cardTitle(effect.name) }) : t('ck.effect.recruit-any');
  return effect.maxCost === null ? whom : t('ck.effect.cost-up-to', { recruit: whom, cost: amount(effect.maxCost, resourceName('gold')) });
}

function effectText(effect: Effect | HarvestEffect): string {
  switch (effect.kind) {
    case 'gain':
      return t('ck.effect.gain', { bag: bagText(effect.gain) });
    case 'per':
      return t('ck.effect.per', { bag: bagText(effect.gain), each: countText(effect.count) });
    case 'pay-for':
      return t('ck.effect.pay-for', { pay: bagText(effect.pay), gain: bagText(effect.gain) });
    case 'choice':
      return either(effect.options.map((option) => list(option.map(effectText))));
    case 'take-from-player':
      return t('ck.effect.take-from-player', { count: effect.amount, resources: effect.resources.map(resourceName).join('/') });
    case 'free-recruit':
      return recruitText(effect);
    case 'return-to-stack':
      return t('ck.effect.return-to-stack', { card: effect.card });
    case 'steal-monster':
      return t('ck.effect.steal-monster');
  }
}

function dieChangeText({ change, cost }: Extract<DomainPower, { when: 'roll' }>['change']): string {
  const what =
    'to' in change
      ? t('ck.power.die-to', { value: change.to })
      : change.by < 0
        ? t('ck.power.die-down', { by: -change.by })
        : t('ck.power.die-up', { by: change.by });
  const gold = amount(cost.gold, resourceName('gold'));
  if (cost.perRole) return t('ck.power.cost-per', { change: what, cost: gold, role: roleName(cost.perRole) });
  return cost.gold === 0 ? t('ck.power.free', { change: what }) : t('ck.power.cost', { change: what, cost: gold });
}

function domainPowerText(power: DomainPower): string {
  if (power.when === 'roll') return t('ck.power.roll', { power: dieChangeText(power.change) });
  const effects = list(power.effects.map(effectText));
  switch (power.when) {
    case 'built':
      return t('ck.power.built', { effects });
    case 'any-double':
      return t('ck.power.any-double', { effects });
    case 'your-harvest':
      return t('ck.power.your-harvest', { effects });
    case 'you-slay':
      return t('ck.power.you-slay', { effects });
    case 'you-recruit':
      return t('ck.power.you-recruit', { effects });
  }
}

const termText = (term: DukeTerm) => {
  const points = amount(term.vp, resourceName('vp'));
  switch (term.per) {
    case 'role':
      return t('ck.duke.per', { points, each: roleName(term.role) });
    case 'monster-type':
      return t('ck.duke.per', { points, each: monsterTypeName(term.type) });
    case 'monster':
      return t('ck.duke.per', { points, each: t('ck.count.monster') });
    case 'domain':
      return t('ck.duke.per', { points, each: t('ck.count.domain') });
    case 'resources':
      return t('ck.duke.per-resources', { points, every: term.every });
  }
};

/** The catalog's cards by name, as the table shows them. */
class Cards {
  private readonly citizens: ReadonlyMap<string, Citizen>;
  private readonly starters: ReadonlyMap<string, Starter>;
  private readonly monsters: ReadonlyMap<string, Monster>;
  private readonly domains: ReadonlyMap<string, Domain>;
  private readonly dukes: ReadonlyMap<string, Duke>;

  constructor(catalog: Catalog) {
    const byName = <T extends { readonly name: string }>(cards: readonly T[]) => new Map(cards.map((card) => [card.name, card]));
    this.citizens = byName(catalog.citizens);
    this.starters = byName(catalog.starters);
    this.monsters = byName(catalog.monsters);
    this.domains = byName(catalog.domains);
    this.dukes = byName(catalog.dukes);
  }

  private static key = (id: string) => id.split('#')[0] ?? id;

  duke(id: string): Duke | undefined {
    return this.dukes.get(Cards.key(id));
  }

  /** A citizen of a kingdom: a market citizen, or a starter (no role, no cost). */
  citizenFace(id: string): CardFace {
    const c = this.citizens.get(Cards.key(id)) ?? this.starters.get(Cards.key(id));
    if (!c) return { name: cardName(id), kind: t('ck.citizen') };
    const role = 'role' in c ? c.role : null;
    return {
      name: cardTitle(c.name),
      kind: t('ck.citizen.kind', { role: role ? roleName(role) : t('ck.starter'), rolls: either(c.activation.map(num)) }),
      tone: role ?? 'starter',
      ...('cost' in c ? { cost: amount(c.cost, resourceName('gold')) } : {}),
      lines: [t('ck.citizen.active', { effects: list(c.active.map(effectText)) }), t('ck.citizen.passive', { effects: list(c.passive.map(effectText)) })],
    };
  }

  monsterFace(id: string): CardFace {
    const m = this.monsters.get(Cards.key(id));
    if (!m) return { name: cardName(id), kind: t('ck.monster') };
    return {
      name: cardTitle(m.name),
      kind: `${monsterTypeName(m.type)} · ${areaName(m.area)}`,
      tone: 'monster',
      cost: [amount(m.strength, resourceName('strength')), ...(m.magic ? [amount(m.magic, resourceName('magic'))] : [])].join(' + '),
      points: m.vp,
      lines: [t('ck.monster.reward', { effects: list(m.reward.map(effectText)) })],
    };
  }

  domainFace(id: string): CardFace {
    const d = this.domains.get(Cards.key(id));
    if (!d) return { name: cardName(id), kind: t('ck.domain') };
    const needs = list(Object.entries(d.requirement).map(([role, n]) => roleCount(role, n)));
    return {
      name: cardTitle(d.name),
      kind: t('ck.domain'),
      tone: 'domain',
      cost: t('ck.domain.cost', { cost: amount(d.cost, resourceName('gold')), needs }),
      points: d.vp,
      lines: [domainPowerText(d.power)],
    };
  }

  dukeFace(id: string): CardFace {
    return { name: cardName(id), kind: t('ck.duke.secret'), tone: 'duke', lines: this.duke(id)?.terms.map(termText) ?? [] };
  }
}

const tokens = (p: Board['players'][number]) =>
  [
    amount(p.gold, resourceName('gold')),
    amount(p.strength, resourceName('strength')),
    amount(p.magic, resourceName('magic')),
    amount(p.vp, resourceName('vp')),
  ].join(' · ');

const diceText = ([a = 0, b = 0]: readonly number[]) => t('ck.dice.rolled', { a, b, sum: a + b });

/** A citizen stack's activation values as the reader writes numbers: "9–10", "۹–۱۰". */
const slotText = (slot: string) => slot.split('-').map(Number).map(num).join('–');

function Table({ board, you, names, awaiting, cards }: TableProps<typeof GAME> & { cards: Cards }) {
  const { market, turn } = board;
  return (
    <>
      <p class="dice" aria-label={t('ck.dice')}>
        {tNodes('ck.status', {
          who: (
            <strong>
              <bdi>{names[turn.active]}</bdi>
            </strong>
          ),
          dice: turn.dice ? diceText(turn.dice) : t('ck.dice.not-rolled'),
          actions: turn.actionsLeft,
          phase: phaseName(board.phase),
        })}
        {board.endTriggered ? t('ck.last-round') : ''}
      </p>
      <section aria-label={t('ck.monsters')}>
        <h2>{t('ck.monsters')}</h2>
        <div class="cards">
          {market.monsters.map((s, i) => (
            <Pile key={i} label={areaName(s.area)} size={s.size}>
              {s.top ? <Card face={cards.monsterFace(s.top)} /> : <p class="muted">{t('ck.defeated')}</p>}
            </Pile>
          ))}
        </div>
      </section>
      <section aria-label={t('ck.citizens')}>
        <h2>{t('ck.citizens')}</h2>
        <div class="cards">
          {market.citizens.map((s, i) => (
            <Pile key={i} label={t('ck.citizen-stack', { slot: slotText(s.slot) })} size={s.size}>
              {s.top ? <Card face={cards.citizenFace(s.top)} /> : <p class="muted">{t('ck.empty')}</p>}
            </Pile>
          ))}
        </div>
      </section>
      <section aria-label={t('ck.domains')}>
        <h2>{t('ck.domains')}</h2>
        <div class="cards">
          {market.domains.map((s, i) => (
            <Pile key={i} label={t('ck.domain-stack', { stack: i + 1 })} size={s.size}>
              {s.top ? <Card face={cards.domainFace(s.top)} /> : <p class="muted">{t('ck.empty')}</p>}
            </Pile>
          ))}
        </div>
      </section>
      {board.players.map((p, seat) => (
        <PlayerArea key={seat} seat={seat} you={you} names={names} awaiting={awaiting} place="kingdom">
          <p class="stats">{tokens(p)}</p>
          <h3>{t('ck.citizens')}</h3>
          <div class="cards">
            {p.citizens.map((id) => (
              <Card key={id} face={cards.citizenFace(id)} />
            ))}
          </div>
          {p.monsters.length + p.domains.length > 0 && (
            <>
              <h3>{t('ck.slain-and-built')}</h3>
              <div class="cards">
                {p.monsters.map((id) => (
                  <Card key={id} face={cards.monsterFace(id)} />
                ))}
                {p.domains.map((id) => (
                  <Card key={id} face={cards.domainFace(id)} />
                ))}
              </div>
            </>
          )}
          {p.duke && (
            <>
              <h3>{seat === you ? t('ck.duke.yours') : t('ck.duke')}</h3>
              <div class="cards">
                <Card face={cards.dukeFace(p.duke)} />
              </div>
            </>
          )}
          {seat === you && p.dukeOffer.length > 0 && <p>{t('ck.duke.offered')}</p>}
        </PlayerArea>
      ))}
    </>
  );
}

/** A player's name inside a sentence, isolated; a seat without a name by its number. */
const whoOf = (names: readonly string[]) => (seat: number) => isolate(names[seat] ?? t('seat.numbered', { seat: num(seat + 1) }));

function optionText(option: Option | undefined, board: Board, names: readonly string[]): string {
  if (!option) return '';
  const who = whoOf(names);
  switch (option.kind) {
    case 'gain':
      return t('ck.option.gain', { bag: bagText(option.gain) });
    case 'exchange':
      return t('ck.option.exchange', { pay: bagText(option.pay), gain: bagText(option.gain) });
    case 'decline':
      return t('ck.option.decline');
    case 'alternative':
      return list(option.effects.map(effectText));
    case 'take': {
      const what = amount(option.amount, resourceName(option.resource));
      return option.from === null ? t('ck.option.take-reserve', { what }) : t('ck.option.take-from', { what, who: who(option.from) });
    }
    case 'recruit':
      return t('ck.option.recruit', { slot: slotText(board.market.citizens[option.stack]?.slot ?? '') });
    case 'return':
      return t('ck.option.return', { card: cardName(option.card) });
    case 'steal':
      return option.from === null ? t('ck.option.steal-market') : t('ck.option.steal-from', { who: who(option.from) });
    case 'attack':
      return t('ck.option.attack', { area: areaName(board.market.monsters[option.stack]?.area ?? '') });
    case 'capture':
      return t('ck.option.capture', { zone: option.zone, stack: option.stack + 1 });
  }
}

type Paid = Extract<Move, { type: 'slay' | 'recruit' | 'build' }>;
const pay = (m: Paid) =>
  t('ck.move.paying', {
    what: [
      m.type === 'slay' ? amount(m.strength, resourceName('strength')) : amount(m.gold, resourceName('gold')),
      ...(m.magic ? [amount(m.magic, resourceName('magic'))] : []),
    ].join(' + '),
  });
const paying = <M extends Paid>(): Part<M> => ({ question: t('ck.move.paying-with'), key: (m) => JSON.stringify(m), label: pay });

/** A turn's actions: the first of two may be planned with the second. */
const ACTIONS: ReadonlySet<Move['type']> = new Set(['slay', 'recruit', 'build', 'take']);

/**
 * The moves grouped as the game thinks. The first of a turn's two actions
 * comes with the second ones that may follow it, as the moves route lists
 * them (`followUps`), to send both as one batch; `planning: false` lists
 * those second ones.
 */
function families(cards: Cards, choices: Choices<Move>, board: Board, you: number, names: readonly string[], planning = true): Family<Move>[] {
  const { moves } = choices;
  const top = (zone: 'monsters' | 'citizens' | 'domains', stack: number) => cardName(board.market[zone][stack]?.top ?? '');
  const firstOfTwo = planning && board.turn.actionsLeft === 2;
  const plan = (m: Move) => {
    const next = firstOfTwo && ACTIONS.has(m.type) ? choices.followUps(m) : [];
    return next.length > 0 ? families(cards, { moves: next, followUps: () => [] }, board, you, names, false) : null;
  };
  const prompts = board.harvest?.prompts[you] ?? [];
  const answerTo = (m: Extract<Move, { type: 'harvest' }>, prompt: number) => m.answers.find((a) => a.prompt === prompt)?.option;
  const answersText = (m: Extract<Move, { type: 'harvest' }>) =>
    m.answers.map((a) => optionText(prompts[a.prompt]?.options[a.option], board, names)).join(t('ck.then'));
  const dieMove = (m: Extract<Move, { type: 'keep-dice' | 'change-die' }>) =>
    m.type === 'keep-dice' ? t('ck.move.keep-dice') : t('ck.move.change-die', { domain: cardName(m.domain), die: m.die + 1 });
  /** An action on the top card of a market stack (slay, recruit, build), paid as the player chooses. */
  const market = <M extends Paid>(
    listed: readonly M[],
    zone: 'monsters' | 'citizens' | 'domains',
    words: { title: string; which: string; named(card: string, paying: string): string },
  ) =>
    familyOf(listed)({
      title: words.title,
      parts: [byField(words.which, 'stack', (s) => top(zone, s)), paying()],
      describe: (m) => words.named(top(zone, m.stack), pay(m)),
      plan,
    });

  return [
    familyOf(movesOfType(moves, 'keep-duke'))({
      title: t('ck.move.keep-duke'),
      parts: [byField(t('ck.move.which-duke'), 'duke', cardName)],
      describe: (m) => t('ck.move.keep-duke-named', { duke: cardName(m.duke), terms: list(cards.duke(m.duke)?.terms.map(termText) ?? []) }),
    }),
    familyOf(movesOfType(moves, 'roll'))({
      title: t('ck.move.roll'),
      parts: [byField(t('ck.move.roll'), 'type', () => t('ck.move.roll-dice'))],
      describe: () => t('ck.move.roll-dice'),
    }),
    familyOf([...movesOfType(moves, 'keep-dice'), ...movesOfType(moves, 'change-die')])({
      title: t('ck.move.dice'),
      parts: [{ question: t('ck.move.keep-or-change'), key: (m) => JSON.stringify(m), label: dieMove }],
      describe: dieMove,
    }),
    familyOf(movesOfType(moves, 'harvest'))({
      title: t('ck.move.harvest'),
      parts: [
        ...prompts.map((prompt, i): Part<Extract<Move, { type: 'harvest' }>> => ({
          question: prompt.card ? t('ck.move.harvest-which', { card: cardName(prompt.card) }) : t('ck.move.free-resource-which'),
          key: (m) => String(answerTo(m, i)),
          label: (m) => optionText(prompt.options[answerTo(m, i) ?? -1], board, names),
        })),
        { question: t('ck.move.harvest-order'), key: (m) => JSON.stringify(m.answers), label: answersText },
      ],
      describe: (m) => (m.answers.length === 0 ? t('ck.move.harvest-nothing') : t('ck.move.harvest-named', { answers: answersText(m) })),
    }),
    market(movesOfType(moves, 'slay'), 'monsters', {
      title: t('ck.move.slay'),
      which: t('ck.move.which-monster'),
      named: (card, paying) => t('ck.move.slay-named', { card, paying }),
    }),
    market(movesOfType(moves, 'recruit'), 'citizens', {
      title: t('ck.move.recruit'),
      which: t('ck.move.which-citizen'),
      named: (card, paying) => t('ck.move.recruit-named', { card, paying }),
    }),
    market(movesOfType(moves, 'build'), 'domains', {
      title: t('ck.move.build'),
      which: t('ck.move.which-domain'),
      named: (card, paying) => t('ck.move.build-named', { card, paying }),
    }),
    familyOf(movesOfType(moves, 'take'))({
      title: t('ck.move.take'),
      parts: [byField(t('ck.move.which'), 'resource', resourceName)],
      describe: (m) => t('ck.move.take-named', { what: amount(1, resourceName(m.resource)) }),
      plan,
    }),
    familyOf(movesOfType(moves, 'choose'))({
      title: t('ck.move.choose'),
      parts: [byField(t('ck.move.which'), 'option', (o) => optionText(board.choice?.[o], board, names))],
      describe: (m) => optionText(board.choice?.[m.option], board, names),
    }),
  ].filter((family) => family.moves.length > 0);
}

function describeEvent(e: EventOf<typeof GAME>, names: readonly string[]): string | null {
  const who = whoOf(names);
  switch (e.type) {
    case 'duke-kept':
      return e.duke ? t('ck.log.duke-kept-named', { who: who(e.seat), duke: cardName(e.duke) }) : t('ck.log.duke-kept', { who: who(e.seat) });
    case 'turn-started':
      return t('ck.log.turn-started', { who: who(e.seat) });
    case 'dice-rolled':
      return t('ck.log.dice-rolled', { a: e.dice[0], b: e.dice[1] });
    case 'die-changed':
      return t('ck.log.die-changed', { domain: cardName(e.domain), die: e.die + 1, value: e.value });
    case 'harvest-defaulted':
      return t('ck.log.harvest-defaulted', { who: who(e.seat) });
    case 'harvest-resolved':
      return t('ck.log.harvest-resolved', {
        gains: e.deltas
          .map((d: Bag, seat: number) =>
            t('ck.log.harvest-gain', { who: who(seat), bag: bagText(Object.fromEntries(Object.entries(d).filter(([, n]) => n > 0)) as Bag) }),
          )
          .join(t('ck.semicolon')),
      });
    case 'monster-slain':
      return t('ck.log.monster-slain', { who: who(e.seat), card: cardName(e.card) });
    case 'citizen-recruited':
      return e.free
        ? t('ck.log.citizen-recruited-free', { who: who(e.seat), card: cardName(e.card) })
        : t('ck.log.citizen-recruited', { who: who(e.seat), card: cardName(e.card) });
    case 'domain-built':
      return t('ck.log.domain-built', { who: who(e.seat), card: cardName(e.card) });
    case 'resource-taken':
      return t('ck.log.resource-taken', { who: who(e.seat), what: amount(1, resourceName(e.resource)) });
    case 'tokens-taken':
      return t('ck.log.tokens-taken', { who: who(e.seat), what: amount(e.amount, resourceName(e.resource)), from: who(e.from) });
    case 'monster-stolen':
      return e.from === null
        ? t('ck.log.monster-stolen-market', { who: who(e.seat), card: cardName(e.card) })
        : t('ck.log.monster-stolen', { who: who(e.seat), card: cardName(e.card), from: who(e.from) });
    case 'citizen-returned':
    case 'monster-returned':
      return t('ck.log.card-returned', { who: who(e.seat), card: cardName(e.card) });
    case 'dark-lord-captured':
      return t('ck.log.dark-lord-captured', { card: cardName(e.card) });
    case 'turn-ended':
      return e.endTriggered ? t('ck.log.end-triggered', { who: who(e.seat) }) : null;
    case 'game-ended':
      return e.winners.length > 0 ? t('ck.log.won', { winners: e.winners.map(who).join(` ${t('list.and-word')} `) }) : t('ck.log.nobody-won');
    default:
      return null;
  }
}

const PROMPTS: Record<string, MessageKey> = {
  duke: 'ck.prompt.duke',
  roll: 'ck.prompt.roll',
  dice: 'ck.prompt.dice',
  harvest: 'ck.prompt.harvest',
  'second-harvest': 'ck.prompt.second-harvest',
  action: 'ck.prompt.action',
  choose: 'ck.prompt.choose',
};

const uiFor = (cards: Cards): GameUi<typeof GAME> => ({
  game: GAME,
  Table: (props) => <Table {...props} cards={cards} />,
  prompt: (step) => (PROMPTS[step] ? t(PROMPTS[step]) : step),
  families: (choices, board, you, names) => families(cards, choices, board, you, names),
  describeEvent,
  summary: (board, seat) => {
    const p = board.players[seat];
    return p ? tokens(p) : '';
  },
  // The second action is chosen with the first: from the moves route, which lists what may follow each.
  plansBatch: (board, you) => board.phase === 'actions' && board.turn.active === you && board.turn.actionsLeft === 2,
  scoreDetail: (d) => t('ck.score', { monsters: d.monsters, domains: d.domains, tokens: d.tokens, duke: d.duke ?? 0 }),
  // One of each kind of card, each named in the rules of record.
  showcase: [
    cards.citizenFace('Peasant'),
    cards.citizenFace('Knight'),
    cards.monsterFace('Treant'),
    cards.domainFace('Palace of the Dawn'),
    cards.dukeFace('Waryn'),
  ],
});

/** The table, its cards shown from the catalog the API serves. */
export const tableFor = ({ cards }: CardsOf<typeof GAME>): GameTable => defineTable(uiFor(new Cards(cards)));
