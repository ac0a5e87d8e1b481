import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTypes, TYPES_PATH } from '../generate.js';

describe("the client's generated types", () => {
  it('are exactly what openapi-typescript makes of the committed api-spec/openapi.json (run `npm run spec` after changing the API)', async () => {
    expect(readFileSync(TYPES_PATH, 'utf8')).toBe(await renderTypes());
  });
});
