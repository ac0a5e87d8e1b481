import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The client is only as good as its types: the package, its whole-game test
 * and its list of refused mistakes (type-errors.ts) must compile under
 * `tsc --noEmit`, and none of them may get there by a cast or `any`.
 */
const PACKAGE = fileURLToPath(new URL('../', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The package's hand-written sources: everything but the generated types. */
const handWritten = ['src', 'test'].flatMap((folder) =>
  readdirSync(`${PACKAGE}${folder}`)
    .filter((name) => name.endsWith('.ts') && name !== 'openapi.ts')
    .map((name) => `${folder}/${name}`),
);

/** Each `x as T` (other than `as const`), `<T>x` and `any` in a source file, with its line. */
function escapeHatches(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(`${PACKAGE}${file}`, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isAsExpression(node) && node.type.getText(source) !== 'const') found.push(`${file}:${line} casts: ${node.getText(source)}`);
    if (ts.isTypeAssertionExpression(node)) found.push(`${file}:${line} casts: ${node.getText(source)}`);
    if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`${file}:${line} uses any`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the client's types", () => {
  it('compile under tsc --noEmit, and every `@ts-expect-error` in type-errors.ts is an error indeed', async () => {
    const output = await new Promise<string>((resolve) => {
      execFile(`${ROOT}node_modules/.bin/tsc`, ['--noEmit', '-p', 'clients/typescript'], { cwd: ROOT }, (_error, stdout, stderr) =>
        resolve(`${stdout}${stderr}`),
      );
    });
    expect(output, `tsc -p clients/typescript:\n${output}`).toBe('');
  });

  it('type-errors.ts holds the mistakes it must: a misspelt move and an unknown game, directly and through the client', () => {
    const expectations = readFileSync(`${PACKAGE}test/type-errors.ts`, 'utf8').match(/^\s*\/\/ @ts-expect-error/gm) ?? [];
    expect(expectations.length).toBeGreaterThanOrEqual(5);
  });

  it('are reached with no cast and no any, in the package and its tests', () => {
    expect(handWritten).toContain('test/whole-games.test.ts');
    expect(handWritten.flatMap(escapeHatches)).toEqual([]);
  });
});
