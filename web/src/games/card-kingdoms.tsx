import {
  cardName,
  citizenCard,
  domainCard,
  dukeCard,
  isStarter,
  kingdomCitizen,
  monsterCard,
  type Bag,
  type Count,
  type DomainPower,
  type DukeTerm,
  type Effect,
  type HarvestEffect,
} from '../../../core/games/valeria-card-kingdoms/catalog/index.js';
import { PlayerArea } from '../ui/player-area.js';
import { secondActions } from './card-kingdoms-plan.js';
import { Card, Pile, plural, type CardFace } from '../ui/card.js';
import { byField, type Family, type GameUi, type Move, type Part, type TableProps } from './types.js';

/** Valeria: Card Kingdoms in the browser: dice, harvest choices, two actions a turn, a secret Duke. */

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

function citizenFace(id: string): CardFace {
  const c = kingdomCitizen(id);
  const cost = isStarter(id) ? undefined : `${citizenCard(id).cost} gold`;
  return {
    name: c.name,
    kind: `${c.role ?? 'Starter'} · rolls ${c.activation.join('/')}`,
    tone: c.role ?? 'starter',
    ...(cost ? { cost } : {}),
    lines: [`Your roll: ${c.active.map(effectText).join(', ')}`, `Others' roll: ${c.passive.map(effectText).join(', ')}`],
  };
}

function monsterFace(id: string): CardFace {
  const m = monsterCard(id);
  return {
    name: m.name,
    kind: `${m.type} · ${m.area}`,
    tone: 'monster',
    cost: `${m.strength} strength${m.magic ? ` + ${m.magic} magic` : ''}`,
    points: m.vp,
    lines: [`Reward: ${m.reward.map(effectText).join(', ')}`],
  };
}

function domainFace(id: string): CardFace {
  const d = domainCard(id);
  const needs = Object.entries(d.requirement)
    .map(([role, n]) => `${n} ${role}`)
    .join(', ');
  return { name: d.name, kind: 'Domain', tone: 'domain', cost: `${d.cost} gold, needs ${needs}`, points: d.vp, lines: [domainPowerText(d.power)] };
}

function dukeFace(id: string): CardFace {
  const d = dukeCard(id);
  return { name: d.name, kind: 'Duke (secret)', tone: 'duke', lines: d.terms.map(termText) };
}

const tokens = (p: any) => `${p.gold} gold · ${p.strength} strength · ${p.magic} magic · ${p.vp} VP`;

function Table({ board, you, names, awaiting }: TableProps) {
  const { market, turn } = board;
  return (
    <>
      <p class="dice" aria-label="Dice">
        Turn of <strong>{names[turn.active]}</strong> · Dice:{' '}
        {turn.dice ? `${turn.dice[0]} and ${turn.dice[1]} (sum ${turn.dice[0] + turn.dice[1]})` : 'not rolled yet'} · Actions left: {turn.actionsLeft} · Phase:{' '}
        {board.phase}
        {board.endTriggered ? ' · last round!' : ''}
      </p>
      <section aria-label="Monsters">
        <h2>Monsters</h2>
        <div class="cards">
          {market.monsters.map((s: any, i: number) => (
            <Pile key={i} label={s.area} size={s.size}>
              {s.top ? <Card face={monsterFace(s.top)} /> : <p class="muted">defeated</p>}
            </Pile>
          ))}
        </div>
      </section>
      <section aria-label="Citizens">
        <h2>Citizens</h2>
        <div class="cards">
          {market.citizens.map((s: any, i: number) => (
            <Pile key={i} label={`Roll ${s.slot}`} size={s.size}>
              {s.top ? <Card face={citizenFace(s.top)} /> : <p class="muted">empty</p>}
            </Pile>
          ))}
        </div>
      </section>
      <section aria-label="Domains">
        <h2>Domains</h2>
        <div class="cards">
          {market.domains.map((s: any, i: number) => (
            <Pile key={i} label={`Domain stack ${i + 1}`} size={s.size}>
              {s.top ? <Card face={domainFace(s.top)} /> : <p class="muted">empty</p>}
            </Pile>
          ))}
        </div>
      </section>
      {board.players.map((p: any, seat: number) => (
        <PlayerArea key={seat} seat={seat} you={you} names={names} awaiting={awaiting} place="kingdom">
          <p class="stats">{tokens(p)}</p>
          <h3>Citizens</h3>
          <div class="cards">
            {p.citizens.map((id: string) => (
              <Card key={id} face={citizenFace(id)} />
            ))}
          </div>
          {p.monsters.length + p.domains.length > 0 && (
            <>
              <h3>Monsters slain and domains built</h3>
              <div class="cards">
                {p.monsters.map((id: string) => (
                  <Card key={id} face={monsterFace(id)} />
                ))}
                {p.domains.map((id: string) => (
                  <Card key={id} face={domainFace(id)} />
                ))}
              </div>
            </>
          )}
          {p.duke && (
            <>
              <h3>{seat === you ? 'Your secret Duke' : 'Duke'}</h3>
              <div class="cards">
                <Card face={dukeFace(p.duke)} />
              </div>
            </>
          )}
          {seat === you && p.dukeOffer.length > 0 && <p>Choose one of the two Dukes offered to you (see your moves).</p>}
        </PlayerArea>
      ))}
    </>
  );
}

function optionText(option: any, board: any, names: readonly string[]): string {
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
    default:
      return option.kind;
  }
}

const pay = (m: Move, first: 'gold' | 'strength') => `paying ${[`${m[first]} ${first}`, m.magic ? `${m.magic} magic` : ''].filter(Boolean).join(' + ')}`;
const paying = (first: 'gold' | 'strength'): Part => ({ question: 'Paying with?', key: (m) => JSON.stringify(m), label: (m) => pay(m, first) });

const ACTIONS = new Set(['slay', 'recruit', 'build', 'take']);

/**
 * The moves grouped as the game thinks. The first of a turn's two actions
 * comes with the second ones that may follow it, to send both as one batch;
 * `planning: false` lists those second ones.
 */
function families(moves: readonly Move[], board: any, you: number, names: readonly string[], planning = true): Family[] {
  const of = (type: string) => moves.filter((m) => m.type === type);
  const top = (zone: 'monsters' | 'citizens' | 'domains', stack: number) => board.market[zone][stack]?.top as string | undefined;
  const list: Family[] = [];
  const firstOfTwo = planning && board.turn?.actionsLeft === 2;
  const plan = (m: Move) => {
    const next = firstOfTwo && ACTIONS.has(m.type) ? secondActions(board, you, m) : null;
    return next && families(next, board, you, names, false);
  };
  const add = (title: string, list2: Move[], parts: Part[], describe: (m: Move) => string) =>
    list2.length && list.push({ title, moves: list2, parts, describe, plan });
  add(
    'Keep one Duke (secret)',
    of('keep-duke'),
    [byField('Which Duke?', 'duke')],
    (m) =>
      `Keep ${m.duke}: ${dukeCard(m.duke as string)
        .terms.map(termText)
        .join(', ')}`,
  );
  add('Roll', of('roll'), [byField('Roll', 'type')], () => 'Roll the dice');
  add('The dice', [...of('keep-dice'), ...of('change-die')], [{ question: 'Keep or change?', key: (m) => JSON.stringify(m), label: (m) => m.type }], (m) =>
    m.type === 'keep-dice' ? 'Keep the dice' : `Use ${m.domain} on die ${Number(m.die) + 1}`,
  );
  const harvests = of('harvest');
  const prompts: any[] = board.harvest?.prompts?.[you] ?? [];
  add(
    'Harvest',
    harvests,
    [
      ...prompts.map((prompt, i): Part => ({
        question: `${prompt.card ? cardName(prompt.card) : 'Free resource'}: which?`,
        key: (m) => String((m.answers as any[]).find((a) => a.prompt === i)?.option),
        label: (m) => optionText(prompt.options[(m.answers as any[]).find((a) => a.prompt === i)?.option], board, names),
      })),
      { question: 'In which order?', key: (m) => JSON.stringify(m.answers), label: (m) => JSON.stringify(m.answers) },
    ],
    (m) =>
      (m.answers as any[]).length === 0
        ? 'Harvest (nothing to choose)'
        : `Harvest: ${(m.answers as any[]).map((a) => optionText(prompts[a.prompt]?.options[a.option], board, names)).join(', then ')}`,
  );
  add(
    'Slay a monster',
    of('slay'),
    [byField('Which monster?', 'stack', (s) => cardName(top('monsters', s) ?? '')), paying('strength')],
    (m) => `Slay ${cardName(top('monsters', m.stack as number) ?? '')} ${pay(m, 'strength')}`,
  );
  add(
    'Recruit a citizen',
    of('recruit'),
    [byField('Which citizen?', 'stack', (s) => cardName(top('citizens', s) ?? '')), paying('gold')],
    (m) => `Recruit ${cardName(top('citizens', m.stack as number) ?? '')} ${pay(m, 'gold')}`,
  );
  add(
    'Build a domain',
    of('build'),
    [byField('Which domain?', 'stack', (s) => top('domains', s) ?? ''), paying('gold')],
    (m) => `Build ${top('domains', m.stack as number)} ${pay(m, 'gold')}`,
  );
  add('Take a resource', of('take'), [byField('Which?', 'resource')], (m) => `Take 1 ${m.resource}`);
  add('Choose', of('choose'), [byField('Which?', 'option')], (m) => optionText(board.choice?.[m.option as number], board, names));
  return list;
}

function describeEvent(e: any, names: readonly string[]): string | null {
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

export const ui: GameUi = {
  Table,
  prompt: (step) => PROMPTS[step] ?? step,
  families,
  describeEvent,
  summary: (board, seat) => tokens(board.players[seat]),
  scoreDetail: (d) => `${d.monsters} points from monsters, ${d.domains} from domains, ${d.tokens} from tokens, ${d.duke ?? 0} from the Duke`,
};
