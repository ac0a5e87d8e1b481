import { createRequire } from 'node:module';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

/**
 * The layers hold: no import circle anywhere in the code, and no import
 * running from a lower layer to a higher one. The rules, with why each
 * exists, are .dependency-cruiser.cjs; this test fails on any new violation
 * and names it.
 */
const CODE = ['core', 'functions', 'web/src', 'clients/typescript/src', 'infra', 'bench', 'scripts', 'api-spec'];

describe('architecture', () => {
  it('has no import circle and no import that runs back up a layer', async () => {
    const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
    const result = (await cruise(CODE, { ruleSet: config, ...config.options, validate: true })).output as ICruiseResult;
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${[v.from, ...(v.cycle?.map((step) => step.name) ?? [v.to])].join(' → ')}`);
    expect(violations).toEqual([]);
    // The rules looked at the whole tree, not at nothing.
    expect(result.summary.totalCruised).toBeGreaterThan(250);
  });
});
