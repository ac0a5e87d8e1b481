import type { BoardOf, CardsOf, CatalogOf, EventOf, MoveOf } from '@valeria-tabletop/client';
import { PlayerArea } from '../ui/player-area.js';
import { Card, Pile, type CardFace } from '../ui/card.js';
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

/** A card's name from its id: Domains and Dukes are named by their name, the other cards `name#copy`. */
const cardName = (id: string) => id.split('#')[0] ?? id;

const bagText = (bag: Bag) =>
  Object.entries(bag)
    .filter(([, n]) => n)
    .map(([resource, n]) => `${n} ${resource === 'vp' ? 'VP' : resource}`)
    .join(' + ') || 'nothing';

const countText = (count: Count) =>
  count.of === 'role' ? `${count.role}` : count.of === 'card-name' ? count.name : count.of === 'domain' ? 'domain' : `${count.area} monster`;

function effectText(effect: Effect | HarvestEffect): string {
  switch (effect.kind) {
    case 'gain':
      return `+${bagText(effect.gain)}`;
    case 'per':
      return `+${bagText(effect.gain)} per ${countText(effect.count)}`;
    case 'pay-for':
      return `pay ${bagText(effect.pay)} for ${bagText(effect.gain)}`;
    case 'choice':
      return effect.options.map((option) => option.map(effectText).join(', ')).join(' or ');
    case 'take-from-player':
      return `take ${effect.amount} ${effect.resources.join('/')} from a player`;
    case 'free-recruit':
      return `recruit ${effect.name ?? 'a citizen'} free${effect.maxCost === null ? '' : ` (cost ≤ ${effect.maxCost})`}`;
    case 'return-to-stack':
      return `return a ${effect.card} to its stack`;
    case 'steal-monster':
      return 'steal a monster';
  }
}

function domainPowerText(power: DomainPower): string {
  switch (power.when) {
    case 'roll':
      return `Roll: change a die ${'to' in power.change.change ? `to ${power.change.change.to}` : `by ${power.change.change.by}`} for ${power.change.cost.gold} gold${power.change.cost.perRole ? ` per ${power.change.cost.perRole}` : ''}`;
    case 'built':
      return `Built: ${power.effects.map(effectText).join(', ')}`;
    case 'any-double':
      return `Any double: ${power.effects.map(effectText).join(', ')}`;
    case 'your-harvest':
      return `Your harvest: ${power.effects.map(effectText).join(', ')}`;
    case 'you-slay':
      return `You slay: ${power.effects.map(effectText).join(', ')}`;
    case 'you-recruit':
      return `You recruit: ${power.effects.map(effectText).join(', ')}`;
  }
}

const termText = (term: DukeTerm) =>
  term.per === 'role'
    ? `${term.vp} VP per ${term.role}`
    : term.per === 'monster-type'
      ? `${term.vp} VP per ${term.type}`
      : term.per === 'monster'
        ? `${term.vp} VP per monster`
        : term.per === 'domain'
          ? `${term.vp} VP per domain`
          : `${term.vp} VP per ${term.every} resources`;

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

  duke(id: string): Duke | undefined {
    return this.dukes.get(cardName(id));
  }

  /** A citizen of a kingdom: a market citizen, or a starter (no role, no cost). */
  citizenFace(id: string): CardFace {
    const c = this.citizens.get(cardName(id)) ?? this.starters.get(cardName(id));
    if (!c) return { name: cardName(id), kind: 'Citizen' };
    const role = 'role' in c ? c.role : null;
    return {
      name: c.name,
      kind: `${role ?? 'Starter'} · rolls ${c.activation.join('/')}`,
      tone: role ?? 'starter',
      ...('cost' in c ? { cost: `${c.cost} gold` } : {}),
      lines: [`Your roll: ${c.active.map(effectText).join(', ')}`, `Others' roll: ${c.passive.map(effectText).join(', ')}`],
    };
  }

  monsterFace(id: string): CardFace {
    const m = this.monsters.get(cardName(id));
    if (!m) return { name: cardName(id), kind: 'Monster' };
    return {
      name: m.name,
      kind: `${m.type} · ${m.area}`,
      tone: 'monster',
      cost: `${m.strength} strength${m.magic ? ` + ${m.magic} magic` : ''}`,
      points: m.vp,
      lines: [`Reward: ${m.reward.map(effectText).join(', ')}`],
    };
  }

  domainFace(id: string): CardFace {
    const d = this.domains.get(cardName(id));
    if (!d) return { name: id, kind: 'Domain' };
    const needs = Object.entries(d.requirement)
      .map(([role, n]) => `${n} ${role}`)
      .join(', ');
    return { name: d.name, kind: 'Domain', tone: 'domain', cost: `${d.cost} gold, needs ${needs}`, points: d.vp, lines: [domainPowerText(d.power)] };
  }

  dukeFace(id: string): CardFace {
    return { name: cardName(id), kind: 'Duke (secret)', tone: 'duke', lines: this.duke(id)?.terms.map(termText) ?? [] };
  }
}

const tokens = (p: Board['players'][number]) => `${p.gold} gold · ${p.strength} strength · ${p.magic} magic · ${p.vp} VP`;

const diceText = ([a = 0, b = 0]: readonly number[]) => `${a} and ${b} (sum ${a + b})`;

function Table({ board, you, names, awaiting, cards }: TableProps<typeof GAME> & { cards: Cards }) {
  const { market, turn } = board;
  return (
    <>
      <p class="dice" aria-label="Dice">
        Turn of <strong>{names[turn.active]}</strong> · Dice: {turn.dice ? diceText(turn.dice) : 'not rolled yet'} · Actions left: {turn.actionsLeft} · Phase:{' '}
        {board.phase}
        {board.endTriggered ? ' · last round!' : ''}
      </p>
      <section aria-label="Monsters">
        <h2>Monsters</h2>
        <div class="cards">
          {market.monsters.map((s, i) => (
            <Pile key={i} label={s.area} size={s.size}>
              {s.top ? <Card face={cards.monsterFace(s.top)} /> : <p class="muted">defeated</p>}
            </Pile>
          ))}
        </div>
      </section>
      <section aria-label="Citizens">
        <h2>Citizens</h2>
        <div class="cards">
          {market.citizens.map((s, i) => (
            <Pile key={i} label={`Roll ${s.slot}`} size={s.size}>
              {s.top ? <Card face={cards.citizenFace(s.top)} /> : <p class="muted">empty</p>}
            </Pile>
          ))}
        </div>
      </section>
      <section aria-label="Domains">
        <h2>Domains</h2>
        <div class="cards">
          {market.domains.map((s, i) => (
            <Pile key={i} label={`Domain stack ${i + 1}`} size={s.size}>
              {s.top ? <Card face={cards.domainFace(s.top)} /> : <p class="muted">empty</p>}
            </Pile>
          ))}
        </div>
      </section>
      {board.players.map((p, seat) => (
        <PlayerArea key={seat} seat={seat} you={you} names={names} awaiting={awaiting} place="kingdom">
          <p class="stats">{tokens(p)}</p>
          <h3>Citizens</h3>
          <div class="cards">
            {p.citizens.map((id) => (
              <Card key={id} face={cards.citizenFace(id)} />
            ))}
          </div>
          {p.monsters.length + p.domains.length > 0 && (
            <>
              <h3>Monsters slain and domains built</h3>
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
              <h3>{seat === you ? 'Your secret Duke' : 'Duke'}</h3>
              <div class="cards">
                <Card face={cards.dukeFace(p.duke)} />
              </div>
            </>
          )}
          {seat === you && p.dukeOffer.length > 0 && <p>Choose one of the two Dukes offered to you (see your moves).</p>}
        </PlayerArea>
      ))}
    </>
  );
}

function optionText(option: Option | undefined, board: Board, names: readonly string[]): string {
  if (!option) return '';
  switch (option.kind) {
    case 'gain':
      return `Gain ${bagText(option.gain)}`;
    case 'exchange':
      return `Pay ${bagText(option.pay)} for ${bagText(option.gain)}`;
    case 'decline':
      return 'Decline';
    case 'alternative':
      return option.effects.map(effectText).join(', ');
    case 'take':
      return `Take ${option.amount} ${option.resource} from ${option.from === null ? 'the reserve' : names[option.from]}`;
    case 'recruit':
      return `Recruit the top of the roll ${board.market.citizens[option.stack]?.slot} stack`;
    case 'return':
      return `Return ${cardName(option.card)}`;
    case 'steal':
      return `Steal a monster from ${option.from === null ? 'the market' : names[option.from]}`;
    case 'attack':
      return `Monsters of ${board.market.monsters[option.stack]?.area} attack`;
    case 'capture':
      return `Lose the top of ${option.zone} stack ${option.stack + 1}`;
  }
}

type Paid = Extract<Move, { type: 'slay' | 'recruit' | 'build' }>;
const pay = (m: Paid) =>
  `paying ${[m.type === 'slay' ? `${m.strength} strength` : `${m.gold} gold`, m.magic ? `${m.magic} magic` : ''].filter(Boolean).join(' + ')}`;
const paying = <M extends Paid>(): Part<M> => ({ question: 'Paying with?', key: (m) => JSON.stringify(m), label: pay });

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
  const top = (zone: 'monsters' | 'citizens' | 'domains', stack: number) => board.market[zone][stack]?.top ?? '';
  const firstOfTwo = planning && board.turn.actionsLeft === 2;
  const plan = (m: Move) => {
    const next = firstOfTwo && ACTIONS.has(m.type) ? choices.followUps(m) : [];
    return next.length > 0 ? families(cards, { moves: next, followUps: () => [] }, board, you, names, false) : null;
  };
  const prompts = board.harvest?.prompts[you] ?? [];
  const answerTo = (m: Extract<Move, { type: 'harvest' }>, prompt: number) => m.answers.find((a) => a.prompt === prompt)?.option;
  return [
    familyOf(movesOfType(moves, 'keep-duke'))({
      title: 'Keep one Duke (secret)',
      parts: [byField('Which Duke?', 'duke')],
      describe: (m) => `Keep ${m.duke}: ${cards.duke(m.duke)?.terms.map(termText).join(', ') ?? ''}`,
    }),
    familyOf(movesOfType(moves, 'roll'))({ title: 'Roll', parts: [byField('Roll', 'type')], describe: () => 'Roll the dice' }),
    familyOf([...movesOfType(moves, 'keep-dice'), ...movesOfType(moves, 'change-die')])({
      title: 'The dice',
      parts: [{ question: 'Keep or change?', key: (m) => JSON.stringify(m), label: (m) => m.type }],
      describe: (m) => (m.type === 'keep-dice' ? 'Keep the dice' : `Use ${m.domain} on die ${m.die + 1}`),
    }),
    familyOf(movesOfType(moves, 'harvest'))({
      title: 'Harvest',
      parts: [
        ...prompts.map((prompt, i): Part<Extract<Move, { type: 'harvest' }>> => ({
          question: `${prompt.card ? cardName(prompt.card) : 'Free resource'}: which?`,
          key: (m) => String(answerTo(m, i)),
          label: (m) => optionText(prompt.options[answerTo(m, i) ?? -1], board, names),
        })),
        { question: 'In which order?', key: (m) => JSON.stringify(m.answers), label: (m) => JSON.stringify(m.answers) },
      ],
      describe: (m) =>
        m.answers.length === 0
          ? 'Harvest (nothing to choose)'
          : `Harvest: ${m.answers.map((a) => optionText(prompts[a.prompt]?.options[a.option], board, names)).join(', then ')}`,
    }),
    familyOf(movesOfType(moves, 'slay'))({
      title: 'Slay a monster',
      parts: [byField('Which monster?', 'stack', (s) => cardName(top('monsters', s))), paying()],
      describe: (m) => `Slay ${cardName(top('monsters', m.stack))} ${pay(m)}`,
      plan,
    }),
    familyOf(movesOfType(moves, 'recruit'))({
      title: 'Recruit a citizen',
      parts: [byField('Which citizen?', 'stack', (s) => cardName(top('citizens', s))), paying()],
      describe: (m) => `Recruit ${cardName(top('citizens', m.stack))} ${pay(m)}`,
      plan,
    }),
    familyOf(movesOfType(moves, 'build'))({
      title: 'Build a domain',
      parts: [byField('Which domain?', 'stack', (s) => top('domains', s)), paying()],
      describe: (m) => `Build ${top('domains', m.stack)} ${pay(m)}`,
      plan,
    }),
    familyOf(movesOfType(moves, 'take'))({ title: 'Take a resource', parts: [byField('Which?', 'resource')], describe: (m) => `Take 1 ${m.resource}`, plan }),
    familyOf(movesOfType(moves, 'choose'))({
      title: 'Choose',
      parts: [byField('Which?', 'option')],
      describe: (m) => optionText(board.choice?.[m.option], board, names),
    }),
  ].filter((family) => family.moves.length > 0);
}

function describeEvent(e: EventOf<typeof GAME>, names: readonly string[]): string | null {
  const who = (seat: number | null) => (seat === null ? 'the market' : (names[seat] ?? `Seat ${seat + 1}`));
  switch (e.type) {
    case 'duke-kept':
      return `${who(e.seat)} kept a Duke${e.duke ? ` (${e.duke})` : ''}.`;
    case 'turn-started':
      return `${who(e.seat)}'s turn begins.`;
    case 'dice-rolled':
      return `Rolled ${e.dice[0]} and ${e.dice[1]}.`;
    case 'die-changed':
      return `${e.domain} changed die ${e.die + 1} to ${e.value}.`;
    case 'harvest-defaulted':
      return `${who(e.seat)} did not answer the harvest in time: their defaults apply.`;
    case 'harvest-resolved':
      return `Harvest: ${e.deltas.map((d: Bag, seat: number) => `${who(seat)} ${bagText(Object.fromEntries(Object.entries(d).filter(([, n]) => n > 0)) as Bag)}`).join('; ')}.`;
    case 'monster-slain':
      return `${who(e.seat)} slew ${cardName(e.card)}.`;
    case 'citizen-recruited':
      return `${who(e.seat)} recruited ${cardName(e.card)}${e.free ? ' for free' : ''}.`;
    case 'domain-built':
      return `${who(e.seat)} built ${e.card}.`;
    case 'resource-taken':
      return `${who(e.seat)} took 1 ${e.resource}.`;
    case 'tokens-taken':
      return `${who(e.seat)} took ${e.amount} ${e.resource} from ${who(e.from)}.`;
    case 'monster-stolen':
      return `${who(e.seat)} stole ${cardName(e.card)} from ${who(e.from)}.`;
    case 'citizen-returned':
    case 'monster-returned':
      return `${who(e.seat)} returned ${cardName(e.card)}.`;
    case 'dark-lord-captured':
      return `The Dark Lord captured ${cardName(e.card)}.`;
    case 'turn-ended':
      return e.endTriggered ? `${who(e.seat)}'s turn ends — the end of the game is triggered.` : null;
    case 'game-ended':
      return `The game is over: ${e.winners.map(who).join(' and ') || 'nobody'} won.`;
    default:
      return null;
  }
}

const PROMPTS: Record<string, string> = {
  duke: 'Keep one of your two Dukes; the other players will not see it until the end.',
  roll: 'Your turn: roll the dice.',
  dice: 'Keep the dice, or change one with a domain.',
  harvest: 'Harvest: choose how each of your activated citizens pays out.',
  'second-harvest': 'Second harvest: choose how each activated citizen pays out.',
  action: 'Take an action (two per turn).',
  choose: 'Choose one.',
};

const uiFor = (cards: Cards): GameUi<typeof GAME> => ({
  game: GAME,
  Table: (props) => <Table {...props} cards={cards} />,
  prompt: (step) => PROMPTS[step] ?? step,
  families: (choices, board, you, names) => families(cards, choices, board, you, names),
  describeEvent,
  summary: (board, seat) => {
    const p = board.players[seat];
    return p ? tokens(p) : '';
  },
  // The second action is chosen with the first: from the moves route, which lists what may follow each.
  plansBatch: (board, you) => board.phase === 'actions' && board.turn.active === you && board.turn.actionsLeft === 2,
  scoreDetail: (d) => `${d.monsters} points from monsters, ${d.domains} from domains, ${d.tokens} from tokens, ${d.duke ?? 0} from the Duke`,
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
