import { describe, expect, it } from 'vitest';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { atActions, DEADLINES, edit, engine, give, move, player, setStack, soloAtActions, started, T0, takeOut, timedOut } from './helpers.js';

/**
 * Final scores worked by hand from the rulebook (seeds/valeria-card-kingdoms.fr.txt)
 * and the rules file (shared/rules/valeria-card-kingdoms.md), on games
 * brought to their end by the engine. Card facts used:
 * - Waryn: « 1 PV par Artisan + 2 PV par Ombre + 1 PV par groupe de 3 jetons
 *   Ressources. Si vous possédez 17 Ressources (ex : 6 Or, 1 Magie et 10
 *   Force), vous gagnez 5 PV » (rulebook line 593); roles count on Citizens
 *   and Domains (line 355); starters have no role (rules file, Components).
 * - Peasant: Worker; Archer: Soldier; Palace of the Dawn: 1 Worker + 2
 *   Soldier (rules file, Citizens and Domains).
 * - Printed VP the rulebook does not give are the catalog's designed values,
 *   written out here: Treant 1, Owlbear 2, Dire Bear 2, Troll 5 (a Boss),
 *   Palace of the Dawn 4; Hadrian (designed) scores 2 VP per Boss, 2 per
 *   Titan and 1 per Soldier.
 */

describe('the Card Kingdoms score', () => {
  it('is monster VP + domain VP + VP tokens + Duke VP (rulebook « Décompte », lines 347-355)', () => {
    // Two players; the round's last turn with 2 × 2 exhausted stacks: the game ends after it (VK-R6).
    const s0 = started(2);
    const last = (s0.firstPlayer + 1) % 2;
    const arranged = edit(give(give(give(s0, last, 'citizens', 'Peasant#1'), last, 'monsters', 'Treant#1'), last, 'domains', 'Palace of the Dawn'), (s) => {
      s.turn.active = last;
      for (const stack of [0, 1, 2, 3]) setStack(s, 'citizens', stack);
      Object.assign(player(s, last), { duke: 'Waryn', vp: 3 });
    });
    // The overdue turn takes 1 Gold per action: 4 + 2 = 6 Gold, 1 Magic, 10 Strength, the rulebook's 17 resources.
    const ended = timedOut(atActions(arranged, { gold: 4, magic: 1, strength: 10 }), T0 + 10 * DEADLINES.turnMs);
    expect(ended.finished).toBe(true);
    expect(player(ended, last)).toMatchObject({ gold: 6, magic: 1, strength: 10, vp: 3 });
    const sheet = engine.score(ended);
    // Treant 1 + Palace 4 + 3 tokens + Waryn (2 Workers: the Peasant and the Palace's symbol = 2; 17 resources = 5) 7.
    expect(sheet.details?.[last]).toMatchObject({ monsters: 1, domains: 4, tokens: 3, duke: 2 + 5, total: 15 });
    expect(sheet.scores[last]).toBe(1 + 4 + 3 + 7);
  });
});

/**
 * The end of a solo game on points: five exhausted stacks (rules file, Solo).
 * Dice 4 and 4 send monster stack 3 (column 3: Citizen stacks 3 and 8) to
 * attack twice; stacks 0-2 of the monsters and Citizen stack 8 are already
 * exhausted (4), Citizen stack 3 holds one Archer: its capture exhausts the
 * fifth stack, and the game ends at once. The monsters left are those of
 * stacks 3 and 4, as the test sets them.
 */
function soloFinale(arrange: (s: VckState) => void, gold: number): VckState {
  const ready = edit(soloAtActions([4, 4]), (s) => {
    for (const stack of [0, 1, 2]) setStack(s, 'monsters', stack);
    setStack(s, 'citizens', 8);
    setStack(s, 'citizens', 3, ['Archer#1']);
    setStack(s, 'monsters', 3, ['Owlbear#1']);
    setStack(s, 'monsters', 4, ['Dire Bear#1']);
    Object.assign(player(s, 0), { gold, strength: 0, magic: 0 });
    arrange(s);
  });
  // Two actions of 1 Gold each, then the monster phase.
  const ended = move(move(ready, 0, { type: 'take', resource: 'gold' }), 0, { type: 'take', resource: 'gold' });
  expect(ended.finished).toBe(true);
  expect(ended.darkLord?.citizens).toContain('Archer#1');
  return ended;
}

/** Test arrangement: the Dark Lord's Duke, and what his monsters captured before. */
function darkLord(s: VckState, duke: string, citizens: string[] = [], domains: string[] = []): void {
  takeOut(s, ...citizens, ...domains);
  s.darkLord = { duke, citizens, domains };
}

const darkLordOf = (state: VckState) => (engine.score(state).details?.[0] as { darkLord: number }).darkLord;

describe("the Dark Lord's score", () => {
  it('is surviving monster VP + captured domain VP + his Duke applied to the surviving monsters and the captured cards (rulebook lines 689-693)', () => {
    const waryn = soloFinale((s) => darkLord(s, 'Waryn', ['Peasant#1', 'Peasant#2'], ['Palace of the Dawn']), 0);
    // Owlbear 2 + Dire Bear 2 + Palace 4 + Waryn (Workers: 2 Peasants + the Palace's 1 = 3; the Archer is a Soldier; he holds no resources).
    expect(darkLordOf(waryn)).toBe(2 + 2 + 4 + 3);

    const hadrian = soloFinale((s) => {
      darkLord(s, 'Hadrian');
      setStack(s, 'monsters', 3, ['Owlbear#1', 'Troll#1']);
    }, 0);
    // Owlbear 2 + Troll 5 + Dire Bear 2 + Hadrian (the surviving Troll, a Boss: 2; the captured Archer, a Soldier: 1).
    expect(darkLordOf(hadrian)).toBe(2 + 5 + 2 + 2 + 1);
  });
});

describe('VK-R7: a solo tie on points', () => {
  /**
   * The player holds the same monsters as survive for the Dark Lord
   * (Owlbear, Dire Bear: equal VP whatever they print), and both have Waryn.
   * The player's Waryn scores 1 VP per 3 resources; the Dark Lord's counts
   * his captured Workers (the Archer is a Soldier) and no resources.
   */
  const finale = (gold: number, darkLordWorkers: string[]) =>
    soloFinale((s) => {
      takeOut(s, 'Owlbear#2', 'Dire Bear#2');
      Object.assign(player(s, 0), { duke: 'Waryn', monsters: ['Owlbear#2', 'Dire Bear#2'] });
      darkLord(s, 'Waryn', darkLordWorkers);
    }, gold);

  it('VK-R7: a solo tie on points is the verdict `tied-on-points`, a shared result that counts as a win for the player', () => {
    // 0 + 2 Gold taken = 2 resources: Waryn 0 for each; the same monsters: equal scores.
    const tie = engine.score(finale(0, []));
    expect(tie.scores[0]).toBe(darkLordOf(finale(0, [])));
    expect(tie).toMatchObject({ verdict: 'tied-on-points', winners: [0] });
  });

  it('VK-R7: one point either way decides it («Si le score du Seigneur Noir est supérieur au votre…», rulebook line 695)', () => {
    // 1 + 2 Gold = 3 resources: 1 VP more than the Dark Lord.
    expect(engine.score(finale(1, []))).toMatchObject({ verdict: 'won-on-points', winners: [0] });
    // A captured Peasant (a Worker) gives the Dark Lord's Waryn 1 VP more than the player.
    expect(engine.score(finale(0, ['Peasant#1']))).toMatchObject({ verdict: 'lost-on-points', winners: [] });
  });
});
