import type { Commit } from '@valeria-tabletop/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../web/src/i18n/i18n.js';
import { describeKitEvent, isKitEvent } from '../../web/src/ui/kit-events.js';
import { when } from '../../web/src/ui/when.js';

const names = ['Ann', 'Ben'];
const at = '2026-11-26T10:00:00.000Z';
const commitOf = (actor: Commit['actor'], events: Commit['events']): Commit => ({ seq: 7, at, actor, events }) as Commit;
const system = { kind: 'system' } as const;
const line = (commit: Commit) => commit.events.map((event) => describeKitEvent(event, commit, names));

/** The log's sentences for the events every game shares (the browser test sees undo and vacation lines on a real table). */
describe('the web log: shared events in words', () => {
  beforeAll(() => loadCatalog('en'));

  it('tells a seat handed to the bot and taken back, and says nothing of a timeout merely counted or a bank settled', () => {
    const replaced = commitOf(system, [
      { type: 'absence', absence: { streak: [0, 3], replaced: [1] }, change: { kind: 'replaced', seat: 1, afterTimeouts: 3 } },
    ]);
    expect(line(replaced)).toEqual(['Ben missed 3 moves in a row: the bot plays their seat until they take it back.']);
    const reclaimed = commitOf({ kind: 'player', seat: 1, playerId: 'p_ben' }, [
      { type: 'absence', absence: { streak: [0, 0], replaced: [] }, change: { kind: 'reclaimed', seat: 1 } },
    ]);
    expect(line(reclaimed)).toEqual(['Ben took their seat back from the bot.']);
    const counted = commitOf(system, [
      { type: 'absence', absence: { streak: [0, 1], replaced: [] } },
      { type: 'clock', clocks: { bankSeconds: [100, 70], running: 0, settledAt: at } },
    ]);
    expect(line(counted)).toEqual([null, null]);
    expect(counted.events.every(isKitEvent)).toBe(true);
  });

  it('names who took back which move, and tells a vacation begun and one cut short', () => {
    expect(line(commitOf({ kind: 'player', seat: 0, playerId: 'p_ann' }, [{ type: 'undone', version: 6 }]))).toEqual(['Ann took back move 6.']);
    const away = { leftAt: at, backAt: '2026-12-03T10:00:00.000Z' };
    expect(line(commitOf({ kind: 'player', seat: 1, playerId: 'p_ben' }, [{ type: 'vacation', seat: 1, away, shifts: [] }]))).toEqual([
      `Ben is away until ${when(away.backAt)}.`,
    ]);
    const back = { leftAt: '2026-11-20T10:00:00.000Z', backAt: at };
    expect(line(commitOf({ kind: 'player', seat: 1, playerId: 'p_ben' }, [{ type: 'vacation', seat: 1, away: back, shifts: [] }]))).toEqual([
      'Ben is back from vacation.',
    ]);
  });
});
