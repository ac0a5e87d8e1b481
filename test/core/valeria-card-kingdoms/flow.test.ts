import { describe, expect, it } from 'vitest';
import { execute, redactFor, viewFor } from '../../../core/engine/index.js';
import { monsterCard } from '../../../core/games/valeria-card-kingdoms/catalog/index.js';
import { winnersOf, type SeatScore } from '../../../core/games/valeria-card-kingdoms/scoring.js';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import {
  atActions,
  citizenStackOf,
  DEADLINES,
  edit,
  engine,
  give,
  harvestWith,
  move,
  newGame,
  onTop,
  player,
  reject,
  soloAtActions,
  stackOf,
  started,
  T0,
} from './helpers.js';

const timeout = (state: VckState, at = state.pending?.deadline ?? 0): VckState => {
  const result = execute(engine, state, { type: 'timeout', at });
  if (!result.ok) throw new Error(result.message);
  return result.state;
};

describe('Dukes (VK-R4)', () => {
  it('are chosen in one simultaneous window, secret in views and events; timeout keeps the first dealt', () => {
    const state = newGame(3);
    expect(state.pending).toMatchObject({ kind: 'simultaneous', step: 'duke', seats: [0, 1, 2], deadline: T0 + DEADLINES.windowMs });
    const chosen = player(state, 0).dukeOffer[1] as string;
    const result = execute(engine, state, { type: 'move', seat: 0, move: { type: 'keep-duke', duke: chosen }, at: T0 + 10 });
    if (!result.ok) throw new Error(result.message);
    const event = result.events[0] as never;
    expect(redactFor(engine, event, 1)).toEqual({ type: 'duke-kept', seat: 0 });
    expect(redactFor(engine, event, 0)).toMatchObject({ duke: chosen });
    expect(JSON.stringify(viewFor(engine, result.state, 1))).not.toContain(chosen);
    expect(JSON.stringify(viewFor(engine, result.state, null))).not.toContain(chosen);
    expect(reject(result.state, { type: 'move', seat: 0, move: { type: 'keep-duke', duke: chosen }, at: T0 + 20 })).toBe('already-submitted');
    const after = timeout(result.state);
    expect(after.players.map((p) => p.duke)).toEqual([chosen, player(state, 1).dukeOffer[0], player(state, 2).dukeOffer[0]]);
    expect(after.pending).toMatchObject({ kind: 'turn', step: 'roll', seat: after.firstPlayer });
  });

  it('are revealed once the game is over', () => {
    // Four exhausted stacks (2 × players) at the end of the round's last turn (VK-R6).
    const last = edit(started(2), (s) => {
      s.turn.active = (s.firstPlayer + 1) % 2;
      for (const stack of s.market.citizens.slice(0, 4)) {
        s.box.push(...stack.cards);
        stack.cards = [];
      }
    });
    const ended = timeout(atActions(last, {}), T0 + 10 * DEADLINES.turnMs);
    expect(ended.finished).toBe(true);
    const view = viewFor(engine, ended, 0) as { board: { players: { duke: string | null }[] } };
    expect(view.board.players.map((p) => p.duke)).toEqual(ended.players.map((p) => p.duke));
  });
});

describe('Harvest (VK-R2)', () => {
  it('keeps a submission secret from everyone else until the window closes', () => {
    const s0 = started(3);
    const me = s0.turn.active;
    const open = harvestWith(s0, [1, 1]);
    expect(open.pending).toMatchObject({ kind: 'simultaneous', step: 'harvest', seats: [0, 1, 2] });
    const result = execute(engine, open, { type: 'move', seat: me, move: { type: 'harvest', answers: [{ prompt: 0, option: 2 }] }, at: T0 + 600 });
    if (!result.ok) throw new Error(result.message);
    const submitted = result.events[0] as never;
    for (const viewer of [null, (me + 1) % 3, (me + 2) % 3]) {
      expect(redactFor(engine, submitted, viewer)).toEqual({ type: 'harvest-submitted', seat: me });
      const board = (viewFor(engine, result.state, viewer) as { board: { harvest: { yours: unknown } } }).board;
      expect(board.harvest.yours).toBeNull();
    }
    expect((viewFor(engine, result.state, me) as { board: { harvest: { yours: unknown } } }).board.harvest.yours).toEqual([{ prompt: 0, option: 2 }]);
    const closed = timeout(result.state);
    // The free resource: my Magic as chosen; the absent players' default Gold.
    expect(player(closed, me).magic).toBe(player(s0, me).magic + 1);
    for (const other of [1, 2].map((k) => (me + k) % 3)) expect(player(closed, other).gold).toBe(player(s0, other).gold + 1);
  });

  it('leaves out players without a choice; they resolve automatically', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    // A 5 and a 6: both players' starters activate, nobody has a choice, no window opens.
    const after = harvestWith(s0, [5, 6]);
    expect(after.pending).toMatchObject({ kind: 'turn', step: 'action', seat: me });
    expect(player(after, me)).toMatchObject({ gold: player(s0, me).gold + 1, strength: player(s0, me).strength + 1 });
    expect(player(after, 1 - me)).toMatchObject({ gold: player(s0, 1 - me).gold + 1, strength: player(s0, 1 - me).strength + 1 });
  });

  it('on a double, citizens matching the sum activate once (VK-R5; double 3: the Knights, 6)', () => {
    const s0 = started(2);
    const after = harvestWith(s0, [3, 3]);
    for (const seat of [0, 1]) {
      expect(after.pending?.step).toBe('action');
      expect(player(after, seat).strength).toBe(player(s0, seat).strength + 1);
    }
  });

  it('defaults an absent Thief to the richest victim', () => {
    const s0 = started(3, { setup: 'mastery-of-magic' });
    const me = s0.turn.active;
    const [a, b] = [(me + 1) % 3, (me + 2) % 3];
    const state = edit(give(s0, me, 'citizens', 'Thief#1'), (s) => {
      Object.assign(player(s, a), { gold: 1, magic: 2 });
      Object.assign(player(s, b), { gold: 3, magic: 0 });
    });
    const open = harvestWith(state, [3, 4]);
    const closed = timeout(open);
    expect(closed.harvest?.theft).toEqual({ seat: me, prompt: 0, from: b, resource: 'gold', most: 3 });
    const taken = move(closed, me, { type: 'steal', amount: 3 });
    // Robbed of all 3 Gold first, then (nothing activated) the default free Gold.
    expect(player(taken, b).gold).toBe(1);
    expect(player(taken, a)).toMatchObject({ gold: 2, magic: 2 });
    expect(player(taken, me).gold).toBe(player(state, me).gold + 3);
  });

  it('rejects a submission that skips a prompt, answers one twice or picks a missing option', () => {
    const open = harvestWith(started(2), [1, 1]);
    const seat = open.turn.active;
    const send = (answers: { prompt: number; option: number }[]) => reject(open, { type: 'move', seat, move: { type: 'harvest', answers }, at: T0 + 600 });
    expect(send([])).toBe('bad-answers');
    expect(send([{ prompt: 0, option: 3 }])).toBe('bad-answers');
    expect(
      send([
        { prompt: 0, option: 0 },
        { prompt: 0, option: 1 },
      ]),
    ).toBe('bad-answers');
  });

  it('five players: the resting player, right of the active one, does not harvest; the Rest token moves left', () => {
    const s0 = started(5);
    const me = s0.turn.active;
    const resting = (me + 4) % 5;
    expect(s0.turn.resting).toBe(resting);
    const open = harvestWith(s0, [5, 6]);
    expect(open.harvest).toBeNull();
    expect(player(open, resting).gold).toBe(player(s0, resting).gold);
    expect(player(open, (me + 1) % 5).gold).toBe(player(s0, (me + 1) % 5).gold + 1);
    const next = timeout(open, T0 + 10 * DEADLINES.turnMs);
    expect(next.turn).toMatchObject({ active: (me + 1) % 5, resting: me });
  });
});

describe('Turn deadline (VK-R3)', () => {
  it('shares one deadline between roll-phase changes and actions; the harvest window does not eat it', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const rolled = move(s0, me, { type: 'roll' }, T0 + 10_000);
    expect(s0.pending?.deadline).toBe(s0.turn.deadline);
    const open = harvestWith(s0, [1, 1]);
    const left = s0.turn.deadline - (T0 + 500);
    const closedAt = (open.pending?.deadline ?? 0) + 5_000;
    const closed = timeout(open, closedAt);
    expect(closed.pending).toMatchObject({ step: 'action', deadline: closedAt + left });
    expect(rolled.turn.deadline).toBe(s0.turn.deadline);
  });

  it('an overdue turn takes 1 Gold as each remaining action, then the next player rolls', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const state = atActions(s0, { gold: 0 });
    const after = timeout(state, T0 + 10 * DEADLINES.turnMs);
    expect(player(after, me).gold).toBe(2);
    expect(after.pending).toMatchObject({ kind: 'turn', step: 'roll', seat: 1 - me });
    expect(after.turnsPlayed).toBe(1);
  });
});

describe('Actions, rewards and end', () => {
  it('Bane Spider gives 3 Gold at once when no Knight is left in the market', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const forest = stackOf(s0, 'monsters', 'Forest');
    const knights = citizenStackOf(s0, 'Knight');
    const state = atActions(
      edit(onTop(s0, 'monsters', forest, 'Bane Spider#1'), (s) => {
        s.box.push(...(s.market.citizens[knights]?.cards ?? []));
        (s.market.citizens[knights] as { cards: string[] }).cards = [];
      }),
      { strength: 5 },
    );
    const after = move(state, me, { type: 'slay', stack: forest, strength: 5, magic: 0 });
    expect(after.pending?.step).toBe('action');
    expect(player(after, me).gold).toBe(3);
  });

  it('Orc Warrior recruits a Citizen of base cost 3 or less for free, ignoring the "+"', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const mountains = stackOf(s0, 'monsters', 'Mountains');
    const state = atActions(onTop(s0, 'monsters', mountains, 'Orc Warrior#1'), { strength: 6 });
    const after = move(state, me, { type: 'slay', stack: mountains, strength: 6, magic: 0 });
    const peasants = citizenStackOf(after, 'Peasant');
    const offered = (after.choice ?? []).map((o) => (o.kind === 'recruit' ? after.market.citizens[o.stack]?.names[0] : null));
    expect(offered).toContain('Peasant');
    expect(offered).not.toContain('Champion');
    const done = move(after, me, { type: 'choose', option: after.choice?.findIndex((o) => o.kind === 'recruit' && o.stack === peasants) ?? -1 });
    expect(player(done, me)).toMatchObject({ gold: 0, magic: 0 });
    expect(player(done, me).citizens.some((c) => c.startsWith('Peasant#'))).toBe(true);
  });

  it('Nest of the Weaver Witch returns a Citizen to its stack, reopening an exhausted one', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const archers = citizenStackOf(s0, 'Archer');
    const state = atActions(
      edit(onTop(give(s0, me, 'citizens', 'Cleric#1', 'Cleric#2', 'Archer#1'), 'domains', 0, 'Nest of the Weaver Witch'), (s) => {
        s.box.push(...(s.market.citizens[archers]?.cards ?? []));
        (s.market.citizens[archers] as { cards: string[] }).cards = [];
      }),
      { gold: 5 },
    );
    const built = move(state, me, { type: 'build', stack: 0, gold: 5, magic: 0 });
    expect(built.choice?.[0]).toEqual({ kind: 'decline' });
    const option = built.choice?.findIndex((o) => o.kind === 'return' && o.card === 'Archer#1') ?? -1;
    const after = move(built, me, { type: 'choose', option });
    expect(after.market.citizens[archers]?.cards).toEqual(['Archer#1']);
  });

  it("Gargan's Embrace: +1 VP to its owner whenever any player rolls a double", () => {
    for (const seed of ['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9', 'g10', 'g11', 'g12']) {
      const s0 = started(2, {}, seed);
      const owner = 1 - s0.turn.active;
      const state = give(s0, owner, 'domains', "Gargan's Embrace");
      const rolled = move(state, s0.turn.active, { type: 'roll' });
      const [a, b] = rolled.turn.dice as [number, number];
      expect(player(rolled, owner).vp).toBe(a === b ? 1 : 0);
    }
  });

  it('an end condition at the end of a turn lets play go on until every player had as many turns', () => {
    const s0 = started(2);
    const first = s0.firstPlayer;
    const exhausted = edit(s0, (s) => {
      for (const stack of s.market.citizens.slice(0, 4)) {
        s.box.push(...stack.cards);
        stack.cards = [];
      }
    });
    const afterFirst = timeout(atActions(exhausted, {}), T0 + 10 * DEADLINES.turnMs);
    expect(afterFirst).toMatchObject({ endTriggered: true, finished: false });
    expect(afterFirst.turn.active).toBe(1 - first);
    const afterSecond = timeout(atActions(afterFirst, {}), T0 + 20 * DEADLINES.turnMs);
    expect(afterSecond.finished).toBe(true);
    expect(engine.score(afterSecond).turns).toBe(2);
  });

  it('ties go to the fewest cards, then are shared (VK-R1)', () => {
    const score = (total: number, cards: number): SeatScore => ({ monsters: 0, domains: 0, tokens: 0, duke: 0, total, cards });
    expect(winnersOf([score(20, 9), score(20, 8), score(19, 1)])).toEqual([1]);
    expect(winnersOf([score(20, 8), score(20, 8), score(19, 1)])).toEqual([0, 1]);
  });
});

describe('Solo against the Dark Lord', () => {
  it('hides the Dark Lord until the end; his monsters capture a Citizen of their column, then the second harvest', () => {
    const state = soloAtActions([1, 1]);
    expect(JSON.stringify(viewFor(engine, state, 0))).not.toContain(state.darkLord?.duke);
    const acted = move(move(state, 0, { type: 'take', resource: 'gold' }), 0, { type: 'take', resource: 'gold' });
    // Double 1: the leftmost stack attacks twice; its column holds the slot 1 and slot 6 stacks.
    expect(acted.choice).toEqual([
      { kind: 'capture', zone: 'citizens', stack: 0 },
      { kind: 'capture', zone: 'citizens', stack: 5 },
    ]);
    const top = acted.market.citizens[5]?.cards[0];
    const once = move(acted, 0, { type: 'choose', option: 1 });
    expect(once.darkLord?.citizens).toEqual([top]);
    const twice = move(once, 0, { type: 'choose', option: 0 });
    expect(twice.darkLord?.citizens).toHaveLength(2);
    expect(twice.pending).toMatchObject({ kind: 'simultaneous', step: 'second-harvest', seats: [0] });
    const next = move(twice, 0, { type: 'harvest', answers: [{ prompt: 0, option: 1 }] });
    expect(player(next, 0).strength).toBe(player(twice, 0).strength + 1);
    expect(next.pending).toMatchObject({ step: 'roll', seat: 0 });
  });

  it('is lost at once when a monster attacks a column with no Citizen and no Domain', () => {
    const state = edit(soloAtActions([2, 2]), (s) => {
      for (const stack of [s.market.citizens[1], s.market.citizens[6], s.market.domains[1]]) {
        s.box.push(...(stack?.cards ?? []));
        if (stack) stack.cards = [];
      }
    });
    const after = move(move(state, 0, { type: 'take', resource: 'gold' }), 0, { type: 'take', resource: 'gold' });
    expect(after.finished).toBe(true);
    expect(engine.score(after)).toMatchObject({ verdict: 'lost-kingdom-overrun', winners: [] });
  });

  it('is won at once by slaying every monster', () => {
    const state = edit(soloAtActions([1, 1]), (s) => {
      for (const stack of s.market.monsters.slice(1)) {
        s.box.push(...stack.cards);
        stack.cards = [];
      }
      const first = s.market.monsters[0] as { cards: string[] };
      s.box.push(...first.cards.slice(1));
      first.cards = first.cards.slice(0, 1);
      player(s, 0).strength = 20;
    });
    const { strength, magic } = monsterCard(state.market.monsters[0]?.cards[0] as string);
    const after = move(state, 0, { type: 'slay', stack: 0, strength, magic });
    expect(after.finished).toBe(true);
    expect(engine.score(after)).toMatchObject({ verdict: 'won-all-monsters-slain', winners: [0] });
  });

  it('compares scores once five stacks are exhausted: monsters + domains + Duke against the Dark Lord', () => {
    const state = edit(soloAtActions([1, 1]), (s) => {
      for (const stack of s.market.citizens.slice(1, 5)) {
        s.box.push(...stack.cards);
        stack.cards = [];
      }
      const last = s.market.citizens[9] as { cards: string[] };
      s.box.push(...last.cards.slice(1));
      last.cards = last.cards.slice(0, 1);
      player(s, 0).gold = 10;
    });
    const after = move(state, 0, { type: 'recruit', stack: 9, gold: 5, magic: 0 });
    expect(after.finished).toBe(true);
    const sheet = engine.score(after);
    const darkLord = (sheet.details?.[0] as { darkLord: number }).darkLord;
    expect(sheet.verdict).toBe((sheet.scores[0] as number) > darkLord ? 'won-on-points' : sheet.scores[0] === darkLord ? 'tied-on-points' : 'lost-on-points');
    expect(darkLord).toBeGreaterThan(0);
  });
});

describe('Setups', () => {
  it('the first game: areas and citizens of the rulebook, stacks of 5, domains 5 × 3, 2 Gold + 1 Magic each', () => {
    const state = newGame(4);
    expect(state.market.monsters.map((s) => s.area)).toEqual(['Hills', 'Ruins', 'Forest', 'Valley', 'Mountains']);
    expect(state.market.citizens.map((s) => s.names[0])).toEqual([
      'Cleric',
      'Merchant',
      'Mercenary',
      'Archer',
      'Peasant',
      'Knight',
      'Rogue',
      'Champion',
      'Paladin',
      'Butcher',
    ]);
    expect(state.market.monsters.every((s) => s.cards.length === 5)).toBe(true);
    expect(state.market.citizens.every((s) => s.cards.length === 5)).toBe(true);
    expect(state.market.domains.every((s) => s.cards.length === 3)).toBe(true);
    expect(state.players.every((p) => p.gold === 2 && p.magic === 1 && p.strength === 0 && p.dukeOffer.length === 2)).toBe(true);
  });

  it('five players: monster and citizen stacks of 6 (the 5-player monsters added), domain stacks of 4', () => {
    const state = newGame(5, { setup: 'shining-gold' });
    expect(state.market.monsters.every((s) => s.cards.length === 6)).toBe(true);
    expect(state.market.citizens.every((s) => s.cards.length === 6)).toBe(true);
    expect(state.market.domains.every((s) => s.cards.length === 4)).toBe(true);
  });

  it('themed setups use their areas and citizens and leave out their four domains', () => {
    const state = newGame(2, { setup: 'monstrous-blood' });
    expect(new Set(state.market.monsters.map((s) => s.area))).toEqual(new Set(['Moors', 'Ruins', 'Forest', 'Swamp', 'Mountains']));
    expect(state.market.citizens.map((s) => s.names[0])).toEqual([
      'Cleric',
      'Blacksmith',
      'Mercenary',
      'Archer',
      'Peasant',
      'Knight',
      'Rogue',
      'Warlord',
      'Priestess',
      'Miner',
    ]);
    const inPlay = state.market.domains.flatMap((s) => s.cards);
    for (const removed of ['Forgotten Sorrows', 'Nest of the Weaver Witch', 'Cathedral of St. Aquila', "Cutthroat's Truce"])
      expect(inPlay).not.toContain(removed);
    const tops = state.market.monsters.map((s) => s.cards[0] as string);
    expect(tops.length).toBe(5);
  });

  it('Mixed Citizens: both names of a slot in one stack, only the top card visible', () => {
    const state = newGame(4, { mixedCitizens: true }, 'mixed');
    expect(state.market.citizens[0]?.names).toEqual(['Cleric', 'Monk']);
    expect(state.market.citizens.every((s) => s.cards.length === 5)).toBe(true);
    const view = JSON.stringify(viewFor(engine, state, 0));
    for (const stack of state.market.citizens) for (const hidden of stack.cards.slice(1)) expect(view).not.toContain(`"${hidden}"`);
    for (const stack of state.market.domains) for (const hidden of stack.cards.slice(1)) expect(view).not.toContain(`"${hidden}"`);
  });

  it('random setups draw five areas and one name per slot from the seed', () => {
    const a = newGame(3, { setup: 'random' }, 'r1');
    expect(newGame(3, { setup: 'random' }, 'r1')).toEqual(a);
    expect(new Set(a.market.monsters.map((s) => s.area)).size).toBe(5);
  });
});
