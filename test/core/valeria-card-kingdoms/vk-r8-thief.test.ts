import { describe, expect, it } from 'vitest';
import { execute, legalMovesFor, viewFor } from '../../../core/engine/index.js';
import type { VckState } from '../../../core/games/valeria-card-kingdoms/state.js';
import { edit, engine, give, harvestWith, move, player, reject, started, T0 } from './helpers.js';

/**
 * VK-R8: « Vous pouvez prendre moins de 3 ressources à un joueur (par choix
 * ou parce qu'il ne les possède pas) ». After the harvest window closes, the
 * Thief's owner says how much each take takes, 0 to min(3, what the victim
 * has); the timeout default takes the most.
 */

/** Two players; the active one owns these Thieves, the victim holds exactly these tokens. */
function robbery(thieves: string[], victimTokens: { gold: number; magic: number }) {
  const s0 = started(2, { setup: 'mastery-of-magic' });
  const me = s0.turn.active;
  const victim = 1 - me;
  const state = edit(give(s0, me, 'citizens', ...thieves), (s) => {
    Object.assign(player(s, me), { gold: 0, magic: 0 });
    Object.assign(player(s, victim), victimTokens);
  });
  // 3 and 4: the sum 7 activates the Thieves; no Starter activates, so the victim picks a free resource.
  return { open: harvestWith(state, [3, 4]), me, victim };
}

const timeoutAt = (state: VckState, at: number) => {
  const result = execute(engine, state, { type: 'timeout', at });
  if (!result.ok) throw new Error(result.message);
  return result.state;
};

describe('VK-R8: the Thief takes fewer by choice', () => {
  it('after the window, the owner chooses 0 to min(3, what the victim has) and takes exactly that', () => {
    const { open, me, victim } = robbery(['Thief#1'], { gold: 5, magic: 0 });
    const closed = move(open, victim, { type: 'harvest', answers: [{ prompt: 0, option: 0 }] });
    expect(closed.pending).toMatchObject({ kind: 'decision', step: 'theft', seat: me });
    expect(closed.harvest?.theft).toEqual({ seat: me, prompt: 0, from: victim, resource: 'gold', most: 3 });
    expect(legalMovesFor(engine, closed, me)).toEqual([0, 1, 2, 3].map((amount) => ({ type: 'steal', amount })));
    const after = move(closed, me, { type: 'steal', amount: 1 });
    // The victim keeps 4 of 5 and then takes the free Gold they chose.
    expect(player(after, victim).gold).toBe(5 - 1 + 1);
    expect(player(after, me).gold).toBe(1);
    expect(after.pending?.step).toBe('action');
  });

  it('offers no more than the victim has, and refuses more, a wrong seat and a wrong step without change', () => {
    const { open, me, victim } = robbery(['Thief#1'], { gold: 0, magic: 2 });
    // One victim, one kind: no choice of target, so the decision comes at once.
    const closed = move(open, victim, { type: 'harvest', answers: [{ prompt: 0, option: 0 }] });
    expect(closed.harvest?.theft).toMatchObject({ from: victim, resource: 'magic', most: 2 });
    expect(legalMovesFor(engine, closed, me)).toEqual([0, 1, 2].map((amount) => ({ type: 'steal', amount })));
    expect(reject(closed, { type: 'move', seat: me, move: { type: 'steal', amount: 3 }, at: T0 + 2000 })).toBe('amount-out-of-range');
    expect(reject(closed, { type: 'move', seat: victim, move: { type: 'steal', amount: 1 }, at: T0 + 2000 })).toBe('not-your-turn');
    expect(reject(closed, { type: 'move', seat: me, move: { type: 'take', resource: 'gold' }, at: T0 + 2000 })).toBe('wrong-step');
    expect(reject(open, { type: 'move', seat: me, move: { type: 'steal', amount: 1 }, at: T0 + 2000 })).toBe('not-your-turn');
    const none = move(closed, me, { type: 'steal', amount: 0 });
    expect(player(none, victim).magic).toBe(2);
    expect(player(none, me).magic).toBe(0);
  });

  it('asks without a window when nobody else has a choice, and its deadline is the turn deadline', () => {
    const s0 = started(2, { setup: 'mastery-of-magic' });
    const me = s0.turn.active;
    const victim = 1 - me;
    // 2 and 5: both players' Starter Peasants activate, so only the Thief's amount is a choice.
    const state = edit(give(s0, me, 'citizens', 'Thief#1'), (s) => Object.assign(player(s, victim), { gold: 2, magic: 0 }));
    const open = harvestWith(state, [2, 5]);
    expect(open.pending).toMatchObject({ kind: 'decision', step: 'theft', seat: me, deadline: open.turn.deadline });
    expect(open.harvest?.theft).toMatchObject({ from: victim, resource: 'gold', most: 2 });
  });

  it('with two Thieves, the first take’s choice sets what the second can get', () => {
    const { open, me, victim } = robbery(['Thief#1', 'Thief#2'], { gold: 4, magic: 0 });
    const closed = move(open, victim, { type: 'harvest', answers: [{ prompt: 0, option: 0 }] });
    expect(closed.harvest?.theft).toMatchObject({ prompt: 0, most: 3 });
    const first = move(closed, me, { type: 'steal', amount: 1 });
    expect(first.harvest?.theft).toMatchObject({ prompt: 1, most: 3 });
    const second = move(first, me, { type: 'steal', amount: 2 });
    expect(player(second, me).gold).toBe(3);
    expect(player(second, victim).gold).toBe(4 - 3 + 1);
  });

  it('the timeout default takes the most', () => {
    const { open, me, victim } = robbery(['Thief#1'], { gold: 2, magic: 1 });
    // Nobody answers the window: VK-R2's defaults (the richest victim's Gold, free Gold), then the amount.
    const closed = timeoutAt(open, open.pending?.deadline ?? 0);
    expect(closed.harvest?.theft).toMatchObject({ resource: 'gold', most: 2 });
    const overdue = timeoutAt(closed, closed.pending?.deadline ?? 0);
    expect(player(overdue, victim).gold).toBe(2 - 2 + 1);
    // The overdue turn goes on by VK-R3: 1 Gold as each action.
    expect(player(overdue, me).gold).toBe(2 + 2);
  });

  it('shows the offer to every viewer, while others’ harvest answers stay secret until the harvest resolves', () => {
    const { open, me, victim } = robbery(['Thief#1'], { gold: 3, magic: 0 });
    const closed = move(open, victim, { type: 'harvest', answers: [{ prompt: 0, option: 2 }] });
    for (const viewer of [null, me, victim]) {
      const board = (viewFor(engine, closed, viewer) as { board: { harvest: { theft: unknown; yours: unknown } } }).board;
      expect(board.harvest.theft).toEqual(closed.harvest?.theft);
      if (viewer !== victim) expect(board.harvest.yours).toBeNull();
    }
  });
});
