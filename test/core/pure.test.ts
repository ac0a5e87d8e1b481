import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('../../core/', import.meta.url));
const NODE_BUILTINS = new Set(builtinModules);

async function sources(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? sources(join(folder, e.name)) : e.name.endsWith('.ts') ? [join(folder, e.name)] : [])),
  );
  return nested.flat();
}

describe('core/', () => {
  // The browser's verifier (web/src/verify) runs these very files: a Node module here would need an alias or a shim again.
  it('imports no Node built-in module', async () => {
    const offending: string[] = [];
    for (const file of await sources(CORE)) {
      for (const [, specifier] of (await readFile(file, 'utf8')).matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g))
        if (specifier!.startsWith('node:') || NODE_BUILTINS.has(specifier!)) offending.push(`${relative(CORE, file)}: ${specifier}`);
    }
    expect(offending).toEqual([]);
  });
});
