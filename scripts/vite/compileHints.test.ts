import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, withCompileHint } from './compileHints';

describe("V8's compile hint on top of each chunk", () => {
  it('goes first, once, and moves the source map down the one line it adds', () => {
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA;AACA' });
    const hinted = withCompileHint('const a = 1;\nexport { a };\n', map);
    expect(hinted.code).toBe(`${COMPILE_HINT}\nconst a = 1;\nexport { a };\n`);
    expect(JSON.parse(hinted.map as string)).toEqual({
      version: 3,
      sources: ['a.ts'],
      names: [],
      mappings: ';AAAA;AACA',
    });
    expect(withCompileHint(hinted.code, hinted.map)).toEqual(hinted);
  });

  it('leaves a chunk without a source map without one', () => {
    expect(withCompileHint('x()')).toEqual({ code: `${COMPILE_HINT}\nx()` });
  });
});
