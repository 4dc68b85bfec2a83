/**
 * Lookup seed rows for the talent-search marketplace: countries, cities, job
 * titles, skills, languages, industries and citizenships.
 *
 * Pure data, no database access and no randomness: every call returns the same
 * rows in the same order, built from the packages `countries-list`,
 * `city-timezones` and `iso-639-1` plus the hand-written lists in `./data/`.
 */
import cityTimezones from 'city-timezones';
import { countries as countryData } from 'countries-list';
import ISO6391 from 'iso-639-1';

import { citizenships as citizenshipData } from './data/citizenships.js';
import { industries as industryData } from './data/industries.js';
import { jobTitles as jobTitleData } from './data/jobTitles.js';
import { skills as skillData } from './data/skills.js';

export interface CountryRow {
  name: string;
  code: string;
  dialCode: string;
}
export interface CityRow {
  name: string;
  countryCode: string;
  dialCode: string;
}
export interface NameRow {
  name: string;
}
export interface LanguageRow {
  name: string;
  code: string;
}
export interface CitizenshipRow {
  name: string;
  countryCode: string;
}

export interface LookupRows {
  countries: CountryRow[];
  cities: CityRow[];
  jobTitles: NameRow[];
  skills: NameRow[];
  languages: LanguageRow[];
  industries: NameRow[];
  citizenships: CitizenshipRow[];
}

/** How many of the most populous cities (distinct by name and country) are seeded. */
export const CITY_LIMIT = 2000;

const collator = new Intl.Collator('en', { sensitivity: 'variant', numeric: true });

/** Locale-aware order with a code-unit tie-break, so the order is total and stable. */
function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Trims and collapses inner whitespace. */
export function cleanName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** Case-insensitive identity of a name. */
export function nameKey(value: string): string {
  return cleanName(value).toLowerCase();
}

/** Cleans names, drops empty ones and keeps the first of each case-insensitive duplicate. */
function uniqueBy<T>(rows: Iterable<T>, key: (row: T) => string): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const row of rows) {
    const k = key(row);
    if (k === '' || seen.has(k)) continue;
    seen.add(k);
    out.push(row);
  }
  return out;
}

function byName<T extends { name: string }>(rows: T[]): T[] {
  return rows.sort((a, b) => compareNames(a.name, b.name));
}

function nameRows(names: readonly string[]): NameRow[] {
  const rows = uniqueBy(
    names.map((n) => ({ name: cleanName(n) })),
    (r) => nameKey(r.name),
  );
  return byName(rows);
}

function buildCountries(): CountryRow[] {
  const rows: CountryRow[] = [];
  for (const [code, country] of Object.entries(countryData)) {
    const phone = country.phone[0];
    if (phone === undefined) continue;
    rows.push({ name: cleanName(country.name), code: code.toUpperCase(), dialCode: `+${phone}` });
  }
  const unique = uniqueBy(rows, (r) => r.code);
  return byName(uniqueBy(unique, (r) => nameKey(r.name)));
}

/**
 * The CITY_LIMIT most populous cities of `city-timezones` whose country is
 * seeded, distinct by (name, country), ordered by population descending (ties
 * by name, then country code). Rows with no country (`iso2` '' or -99) are skipped.
 */
function buildCities(countries: CountryRow[]): CityRow[] {
  const dialCodes = new Map(countries.map((c) => [c.code, c.dialCode]));
  const candidates = cityTimezones.cityMapping
    .map((c) => ({
      name: cleanName(String(c.city ?? '')),
      countryCode: String(c.iso2 ?? '').toUpperCase(),
      pop: Number.isFinite(c.pop) ? c.pop : 0,
    }))
    .filter((c) => c.name !== '' && dialCodes.has(c.countryCode))
    .sort(
      (a, b) =>
        b.pop - a.pop ||
        compareNames(a.name, b.name) ||
        (a.countryCode < b.countryCode ? -1 : a.countryCode > b.countryCode ? 1 : 0),
    );
  const distinct = uniqueBy(candidates, (c) => `${c.countryCode}|${nameKey(c.name)}`);
  return distinct.slice(0, CITY_LIMIT).map((c) => ({
    name: c.name,
    countryCode: c.countryCode,
    dialCode: dialCodes.get(c.countryCode) as string,
  }));
}

function buildLanguages(): LanguageRow[] {
  const rows = ISO6391.getLanguages(ISO6391.getAllCodes()).map((l) => ({
    name: cleanName(l.name),
    code: l.code.toLowerCase(),
  }));
  return byName(
    uniqueBy(
      uniqueBy(rows, (r) => r.code),
      (r) => nameKey(r.name),
    ),
  );
}

function buildCitizenships(countries: CountryRow[]): CitizenshipRow[] {
  const codes = new Set(countries.map((c) => c.code));
  const rows = Object.entries(citizenshipData)
    .map(([code, name]) => ({ name: cleanName(name), countryCode: code.toUpperCase() }))
    .filter((r) => codes.has(r.countryCode))
    .sort((a, b) => (a.countryCode < b.countryCode ? -1 : a.countryCode > b.countryCode ? 1 : 0));
  return byName(
    uniqueBy(
      uniqueBy(rows, (r) => r.countryCode),
      (r) => nameKey(r.name),
    ),
  );
}

/** Builds every lookup table's rows; deterministic and side-effect free. */
export function lookupRows(): LookupRows {
  const countries = buildCountries();
  return {
    countries,
    cities: buildCities(countries),
    jobTitles: nameRows(jobTitleData),
    skills: nameRows(skillData),
    languages: buildLanguages(),
    industries: nameRows(industryData),
    citizenships: buildCitizenships(countries),
  };
}
