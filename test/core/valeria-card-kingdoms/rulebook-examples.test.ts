import { describe, expect, it } from 'vitest';
import { execute } from '../../../core/engine/index.js';
import { dukeVp, seatScore } from '../../../core/games/valeria-card-kingdoms/scoring.js';
import { atActions, citizenStackOf, edit, engine, give, harvestWith, move, onTop, player, reject, stackOf, started, T0 } from './helpers.js';

/** The worked examples of the rulebook (seeds/valeria-card-kingdoms.fr.txt), one test each. */
describe('Valeria: Card Kingdoms — the rulebook examples', () => {
  it('Treant: 3 Strength paid with 1 Strength + 2 Magic, reward 1 Gold + 1 Magic', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const state = atActions(s0, { strength: 1, magic: 2 });
    const forest = stackOf(state, 'monsters', 'Forest');
    expect(state.market.monsters[forest]?.cards[0]).toMatch(/^Treant#/);
    expect(reject(state, { type: 'move', seat: me, move: { type: 'slay', stack: forest, strength: 0, magic: 3 }, at: T0 + 2000 })).toBe('wrong-payment');
    const after = move(state, me, { type: 'slay', stack: forest, strength: 1, magic: 2 });
    expect(player(after, me)).toMatchObject({ strength: 0, magic: 1, gold: 1 });
    expect(player(after, me).monsters[0]).toMatch(/^Treant#/);
  });

  it('the second Peasant costs 3 (2+, a Starter Peasant owned), paid with 1 Gold + 2 Magic', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const state = atActions(s0, { gold: 1, magic: 2 });
    const peasants = citizenStackOf(state, 'Peasant');
    const offers = engine.legalMoves(state, me).filter((m) => m.type === 'recruit' && m.stack === peasants);
    expect(offers).toEqual([{ type: 'recruit', stack: peasants, gold: 1, magic: 2 }]);
    expect(reject(state, { type: 'move', seat: me, move: { type: 'recruit', stack: peasants, gold: 1, magic: 1 }, at: T0 + 2000 })).toBe('wrong-payment');
    const after = move(state, me, { type: 'recruit', stack: peasants, gold: 1, magic: 2 });
    expect(player(after, me)).toMatchObject({ gold: 0, magic: 0 });
    expect(player(after, me).citizens.filter((c) => c.startsWith('Peasant#'))).toHaveLength(1);
  });

  it('Peasant then Monk: the Peasant’s Gold pays the Monk’s exchange for 2 Magic (1 and 4 rolled)', () => {
    const s0 = started(2, { setup: 'shining-gold' });
    const other = 1 - s0.turn.active;
    const state = edit(give(s0, other, 'citizens', 'Monk#1'), (s) => Object.assign(player(s, other), { gold: 0, magic: 0 }));
    const open = harvestWith(state, [1, 4]);
    expect(open.pending).toMatchObject({ kind: 'simultaneous', seats: [other] });
    const prompt = open.harvest?.prompts[other]?.[0];
    expect(prompt?.card).toBe('Monk#1');
    expect(prompt?.options.map((o) => o.kind)).toEqual(['decline', 'exchange']);
    const after = move(open, other, { type: 'harvest', answers: [{ prompt: 0, option: 1 }] });
    expect(player(after, other)).toMatchObject({ gold: 0, magic: 2 });
  });

  it('the Thief steals before the Peasants harvest (2 and 5 rolled)', () => {
    const s0 = started(2, { setup: 'mastery-of-magic' });
    const me = s0.turn.active;
    const victim = 1 - me;
    const state = edit(give(s0, me, 'citizens', 'Thief#1'), (s) => {
      Object.assign(player(s, me), { gold: 0, magic: 0 });
      Object.assign(player(s, victim), { gold: 2, magic: 1 });
    });
    const open = harvestWith(state, [2, 5]);
    const thief = open.harvest?.prompts[me]?.[0];
    expect(thief?.options).toEqual([
      { kind: 'take', from: victim, resource: 'gold', amount: 2 },
      { kind: 'take', from: victim, resource: 'magic', amount: 1 },
    ]);
    const chosen = move(open, me, { type: 'harvest', answers: [{ prompt: 0, option: 0 }] });
    // VK-R8: the Thief's owner then says how much to take, here all 2.
    const after = move(chosen, me, { type: 'steal', amount: 2 });
    // The victim's Starter Peasant gold comes after the theft: 2 - 2 + 1.
    expect(player(after, victim)).toMatchObject({ gold: 1, magic: 1 });
    // The thief: 2 stolen + their own Starter Peasant's active Gold.
    expect(player(after, me)).toMatchObject({ gold: 3, magic: 0 });
  });

  it('a double 4 with three Archers makes six activations', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const state = edit(give(s0, me, 'citizens', 'Archer#1', 'Archer#2', 'Archer#3'), (s) => {
      player(s, me).strength = 0;
    });
    const open = harvestWith(state, [4, 4]);
    expect(open.harvest?.activated[me]?.filter((c) => c.startsWith('Archer#'))).toHaveLength(6);
    const closed = execute(engine, open, { type: 'timeout', at: open.pending?.deadline ?? 0 });
    if (!closed.ok) throw new Error(closed.message);
    expect(player(closed.state, me).strength).toBe(12);
  });

  it('Palace of the Dawn needs 1 Worker + 2 Soldiers among Citizens (starters have no role), costs 11', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const base = atActions(onTop(give(s0, me, 'citizens', 'Archer#1', 'Archer#2'), 'domains', 0, 'Palace of the Dawn'), { gold: 11 });
    const build = { type: 'build', stack: 0, gold: 11, magic: 0 } as const;
    expect(reject(base, { type: 'move', seat: me, move: build, at: T0 + 2000 })).toBe('requirement-not-met');
    const ready = give(base, me, 'citizens', 'Peasant#1');
    expect(reject(ready, { type: 'move', seat: me, move: { ...build, gold: 10 }, at: T0 + 2000 })).toBe('wrong-payment');
    const after = move(ready, me, build);
    expect(player(after, me).domains).toEqual(['Palace of the Dawn']);
    expect(player(after, me).gold).toBe(0);
  });

  it('Palace of the Dawn lowers one die by 1, not below 1, once per roll', () => {
    const s0 = started(2);
    const me = s0.turn.active;
    const state = give(s0, me, 'domains', 'Palace of the Dawn');
    const rolled = move(state, me, { type: 'roll' });
    const dice = rolled.turn.dice as [number, number];
    const changes = engine.legalMoves(rolled, me).filter((m) => m.type === 'change-die');
    expect(changes).toEqual(dice.flatMap((v, die) => (v > 1 ? [{ type: 'change-die', domain: 'Palace of the Dawn', die }] : [])));
    const first = changes[0];
    if (first?.type !== 'change-die') throw new Error('this seed rolls a double 1: pick another');
    const lowered = move(rolled, me, first);
    expect(lowered.turn.dice?.[first.die]).toBe((dice[first.die] as number) - 1);
    expect(engine.legalMoves(lowered, me).some((m) => m.type === 'change-die')).toBe(false);
  });

  it('Gelatinous Cube: 4 Strength + 1 Magic paid with 3 Strength + 2 Magic', () => {
    const s0 = started(2, { setup: 'shining-gold' });
    const me = s0.turn.active;
    const state = atActions(s0, { strength: 3, magic: 2 });
    const swamp = stackOf(state, 'monsters', 'Swamp');
    expect(state.market.monsters[swamp]?.cards[0]).toMatch(/^Gelatinous Cube#/);
    expect(reject(state, { type: 'move', seat: me, move: { type: 'slay', stack: swamp, strength: 3, magic: 1 }, at: T0 + 2000 })).toBe('wrong-payment');
    expect(reject(state, { type: 'move', seat: me, move: { type: 'slay', stack: swamp, strength: 4, magic: 1 }, at: T0 + 2000 })).toBe('cannot-afford');
    const after = move(state, me, { type: 'slay', stack: swamp, strength: 3, magic: 2 });
    expect(player(after, me)).toMatchObject({ strength: 0, magic: 0 });
    expect(player(after, me).monsters[0]).toMatch(/^Gelatinous Cube#/);
  });

  describe("Spider Queen's choice", () => {
    const slain = () => {
      const s0 = started(2);
      const me = s0.turn.active;
      const forest = stackOf(s0, 'monsters', 'Forest');
      const state = atActions(give(onTop(s0, 'monsters', forest, 'Spider Queen#1'), me, 'monsters', 'Treant#1'), { strength: 8 });
      const after = move(state, me, { type: 'slay', stack: forest, strength: 8, magic: 0 });
      return { after, me };
    };

    it('offers 2 Gold per Forest monster slain, or any market Citizen + 1 VP', () => {
      const { after, me } = slain();
      expect(after.pending).toMatchObject({ kind: 'decision', seat: me, step: 'choose' });
      expect(after.choice?.map((o) => o.kind)).toEqual(['alternative', 'alternative']);
      const gold = move(after, me, { type: 'choose', option: 0 });
      // The Treant and the Queen herself: 2 × 2 Gold.
      expect(player(gold, me).gold).toBe(4);
      expect(gold.pending?.step).toBe('action');
    });

    it('takes an Archer and 1 VP', () => {
      const { after, me } = slain();
      const recruit = move(after, me, { type: 'choose', option: 1 });
      const archers = citizenStackOf(recruit, 'Archer');
      const option = recruit.choice?.findIndex((o) => o.kind === 'recruit' && o.stack === archers) ?? -1;
      expect(recruit.choice).toHaveLength(10);
      const done = move(recruit, me, { type: 'choose', option });
      expect(player(done, me).citizens.some((c) => c.startsWith('Archer#'))).toBe(true);
      expect(player(done, me).vp).toBe(1);
    });
  });

  it('Waryn with 17 resources (6 Gold, 1 Magic, 10 Strength) scores 5 for the resources part', () => {
    expect(dukeVp('Waryn', { citizens: [], domains: [], monsters: [], resources: 17 })).toBe(5);
    const s0 = started(2);
    const state = edit(s0, (s) => Object.assign(player(s, 0), { duke: 'Waryn', gold: 6, magic: 1, strength: 10 }));
    // Only starters (no role): the Duke's whole score is the resources part.
    expect(seatScore(state, 0, true).duke).toBe(5);
  });
});
