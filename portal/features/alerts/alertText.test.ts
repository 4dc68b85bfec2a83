import { describe, expect, it } from 'vitest';
import { newSince, searchKey } from './alertText';

describe('The alert panel line', () => {
  it('says how many are new since the day the count runs from', () => {
    expect(newSince(12, '2026-11-30T03:00:00.000Z')).toBe('12 new since 30 Nov 2026');
    expect(newSince(1, '2026-11-30T03:00:00.000Z')).toBe('1 new since 30 Nov 2026');
  });
  it('says nothing when nothing is new', () => {
    expect(newSince(0, '2026-11-30T03:00:00.000Z')).toBeNull();
    expect(newSince(3, null)).toBeNull();
  });
});

describe('A saved search and the search on screen', () => {
  it('are the same search whatever the order of their filters and the page shown', () => {
    expect(searchKey('jt=12&l=3', false)).toBe(searchKey(new URLSearchParams('l=3&jt=12&p=4'), false));
  });
  it('differ when a filter differs', () => {
    expect(searchKey('jt=12', false)).not.toBe(searchKey('jt=13', false));
    expect(searchKey('jt=12', false)).not.toBe(searchKey('jt=12&l=3', false));
  });
});
