import { describe, it, expect } from 'vitest';
import { countries as countryData } from 'countries-list';

import { citizenships as citizenshipData } from '../../seeds/lookups/data/citizenships.js';
import { jobTitles as jobTitleData } from '../../seeds/lookups/data/jobTitles.js';
import { skills as skillData } from '../../seeds/lookups/data/skills.js';
import { lookupRows, type LookupRows } from '../../seeds/lookups/index.js';

const rows = lookupRows();

function duplicateKeys(keys: string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) dups.add(key);
    seen.add(key);
  }
  return [...dups];
}

const lower = (value: string): string => value.trim().toLowerCase();

const collator = new Intl.Collator('en', { sensitivity: 'variant', numeric: true });
const byName = (a: string, b: string): number => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

describe('Lookups', () => {
  it('hold every country with its dial code', () => {
    expect(rows.countries.length).toBeGreaterThanOrEqual(240);
    expect(rows.countries.length).toBe(Object.keys(countryData).length);
    for (const country of rows.countries) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
      expect(country.name.length).toBeGreaterThan(0);
    }
  });

  it('include Singapore and Hong Kong with their dial codes', () => {
    expect(rows.countries).toContainEqual({ name: 'Singapore', code: 'SG', dialCode: '+65' });
    expect(rows.countries).toContainEqual({ name: 'Hong Kong', code: 'HK', dialCode: '+852' });
  });

  it('hold at least a thousand of the most populous cities, each in a seeded country', () => {
    expect(rows.cities.length).toBeGreaterThanOrEqual(1000);
    const dialCodes = new Map(rows.countries.map((c) => [c.code, c.dialCode]));
    for (const city of rows.cities) {
      expect(dialCodes.has(city.countryCode)).toBe(true);
      expect(city.dialCode).toBe(dialCodes.get(city.countryCode));
    }
    const names = rows.cities.map((c) => `${c.name}, ${c.countryCode}`);
    expect(names).toEqual(expect.arrayContaining(['Tokyo, JP', 'London, GB', 'Singapore, SG', 'Hong Kong, HK']));
  });

  it('hold at least five hundred job titles', () => {
    expect(rows.jobTitles.length).toBeGreaterThanOrEqual(500);
    expect(rows.jobTitles.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'Software Engineer',
        'Senior Data Scientist',
        'Chief Financial Officer',
        'Talent Acquisition Partner',
      ]),
    );
  });

  it('hold at least two thousand skills', () => {
    expect(rows.skills.length).toBeGreaterThanOrEqual(2000);
    expect(rows.skills.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'TypeScript',
        'React',
        'PostgreSQL',
        'Kubernetes',
        'Financial Modelling',
        'IFRS',
        'Salesforce CRM',
        'Stakeholder Management',
      ]),
    );
  });

  it('hold every ISO 639-1 language with its two-letter code', () => {
    expect(rows.languages.length).toBeGreaterThanOrEqual(180);
    for (const language of rows.languages) expect(language.code).toMatch(/^[a-z]{2}$/);
    expect(rows.languages).toContainEqual({ name: 'English', code: 'en' });
  });

  it('hold at least sixty industries', () => {
    expect(rows.industries.length).toBeGreaterThanOrEqual(60);
  });

  it('hold a citizenship for every country, each pointing at a seeded country', () => {
    const codes = new Set(rows.countries.map((c) => c.code));
    for (const citizenship of rows.citizenships) expect(codes.has(citizenship.countryCode)).toBe(true);
    expect(new Set(rows.citizenships.map((c) => c.countryCode))).toEqual(codes);
    expect(rows.citizenships).toContainEqual({ name: 'Singaporean', countryCode: 'SG' });
    expect(rows.citizenships).toContainEqual({ name: 'Hong Konger', countryCode: 'HK' });
  });

  it('keep every list free of case-insensitive duplicates', () => {
    const lists: Record<keyof LookupRows, string[]> = {
      countries: rows.countries.map((r) => lower(r.name)),
      cities: rows.cities.map((r) => `${lower(r.name)}|${r.countryCode}`),
      jobTitles: rows.jobTitles.map((r) => lower(r.name)),
      skills: rows.skills.map((r) => lower(r.name)),
      languages: rows.languages.map((r) => lower(r.name)),
      industries: rows.industries.map((r) => lower(r.name)),
      citizenships: rows.citizenships.map((r) => lower(r.name)),
    };
    for (const [list, keys] of Object.entries(lists))
      expect({ list, duplicates: duplicateKeys(keys) }).toEqual({ list, duplicates: [] });
    expect(duplicateKeys(rows.countries.map((r) => r.code))).toEqual([]);
    expect(duplicateKeys(rows.languages.map((r) => r.code))).toEqual([]);
  });

  it('keep every name trimmed and sorted by name', () => {
    const sortedLists = [
      rows.countries,
      rows.jobTitles,
      rows.skills,
      rows.languages,
      rows.industries,
      rows.citizenships,
    ];
    for (const list of sortedLists) {
      const names = list.map((r) => r.name);
      for (const name of names) expect(name).toBe(name.trim());
      expect(names).toEqual([...names].sort(byName));
    }
  });

  it('keep the hand-written source lists themselves free of duplicates', () => {
    expect(duplicateKeys(jobTitleData.map(lower))).toEqual([]);
    expect(duplicateKeys(skillData.map(lower))).toEqual([]);
    expect(duplicateKeys(Object.values(citizenshipData).map(lower))).toEqual([]);
  });

  it('are deterministic across calls', () => {
    expect(lookupRows()).toEqual(rows);
  });
});
