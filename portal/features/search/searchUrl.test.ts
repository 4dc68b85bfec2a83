/**
 * Edits of the search's address state land on the state the address holds then, not the one drawn when they were
 * made: a second filter picked before the first was drawn keeps the first.
 */
import { describe, expect, it } from 'vitest';
import { editFilters, readState, rebased, writeState } from './searchUrl';

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
