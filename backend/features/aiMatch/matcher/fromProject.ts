/**
 * A run from a project starts from what the project states as fields (its job title, countries,
 * monthly salary range, required languages and working mode; the title's seniority when the
 * description names none), then adds what its description says:
 * fields win where both say something, since the company chose them from the product's own lists.
 */
import type { Knex } from 'knex';
import { WORKING_MODE } from '../../../../schema/rules/pipeline';
import { cachedIndex } from '../../lookups';
import { seniorityIn } from './readRequirements';
import type { Requirements } from './types';

export interface ProjectFacts {
  job_title_id: number | null;
  countries: number[] | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  require_languages: number[] | null;
  working_mode: number | null;
}

export const PROJECT_FACT_COLUMNS = [
  'job_title_id',
  'countries',
  'salary_min',
  'salary_max',
  'salary_currency',
  'require_languages',
  'working_mode',
] as const;

export async function withProjectFacts(knex: Knex, read: Requirements, p: ProjectFacts): Promise<Requirements> {
  const [titles, languages, countries] = await Promise.all(
    (['jobTitles', 'languages', 'countries'] as const).map((k) => cachedIndex(knex, k)),
  );
  const title = p.job_title_id ? titles.byId(p.job_title_id) : undefined;
  const jobTitles = title
    ? [{ id: title.id, label: title.name }, ...read.jobTitles.filter((t) => t.id !== title.id)].slice(0, 3)
    : read.jobTitles;
  const asked = (p.require_languages ?? []).flatMap((id) => {
    const row = languages.byId(id);
    return row ? [{ id: row.id, label: row.name }] : [];
  });
  const askedIds = new Set(asked.map((l) => l.id));
  const projectCountries = (p.countries ?? []).flatMap((id) => {
    const row = countries.byId(id);
    return row ? [{ id: row.id, label: row.name }] : [];
  });
  const salary =
    p.salary_max && p.salary_currency
      ? { ...(p.salary_min ? { min: p.salary_min } : {}), max: p.salary_max, currency: p.salary_currency }
      : read.salary;
  const remote =
    p.working_mode === WORKING_MODE.remote ? true : p.working_mode === WORKING_MODE.onsite ? false : read.remote;
  // The level the description names, else the one the project's job title names ('Senior Data Analyst').
  const seniority = read.seniority ?? (title ? seniorityIn(title.name, []) : undefined);
  return {
    ...read,
    ...(seniority ? { seniority } : {}),
    jobTitles,
    // The project's languages are required, at the level the description asks when it names them.
    languages: [
      ...asked.map((l) => {
        const said = read.languages.find((r) => r.id === l.id);
        return said?.level ? { ...l, level: said.level } : l;
      }),
      ...read.languages.filter((l) => !askedIds.has(l.id)),
    ],
    ...(projectCountries.length ? { countries: projectCountries } : {}),
    ...(salary ? { salary } : {}),
    ...(remote !== undefined ? { remote } : {}),
  };
}
