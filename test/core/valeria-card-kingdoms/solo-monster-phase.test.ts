import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../../core/engine/index.js';
import type { VckEvent } from '../../../core/games/valeria-card-kingdoms/events.js';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { edit, move, moveEvents, player, setStack, soloAtActions } from './helpers.js';

/**
 * The solo monster phase and second harvest, on tables arranged for each
 * rule. Expected values are read in the rules file (shared/rules/
 * valeria-card-kingdoms.md, "Solo") and the rulebook (seeds/
 * valeria-card-kingdoms.fr.txt, « Phase des Monstres », lines 651-667).
 * Monster stack n is column n: it attacks Citizen stacks n and n + 5, then
 * Domain stack n.
 */

type Captured = Extract<VckEvent, { type: 'dark-lord-captured' }>;
const captures = (events: readonly LoggedEvent<VckEvent>[]): Captured[] => events.filter((e): e is Captured => e.type === 'dark-lord-captured');
const offered = (events: readonly LoggedEvent<VckEvent>[]) => events.flatMap((e) => (e.type === 'choice-offered' ? [e.options] : []));

/** The player's two actions (1 Gold each): the monster phase follows; the second one's events are returned. */
function actionsDone(state: VckState) {
  return moveEvents(move(state, 0, { type: 'take', resource: 'gold' }), 0, { type: 'take', resource: 'gold' });
}

const choose = (state: VckState, wanted: object) => {
  const option = state.choice?.findIndex((o) => JSON.stringify(o) === JSON.stringify(wanted)) ?? -1;
  expect(option).toBeGreaterThanOrEqual(0);
  return moveEvents(state, 0, { type: 'choose', option });
};

describe('VK-R9: a solo double 6', () => {
  it('VK-R9: on a double 6 you choose one stack, once, and that stack is activated twice', () => {
    // Rules file, VK-R9: « on a double 6 you choose one stack, once, and that stack is activated twice ».
    const ready = edit(soloAtActions([6, 6]), (s) => {
      // Column 2 keeps one Citizen stack, so its captures need no choice of stack.
      setStack(s, 'citizens', 7);
    });
    const column2 = ready.market.citizens[2]?.cards.slice(0, 2);
    const acted = actionsDone(ready);
    // One choice, among every monster stack.
    expect(offered(acted.events)).toEqual([[0, 1, 2, 3, 4].map((stack) => ({ kind: 'attack', stack }))]);
    expect(captures(acted.events)).toEqual([]);

    const attacked = choose(acted.state, { kind: 'attack', stack: 2 });
    // Twice the chosen stack: the top two Citizens of column 2, and no second choice of a stack.
    expect(captures(attacked.events)).toEqual(column2?.map((card) => ({ type: 'dark-lord-captured', zone: 'citizens', stack: 2, card })));
    expect(offered(attacked.events)).toEqual([]);
    expect(attacked.state.darkLord?.citizens).toEqual(column2);
    expect(attacked.state.tasks).toEqual([]);
  });

  it('VK-R9: the one choice of a double 6 leaves out an exhausted stack', () => {
    // Rulebook line 659: « vous ne pouvez pas choisir un paquet épuisé ».
    const ready = edit(soloAtActions([6, 6]), (s) => setStack(s, 'monsters', 1));
    expect(offered(actionsDone(ready).events)).toEqual([[0, 2, 3, 4].map((stack) => ({ kind: 'attack', stack }))]);
  });
});

describe('solo limits of the monster phase', () => {
  it('a 6 activates a stack of your choice, never an exhausted one; without a double, once', () => {
    // Rulebook line 659: « Si le résultat est un 6, un paquet de votre choix est activé, mais vous ne pouvez pas choisir un paquet épuisé ».
    const ready = edit(soloAtActions([6, 3]), (s) => {
      setStack(s, 'monsters', 0);
      setStack(s, 'monsters', 4);
      // Columns 1 and 2 keep one Citizen stack each: their captures need no choice.
      setStack(s, 'citizens', 6);
      setStack(s, 'citizens', 7);
    });
    const [top1, top2] = [ready.market.citizens[1]?.cards[0], ready.market.citizens[2]?.cards[0]];
    const acted = actionsDone(ready);
    expect(offered(acted.events)).toEqual([[1, 2, 3].map((stack) => ({ kind: 'attack', stack }))]);
    const attacked = choose(acted.state, { kind: 'attack', stack: 1 });
    // The 6 activates stack 1 once, then the 3 activates stack 2 once.
    expect(captures(attacked.events)).toEqual([
      { type: 'dark-lord-captured', zone: 'citizens', stack: 1, card: top1 },
      { type: 'dark-lord-captured', zone: 'citizens', stack: 2, card: top2 },
    ]);
  });

  it('an exhausted stack does nothing, even over a column with nothing left to take', () => {
    // Rulebook line 661: « Si le paquet désigné est épuisé, aucun paquet de Monstres n'est activé pour ce dé ».
    const ready = edit(soloAtActions([2, 2]), (s) => {
      setStack(s, 'monsters', 1);
      setStack(s, 'citizens', 1);
      setStack(s, 'citizens', 6);
      setStack(s, 'domains', 1);
    });
    const acted = actionsDone(ready);
    expect(captures(acted.events)).toEqual([]);
    expect(acted.state.finished).toBe(false);
    expect(acted.state.darkLord).toMatchObject({ citizens: [], domains: [] });
    // The turn goes on to the second harvest (a 2, a 2 and their sum 4 activate no starter: the free resource).
    expect(acted.state.pending).toMatchObject({ kind: 'simultaneous', step: 'second-harvest', seats: [0] });
  });

  it('takes a Domain of the column when both of its Citizen stacks are empty', () => {
    // Rulebook line 663: « Si les deux paquets de Citoyens sont vides, retirez une carte Domaine de cette colonne ».
    const ready = edit(soloAtActions([3, 3]), (s) => {
      setStack(s, 'citizens', 2);
      setStack(s, 'citizens', 7);
    });
    const domains = ready.market.domains[2]?.cards.slice(0, 2);
    const acted = actionsDone(ready);
    // A double 3: stack 3 (column 2) twice, each time the top Domain of column 2.
    expect(captures(acted.events)).toEqual(domains?.map((card) => ({ type: 'dark-lord-captured', zone: 'domains', stack: 2, card })));
    expect(acted.state.darkLord?.domains).toEqual(domains);
    expect(acted.state.finished).toBe(false);
  });

  it('the second harvest activates the citizens recruited during this turn’s actions', () => {
    // Rulebook line 667: « en incluant les Citoyens que vous avez recrutés lors de la phase d'Actions de ce tour ».
    const rolled = soloAtActions([4, 5]);
    const paladins = rolled.market.citizens.findIndex((s) => s.names.includes('Paladin'));
    const ready = edit(rolled, (s) => {
      Object.assign(player(s, 0), { gold: 20, strength: 0, magic: 0 });
      // Columns 3 and 4 keep one Citizen stack each: the monsters take without asking.
      setStack(s, 'citizens', 3);
      setStack(s, 'citizens', 9);
    });
    const recruitedCard = ready.market.citizens[paladins]?.cards[0] as string;
    const starterPeasant = player(ready, 0).citizens.find((c) => c.startsWith('Starter Peasant'));
    const recruit = { type: 'recruit', stack: paladins, gold: 5, magic: 0 } as const;
    const recruited = move(ready, 0, recruit);
    expect(player(recruited, 0).citizens).toContain(recruitedCard);
    const acted = move(recruited, 0, { type: 'take', resource: 'gold' });
    // A 4 and a 5: the 5 activates the Starter Peasant, the sum 9 the Paladin (9-10) recruited this turn.
    expect(acted.pending).toMatchObject({ kind: 'simultaneous', step: 'second-harvest', seats: [0] });
    expect(acted.harvest).toMatchObject({ kind: 'second', activated: [[starterPeasant, recruitedCard]] });
  });
});
