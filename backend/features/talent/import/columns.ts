/**
 * The import file format: one candidate per CSV row or JSONL line, lookups named rather than
 * numbered so a file works against any database. This turns a row into the API's input (ids);
 * names that match no lookup are field errors, like unknown ids are in the API.
 * Lists in CSV cells are separated by ';'. See README "Importing candidates".
 */
import type { Knex } from 'knex';
import { entity, normaliseEmail } from '../../../../schema';
import { loadRows } from '../../../services/lookups/load';
import { NameIndex, normalise, type Match } from '../../../services/lookups/match';
import type { LookupKind } from '../../../services/lookups/sources';
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
  /** Each city's country (ISO code): a row's national phone number is read in its current location's country. */
  cityCountries: Map<number, string>;
}

/** Columns copied as they are (the API validates them). */
export const PLAIN_COLUMNS = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'phoneWhatsapp',
  'profilePic',
  'linkedInUrl',
  'githubUrl',
  'stackoverflowUrl',
  'dribbbleUrl',
  'portfolioUrl',
  'summary',
  'visa',
  'expectedSalary',
  'expectedSalaryCurrency',
  'currentSalary',
  'currentSalaryCurrency',
  'workingRemotely',
  'visibility',
  'anonymous',
  'sendSetPasswordEmail',
  'status',
  'source',
  'sourceOtherText',
  'reasonForLeaving',
  'lookingFor',
  'isSpecialHkCandidate',
  'hkId',
  'hkPassport',
  'hkAddress',
  'hkCity',
  'hkState',
  'hkCountry',
  'hkZip',
] as const;
/** Columns whose values are looked up or parsed. */
export const MAPPED_COLUMNS = [
  'currentLocation',
  'citizenship',
  'preferredLocations',
  'jobTitles',
  'typeOfEmployment',
  'candidateStatus',
  'noticePeriod',
  'skills',
  'languages',
  'tags',
  'owner',
  'experiences',
  'educations',
] as const;
export const KNOWN_COLUMNS = new Set<string>([...PLAIN_COLUMNS, ...MAPPED_COLUMNS]);
const PLAIN = new Set<string>(PLAIN_COLUMNS);

const lower = (s: string) => s.trim().toLowerCase();
/** An email as the import compares it (prepare.ts reads each row's the same way). */
const emailKeyOf = (email: string) => normaliseEmail(email) ?? lower(email);

/**
 * The name matcher behind each map: a name no map key spells is resolved by it (alias, accents,
 * an unambiguous close match), and a name it cannot resolve is reported with the nearest names.
 */
const MATCHERS = new WeakMap<Map<string, number>, { index: NameIndex; seen: Map<string, Match | undefined> }>();

export async function loadImportMaps(knex: Knex): Promise<ImportMaps> {
  // Names are matched without regard to case or accents; each is also kept as written, so the
  // usual spelling is found without normalising it first (millions of lookups per import).
  const named = async (kind: LookupKind) => {
    const rows = await loadRows(knex, kind);
    const index = new NameIndex(rows);
    const map = new Map<string, number>();
    for (const [key, row] of index.names()) map.set(key, row.id);
    for (const r of rows) if (!map.has(r.name)) map.set(r.name, r.id);
    MATCHERS.set(map, { index, seen: new Map() });
    return map;
  };
  const tags = new Map(
    ((await knex('tags').select('id', 'identifier')) as { id: number; identifier: string }[]).map((t) => [
      t.identifier,
      t.id,
    ]),
  );
  // Admins by their address as every email is compared: trimmed, in lower case, the domain canonical.
  const admins = new Map(
    ((await knex('admins').select('id', 'email')) as { id: number; email: string }[]).map((a) => [
      emailKeyOf(a.email),
      a.id,
    ]),
  );
  // Cities: 'Name (CC)' is exact; a bare name takes the first (most populous) city of that name.
  return {
    cities: await named('locations'),
    citizenships: await named('citizenships'),
    jobTitles: await named('jobTitles'),
    skills: await named('skills'),
    languages: await named('languages'),
    tags,
    admins,
    countries: await named('countries'),
    industries: await named('industries'),
    cityCountries: new Map(
      ((await knex('cities').select('id', 'code')) as { id: number; code: string }[]).map((c) => [c.id, c.code]),
    ),
  };
}

/** A name the map does not spell, through the name matcher; remembered, as files repeat names. */
function matched(map: Map<string, number>, name: string): { id?: number; nearest?: string[] } {
  const matcher = MATCHERS.get(map);
  if (!matcher) return {};
  const exact = map.get(normalise(name));
  if (exact !== undefined) return { id: exact };
  if (!matcher.seen.has(name)) matcher.seen.set(name, matcher.index.resolve(name));
  const hit = matcher.seen.get(name);
  return hit ? { id: hit.id } : { nearest: matcher.index.nearest(name, 3).map((m) => m.name) };
}

function list(v: unknown): string[] {
  const parts = Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(';') : [];
  const out: string[] = [];
  for (const part of parts) {
    const item = part.trim();
    if (item) out.push(item);
  }
  return out;
}
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const LEVELS: Record<string, number> = { beginner: 1, intermediate: 2, expert: 3 };

export interface MappedRow {
  input: Record<string, unknown>;
  errors: FieldErrors;
  /** Human detail per field, e.g. the unknown name. */
  details: Record<string, string>;
}

const choiceIds = (field: string) =>
  new Map(
    (entity('candidate').fields[field].choices ?? []).flatMap((c) => [
      [c.key.toLowerCase(), c.id],
      [c.label.toLowerCase(), c.id],
    ]),
  );
const CHOICES: Record<string, Map<string, number>> = {
  typeOfEmployment: choiceIds('typeOfEmployment'),
  candidateStatus: choiceIds('candidateStatus'),
};

/** Enum lists take ids or the option's key or label ('2', 'contract', 'Part-time'); the validator judges the result. */
function choiceId(field: string, value: string): string | number {
  return CHOICES[field].get(value.toLowerCase()) ?? value;
}

/** The id of a lookup name, or an error on the field that named it. Module-level: it runs millions of times. */
function lookup(
  out: MappedRow,
  field: string,
  map: Map<string, number>,
  name: string,
  key?: string,
): number | undefined {
  const direct = map.get(key ?? name);
  if (direct !== undefined || key !== undefined) {
    if (direct === undefined) notFound(out, field, name);
    return direct;
  }
  const { id, nearest } = matched(map, name);
  if (id === undefined) notFound(out, field, name, nearest);
  return id;
}

function notFound(out: MappedRow, field: string, name: string, nearest: string[] = []): void {
  out.errors[field] = `${field}.errors.notFound`;
  const hint = nearest.length ? ` (nearest: ${nearest.join(', ')})` : '';
  out.details[field] = out.details[field]
    ? `${out.details[field]}; no match for '${name}'${hint}`
    : `no match for '${name}'${hint}`;
}

function history(out: MappedRow, column: 'experiences' | 'educations', raw: unknown, maps: ImportMaps): void {
  let items: unknown = raw;
  if (typeof raw === 'string') {
    try {
      items = JSON.parse(raw);
    } catch {
      out.errors[column] = `${column}.errors.invalidJson`;
      return;
    }
  }
  if (!Array.isArray(items)) {
    out.errors[column] = `${column}.errors.invalid`;
    return;
  }
  if (column === 'experiences') {
    for (const item of items as Record<string, unknown>[]) {
      if (!item || typeof item !== 'object') continue;
      // Countries and industries are named in files and numbered in the API (the names stay:
      // the validator reads declared fields only, and deleting keys would slow every later read).
      if (!blank(item.country)) item.countryId = lookup(out, column, maps.countries, String(item.country));
      if (!blank(item.industry)) item.industryId = lookup(out, column, maps.industries, String(item.industry));
    }
  }
  out.input[column] = items;
}

/** Row → API input. Blank cells are left out: on create the defaults apply, on update the stored value stays. */
export function mapRow(row: Record<string, unknown>, maps: ImportMaps): MappedRow {
  const out: MappedRow = { input: {}, errors: {}, details: {} };
  const input = out.input;
  for (const column in row) {
    const value = row[column];
    if (column.charCodeAt(0) === 95 || blank(value)) continue; // '_' columns are notes for people
    if (PLAIN.has(column)) input[column] = value;
    // A blank name has no label of its own: the row's (a CSV with one is refused at upload: checkFile.ts).
    else if (!column.trim()) out.errors.row = 'imports.report.unnamedColumn';
    else if (!KNOWN_COLUMNS.has(column)) out.errors[column] = 'import.errors.unknownColumn';
    else mapColumn(out, column, value, maps);
  }
  return out;
}

function mapColumn(out: MappedRow, column: string, value: unknown, maps: ImportMaps): void {
  const input = out.input;
  switch (column) {
    case 'currentLocation':
      input.currentLocationId = lookup(out, column, maps.cities, String(value));
      break;
    case 'citizenship':
      input.citizenshipId = lookup(out, column, maps.citizenships, String(value));
      break;
    case 'owner':
      input.ownerId = lookup(out, column, maps.admins, String(value).trim(), emailKeyOf(String(value)));
      break;
    case 'jobTitles':
      input.jobTitleLookingFor = list(value).map((n) => lookup(out, column, maps.jobTitles, n));
      break;
    case 'tags':
      input.tags = list(value).map((n) => lookup(out, column, maps.tags, n, n.toLowerCase()));
      break;
    case 'typeOfEmployment':
    case 'candidateStatus':
      input[column] = list(value).map((v) => choiceId(column, v));
      break;
    case 'preferredLocations':
      input.preferredLocations = list(value).map((entry) => {
        const [city, visaType, visaCategory] = entry.split(':');
        return {
          locationId: lookup(out, column, maps.cities, city.trim()),
          visaType: visaType?.trim() || null,
          visaCategory: visaCategory?.trim() || null,
        };
      });
      break;
    case 'noticePeriod': {
      const [type, option] =
        typeof value === 'object'
          ? [(value as { type?: unknown }).type, (value as { option?: unknown }).option]
          : String(value).split(':');
      input.noticePeriod = { type, option: option ?? null };
      break;
    }
    case 'skills':
      input.skills = list(value).map((entry) => {
        const star = entry.endsWith('*');
        return { skillId: lookup(out, column, maps.skills, star ? entry.slice(0, -1).trim() : entry), isStar: star };
      });
      break;
    case 'languages':
      input.languages = list(value).map((entry) => {
        const [name, level] = entry.split(':');
        const key = lower(level ?? '');
        return { languageId: lookup(out, column, maps.languages, name.trim()), level: LEVELS[key] ?? key };
      });
      break;
    case 'experiences':
    case 'educations':
      history(out, column, value, maps);
      break;
  }
}
