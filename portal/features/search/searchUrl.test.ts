/**
 * Edits of the search's address state land on the state the address holds then, not the one drawn when they were
 * made: a second filter picked before the first was drawn keeps the first.
 */
import { describe, expect, it } from 'vitest';
import { editFilters, readState, rebased, thousands, writeState } from './searchUrl';

describe('Search edits', () => {
  it('rebased makes the same additions and removals to the list as it is now', () => {
    expect(rebased([], ['7'], ['3'])).toEqual(['3', '7']);
    expect(rebased(['3', '7'], ['7'], ['3', '7', '9'])).toEqual(['7', '9']);
    expect(rebased(['3'], ['3', '7'], ['3', '7'])).toEqual(['3', '7']);
    expect(rebased(['3'], [], [])).toEqual([]);
  });

  it('a skill and a city picked from the same drawn state both stay, and the page goes back to 1', () => {
    const drawn = readState(new URLSearchParams('p=3'));
    const skill = editFilters((now) => ({ multi: { ...now.multi, s: rebased(drawn.multi.s, ['12'], now.multi.s) } }));
    const city = editFilters((now) => ({ multi: { ...now.multi, cl: rebased(drawn.multi.cl, ['40'], now.multi.cl) } }));
    const landed = writeState(city(skill(drawn)), false);
    expect(landed.get('s')).toBe('12');
    expect(landed.get('cl')).toBe('40');
    expect(landed.has('p')).toBe(false);
  });
});

describe('Counts as shown', () => {
  it('groups whole numbers by thousands as en-US does, and writes any other number as en-US does', () => {
    const en = new Intl.NumberFormat('en-US');
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890, -1, -1234, -1_000_000])
      expect(thousands(n), String(n)).toBe(en.format(n));
    for (const n of [1234.5, -0.25, 2 ** 60]) expect(thousands(n), String(n)).toBe(en.format(n));
    expect(thousands(1_234_567)).toBe('1,234,567');
  });
});
