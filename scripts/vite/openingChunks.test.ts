import { describe, expect, it } from 'vitest';
import { followingUsedExports, setKey, sharedGroups } from './openingChunks';

const MUI = '/app/node_modules/@mui/material/esm';
const modules: Record<string, { code: string; importedIds: string[]; exports: string[] }> = {
  [`${MUI}/index.js`]: {
    code: [
      '/** @license MIT */',
      'import * as colors from "./colors/index.js";',
      'export { colors };',
      'export { default as Slider } from "./Slider/index.js";',
      'export * from "./Slider/index.js";',
      'export { default as Chip } from "./Chip/index.js";',
      'export * from "./Chip/index.js";',
      'export * from "./styles/index.js";',
    ].join('\n'),
    importedIds: [`${MUI}/colors/index.js`, `${MUI}/Slider/index.js`, `${MUI}/Chip/index.js`, `${MUI}/styles/index.js`],
    exports: ['colors', 'Slider', 'sliderClasses', 'Chip', 'chipClasses', 'useTheme'],
  },
  [`${MUI}/colors/index.js`]: { code: 'export const red = {};', importedIds: [], exports: ['red'] },
  [`${MUI}/Slider/index.js`]: {
    code: 'export default 1; export const sliderClasses = {};',
    importedIds: [],
    exports: ['default', 'sliderClasses'],
  },
  [`${MUI}/Chip/index.js`]: {
    code: 'export default 2; export const chipClasses = {};',
    importedIds: [],
    exports: ['default', 'chipClasses'],
  },
  [`${MUI}/styles/index.js`]: { code: 'export const useTheme = () => 3;', importedIds: [], exports: ['useTheme'] },
};
const page = (code: string) => ({ code, importedIds: [`${MUI}/index.js`], exports: [] });
const follow = (code: string) =>
  followingUsedExports((id) => (id === '/app/page.js' ? page(code) : modules[id]))('/app/page.js');

describe('A page reaches the modules it imports, through a package index only to what it names', () => {
  it('follows the named components of @mui/material, not the whole index', () => {
    expect(
      follow('// import { Slider } is a comment\nimport { Chip, colors as palette } from "@mui/material";'),
    ).toEqual([`${MUI}/Chip/index.js`, `${MUI}/colors/index.js`]);
  });
  it('finds a name the index passes on with `export *` in the module that exports it', () => {
    expect(follow('import { sliderClasses, useTheme } from "@mui/material";')).toEqual([
      `${MUI}/Slider/index.js`,
      `${MUI}/styles/index.js`,
    ]);
  });
  it('follows the whole index for a namespace or default import, or a name it cannot place', () => {
    expect(follow('import * as M from "@mui/material";')).toEqual([`${MUI}/index.js`]);
    expect(follow('import { Nowhere } from "@mui/material";')).toEqual([`${MUI}/index.js`]);
  });
});

describe('Code opening pages share is grouped by the pages that share it', () => {
  const pages = ['search', 'project', 'answer', 'profile'];
  const reach = new Map<string, Set<number>>([
    ['search', new Set([0])],
    ['filters', new Set([0, 1])],
    ['textField', new Set([0, 1, 2, 3])],
    ['statusChip', new Set([1, 3])],
    ['ownPart', new Set([3])],
  ]);
  it("leaves a page's own code out and keeps apart what only some pages use", () => {
    const groups = sharedGroups(reach, pages, (id) => (id === 'filters' ? 200_000 : 100_000));
    expect(Object.fromEntries(groups)).toEqual({ filters: '0,1', textField: '0,1,2,3', statusChip: '1,3' });
  });
  it('merges a set sharing little code into the smallest larger set, and on up', () => {
    const withMiddle = new Map([...reach, ['picker', new Set([0, 1, 3])]]);
    const groups = sharedGroups(withMiddle, pages, (id) => (id === 'filters' || id === 'textField' ? 200_000 : 1_000));
    expect(groups.get('statusChip')).toBe(setKey([0, 1, 2, 3]));
    expect(groups.get('picker')).toBe(setKey([0, 1, 2, 3]));
    expect(groups.get('filters')).toBe('0,1');
  });
});
