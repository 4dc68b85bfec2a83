/**
 * Where each kind of name lives: its table and entity (for permissions), the label people see,
 * the other names that also find a row (aliases, codes, 'City (CC)', a company's other names, an
 * admin's email, a tag's identifier) and the picture or icon an option shows. Shared by the SQL
 * matcher (autocompletes, search filters) and the in-memory one (import, CV parsing).
 */

export type LookupKind =
  | 'jobTitles'
  | 'locations'
  | 'skills'
  | 'languages'
  | 'citizenships'
  | 'industries'
  | 'countries'
  | 'companies'
  | 'admins'
  | 'tags';

export interface LookupSource {
  kind: LookupKind;
  entity: string;
  table: string;
  /** SQL over the row alias `t`. */
  label: string;
  /** SQL text[] of the other names that find the row. */
  others: string;
  /** SQL of the option's picture or icon, or null. */
  src: string;
  /** Tie-break among equally good matches (cities: the most populous, seeded first). */
  order: string;
}

const lookup = (kind: LookupKind, entity: string, table: string, others = 't.aliases'): LookupSource => ({
  kind,
  entity,
  table,
  label: 't.name',
  others,
  src: 'null::text',
  order: 't.id',
});

export const LOOKUP_SOURCES: Record<LookupKind, LookupSource> = {
  jobTitles: lookup('jobTitles', 'jobTitle', 'job_titles'),
  locations: {
    ...lookup('locations', 'city', 'cities', "t.aliases || array[t.name || ' (' || t.code || ')']"),
    // The country's code: the portal shows a flag.
    src: 't.code',
  },
  skills: lookup('skills', 'skill', 'skills'),
  languages: lookup('languages', 'language', 'languages', 't.aliases || array[t.code::text]'),
  citizenships: lookup('citizenships', 'citizenship', 'citizenships'),
  industries: lookup('industries', 'industry', 'industries'),
  countries: { ...lookup('countries', 'country', 'countries', 't.aliases || array[t.code::text]'), src: 't.code' },
  companies: {
    kind: 'companies',
    entity: 'company',
    table: 'companies',
    label: 't.company_name',
    others: "coalesce(t.alternate_company_names, '{}')",
    src: 't.company_logo',
    order: 't.id',
  },
  admins: {
    kind: 'admins',
    entity: 'admin',
    table: 'admins',
    label: "trim(t.first_name || ' ' || t.last_name)",
    others: 'array[t.email::text]',
    src: 't.profile_pic',
    order: 't.id',
  },
  tags: {
    kind: 'tags',
    entity: 'tag',
    table: 'tags',
    label: 't.name',
    others: 'array[t.identifier::text]',
    src: 't.icon',
    order: 't.id',
  },
};
