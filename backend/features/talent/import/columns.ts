/**
 * The import file format: one candidate per CSV row or JSONL line, lookups named rather than
 * numbered so a file works against any database. This turns a row into the API's input (ids);
 * names that match no lookup are field errors, like unknown ids are in the API.
 * Lists in CSV cells are separated by ';'. See README "Importing candidates".
 */
import type { Knex } from 'knex';
import type { FieldErrors } from '../../../errors';

export interface ImportMaps {
  cities: Map<string, number>;
  citizenships: Map<string, number>;
  jobTitles: Map<string, number>;
  skills: Map<string, number>;
  languages: Map<string, number>;
  tags: Map<string, number>;
  admins: Map<string, number>;
  countries: Map<string, number>;
  industries: Map<string, number>;
}

/** Columns copied as they are (the API validates them). */
export const PLAIN_COLUMNS = [
  'email', 'firstName', 'lastName', 'phone', 'phoneWhatsapp', 'profilePic', 'linkedInUrl', 'githubUrl', 'stackoverflowUrl', 'dribbbleUrl', 'portfolioUrl',
  'summary', 'visa', 'expectedSalary', 'expectedSalaryCurrency', 'currentSalary', 'currentSalaryCurrency', 'workingRemotely', 'visibility', 'anonymous',
  'sendSetPasswordEmail', 'status', 'source', 'sourceOtherText', 'reasonForLeaving', 'lookingFor', 'isSpecialHkCandidate', 'hkId', 'hkPassport',
  'hkAddress', 'hkCity', 'hkState', 'hkCountry', 'hkZip',
] as const;
/** Columns whose values are looked up or parsed. */
export const MAPPED_COLUMNS = ['currentLocation', 'citizenship', 'preferredLocations', 'jobTitles', 'typeOfEmployment', 'candidateStatus', 'noticePeriod', 'skills', 'languages', 'tags', 'owner', 'experiences', 'educations'] as const;
export const KNOWN_COLUMNS = new Set<string>([...PLAIN_COLUMNS, ...MAPPED_COLUMNS]);
const PLAIN = new Set<string>(PLAIN_COLUMNS);

const lower = (s: string) => s.trim().toLowerCase();

export async function loadImportMaps(knex: Knex): Promise<ImportMaps> {
  const named = async (table: string) => {
    const map = new Map<string, number>();
    for (const r of (await knex(table).select('id', 'name').orderBy('id')) as { id: number; name: string }[]) if (!map.has(lower(r.name))) map.set(lower(r.name), r.id);
    return map;
  };
  const cities = new Map<string, number>();
  // 'Name (CC)' is exact; a bare name takes the first (most populous) city of that name.
  for (const c of (await knex('cities').select('id', 'name', 'code').orderBy('id')) as { id: number; name: string; code: string }[]) {
    cities.set(`${lower(c.name)} (${c.code.toLowerCase()})`, c.id);
    if (!cities.has(lower(c.name))) cities.set(lower(c.name), c.id);
  }
  const countries = await named('countries');
  for (const c of (await knex('countries').select('id', 'code')) as { id: number; code: string }[]) countries.set(c.code.toLowerCase(), c.id);
  const languages = await named('languages');
  for (const l of (await knex('languages').select('id', 'code')) as { id: number; code: string }[]) languages.set(l.code, l.id);
  const tags = new Map(((await knex('tags').select('id', 'identifier')) as { id: number; identifier: string }[]).map((t) => [t.identifier, t.id]));
  const admins = new Map(((await knex('admins').select('id', 'email')) as { id: number; email: string }[]).map((a) => [a.email, a.id]));
  return { cities, citizenships: await named('citizenships'), jobTitles: await named('job_titles'), skills: await named('skills'), languages, tags, admins, countries, industries: await named('industries') };
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(';') : []).map((s) => s.trim()).filter(Boolean);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export interface MappedRow {
  input: Record<string, unknown>;
  errors: FieldErrors;
  /** Human detail per field, e.g. the unknown name. */
  details: Record<string, string>;
}

/** Row → API input. Blank cells are left out: on create the defaults apply, on update the stored value stays. */
export function mapRow(row: Record<string, unknown>, maps: ImportMaps): MappedRow {
  const input: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  const details: Record<string, string> = {};
  const lookup = (field: string, map: Map<string, number>, name: string, key = lower(name)): number | undefined => {
    const id = map.get(key);
    if (id === undefined) {
      errors[field] = `${field}.errors.notFound`;
      details[field] = `no match for '${name}'`;
    }
    return id;
  };
  for (const [column, value] of Object.entries(row)) {
    if (column.startsWith('_') || blank(value)) continue;
    if (!KNOWN_COLUMNS.has(column)) {
      errors[column] = 'import.errors.unknownColumn';
      continue;
    }
    if (PLAIN.has(column)) input[column] = value;
  }
  const v = (c: string) => (blank(row[c]) ? undefined : row[c]);
  if (v('currentLocation')) input.currentLocationId = lookup('currentLocation', maps.cities, String(v('currentLocation')));
  if (v('citizenship')) input.citizenshipId = lookup('citizenship', maps.citizenships, String(v('citizenship')));
  if (v('owner')) input.ownerId = lookup('owner', maps.admins, String(v('owner')));
  if (v('jobTitles')) input.jobTitleLookingFor = list(v('jobTitles')).map((n) => lookup('jobTitles', maps.jobTitles, n));
  if (v('tags')) input.tags = list(v('tags')).map((n) => lookup('tags', maps.tags, n, n.toLowerCase()));
  for (const c of ['typeOfEmployment', 'candidateStatus']) if (v(c)) input[c] = list(v(c));
  if (v('preferredLocations')) {
    input.preferredLocations = list(v('preferredLocations')).map((entry) => {
      const [city, visaType, visaCategory] = entry.split(':').map((s) => s.trim());
      return { locationId: lookup('preferredLocations', maps.cities, city), visaType: visaType || null, visaCategory: visaCategory || null };
    });
  }
  if (v('noticePeriod')) {
    const raw = v('noticePeriod');
    const [type, option] = typeof raw === 'object' ? [(raw as { type?: unknown }).type, (raw as { option?: unknown }).option] : String(raw).split(':');
    input.noticePeriod = { type, option: option ?? null };
  }
  if (v('skills')) {
    input.skills = list(v('skills')).map((entry) => {
      const star = entry.endsWith('*');
      return { skillId: lookup('skills', maps.skills, star ? entry.slice(0, -1).trim() : entry), isStar: star };
    });
  }
  if (v('languages')) {
    const levels: Record<string, number> = { beginner: 1, intermediate: 2, expert: 3 };
    input.languages = list(v('languages')).map((entry) => {
      const [name, level] = entry.split(':').map((s) => s.trim());
      return { languageId: lookup('languages', maps.languages, name), level: levels[lower(level ?? '')] ?? level };
    });
  }
  for (const [column, map] of [['experiences', 'exp'], ['educations', 'edu']] as const) {
    const raw = v(column);
    if (raw === undefined) continue;
    let items: unknown = raw;
    if (typeof raw === 'string') {
      try {
        items = JSON.parse(raw);
      } catch {
        errors[column] = `${column}.errors.invalidJson`;
        continue;
      }
    }
    if (!Array.isArray(items)) {
      errors[column] = `${column}.errors.invalid`;
      continue;
    }
    input[column] = items.map((item: Record<string, unknown>) => {
      if (!item || typeof item !== 'object' || map === 'edu') return item;
      const { country, industry, ...rest } = item;
      return {
        ...rest,
        ...(blank(country) ? {} : { countryId: lookup(column, maps.countries, String(country)) }),
        ...(blank(industry) ? {} : { industryId: lookup(column, maps.industries, String(industry)) }),
      };
    });
  }
  return { input, errors, details };
}
