/** Every list's range reads one way: an en dash between the ends, the numbers grouped, the words from the catalogue. */
import { describe, expect, it } from 'vitest';
import { formatRange, t } from '.';

describe('formatRange', () => {
  it('writes a page of a long list with an en dash and grouped numbers', () => {
    expect(formatRange(1, 25, 2000)).toBe('1–25 of 2,000');
    expect(formatRange(1001, 1025, 12345)).toBe('1,001–1,025 of 12,345');
  });

  it('writes an estimated total as about, and a count that stopped with a plus', () => {
    expect(formatRange(1, 20, 12000, 'about')).toBe('1–20 of about 12,000');
    expect(formatRange(1, 25, 10000, 'atLeast')).toBe('1–25 of 10,000+');
  });

  it('gives the search and pipeline "Showing" lines and the console the same range', () => {
    const range = formatRange(21, 40, 1234);
    expect(t('search.page.showing', { range })).toBe('Showing 21–40 of 1,234');
    expect(t('portal.pipeline.showing', { range })).toBe('Showing 21–40 of 1,234');
    expect(t('ra.navigation.page_range_info')).toBe('%{offsetBegin}–%{offsetEnd} of %{total}');
  });
});
