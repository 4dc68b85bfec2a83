/** Counts in the catalogue read through its plural forms: "1 year", "2 years", "1 candidate". */
import { describe, expect, it } from 'vitest';
import { pluralCategory, t } from './index';

describe('Plural forms of the message catalogue', () => {
  it('says "1 year" and "12 years" of experience', () => {
    expect(t('search.page.years', { n: 1 })).toBe('1 year of experience');
    expect(t('search.page.years', { n: 12 })).toBe('12 years of experience');
  });

  it('says "1 candidate" and "3 candidates" a request went to, never "candidate(s)"', () => {
    expect(t('project.qualify.sent', { count: 1 })).toBe('Qualify request sent to 1 candidate');
    expect(t('project.qualify.sent', { count: 3 })).toBe('Qualify request sent to 3 candidates');
  });

  it('leaves the form untouched when the count is missing, so a forgotten value shows', () => {
    expect(t('search.page.years')).toBe('{n, plural, one {# year} other {# years}} of experience');
  });

  it("reads English's two categories as Intl.PluralRules does, without building one", () => {
    const rules = new Intl.PluralRules('en-SG');
    for (const n of [0, 1, -1, 1.0, 1.5, 0.5, 2, 11, 21, 101, 1e6, -2, Number.NaN, Infinity])
      expect(pluralCategory(n), String(n)).toBe(rules.select(n));
    expect(pluralCategory(1, 'ar')).toBe(new Intl.PluralRules('ar').select(1));
    expect(pluralCategory(3, 'ar')).toBe('few');
  });
});
