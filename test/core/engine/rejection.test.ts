import { describe, expect, it } from 'vitest';
import { KIT_REJECTIONS, rejecterOf } from '../../../core/engine/index.js';
import { REJECTIONS as VCK } from '../../../core/games/valeria-card-kingdoms/rejections.js';
import { REJECTIONS as VP } from '../../../core/games/village-pillage/rejections.js';
import { REJECTIONS as VV } from '../../../core/games/villages-of-valeria/rejections.js';

describe('rejection tables', () => {
  it('fill every blank of a template, keep the code, and keep the values for another language', () => {
    const reject = rejecterOf({ 'no-such-pile': 'There is no pile {pile} ({why}).' } as const);
    expect(reject('no-such-pile', { pile: 7, why: 'five piles' })).toEqual({
      ok: false,
      code: 'no-such-pile',
      message: 'There is no pile 7 (five piles).',
      values: { pile: 7, why: 'five piles' },
    });
    expect(rejecterOf({ 'same-card': 'One card cannot be placed twice.' } as const)('same-card')).toEqual({
      ok: false,
      code: 'same-card',
      message: 'One card cannot be placed twice.',
      values: {},
    });
  });

  it('are kebab-case codes with one sentence each, and no game reuses a kit code', () => {
    for (const table of [KIT_REJECTIONS, VV, VCK, VP]) {
      for (const [code, template] of Object.entries(table)) {
        expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(template.length).toBeGreaterThan(2);
      }
    }
    for (const table of [VV, VCK, VP]) expect(Object.keys(table).filter((code) => code in KIT_REJECTIONS)).toEqual([]);
  });
});
