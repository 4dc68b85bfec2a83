/** A candidate's profile in words, with lookup names resolved: the content of the profile PDF. */
import type { Knex } from 'knex';
import { entity } from '../../../../schema';
import { loadChildren } from '../../../crud/children';
import type { ProfileSection } from './pdf';

const candidate = entity('candidate');

const names = async (knex: Knex, table: string, ids: number[]) =>
  new Map(((await knex(table).whereIn('id', ids).select('id', 'name')) as { id: number; name: string }[]).map((r) => [r.id, r.name]));

const choice = (field: string, id: unknown) => candidate.fields[field].choices?.find((c) => c.id === id)?.label;
const money = (amount: unknown, currency: unknown) =>
  typeof amount === 'number' ? `${currency ?? 'SGD'} ${amount.toLocaleString('en-SG')} per month` : 'not given';

function noticeText(value: unknown): string {
  const np = value as { type?: number; option?: unknown } | null;
  if (!np) return 'not given';
  if (np.type === 0) return 'Immediate';
  if (np.type === 1) return `${np.option} month(s)`;
  if (np.type === 2) return `From ${np.option}`;
  return 'Unsure';
}

export async function profileDocument(knex: Knex, id: number): Promise<{ title: string; subtitle: string; sections: ProfileSection[] } | undefined> {
  const row = await knex('candidates').where('id', id).first();
  if (!row) return undefined;
  const skills = (row.skills ?? []) as { skillId: number; isStar: boolean }[];
  const languages = (row.languages ?? []) as { languageId: number; level: number }[];
  const preferred = (row.preferred_locations ?? []) as { locationId: number; visaCategory?: string | null }[];
  const children = (await loadChildren(knex, candidate, [id])).get(id) ?? {};
  const experiences = (children.experiences ?? []) as Record<string, unknown>[];
  const educations = (children.educations ?? []) as Record<string, unknown>[];
  const [skillNames, languageNames, cityNames, titleNames, industryNames, countryNames] = await Promise.all([
    names(
      knex,
      'skills',
      skills.map((s) => s.skillId),
    ),
    names(
      knex,
      'languages',
      languages.map((l) => l.languageId),
    ),
    names(knex, 'cities', [...preferred.map((p) => p.locationId), row.current_location_id].filter(Boolean)),
    names(knex, 'job_titles', row.job_title_looking_for ?? []),
    names(knex, 'industries', experiences.map((e) => e.industryId as number).filter(Boolean)),
    names(knex, 'countries', experiences.map((e) => e.countryId as number).filter(Boolean)),
  ]);
  const level = (n: number) => ['', 'Beginner', 'Intermediate', 'Expert'][n] ?? '';
  return {
    title: `${row.first_name} ${row.last_name}`,
    subtitle: [row.email, row.phone, cityNames.get(row.current_location_id)].filter(Boolean).join('  |  '),
    sections: [
      { heading: 'Summary', lines: row.summary ? [row.summary] : [] },
      {
        heading: 'Looking for',
        lines: [
          `Job titles: ${[...titleNames.values()].join(', ') || 'not given'}`,
          `Employment: ${((row.type_of_employment ?? []) as number[]).map((t) => choice('typeOfEmployment', t)).join(', ') || 'not given'}`,
          `Expected salary: ${money(row.expected_salary, row.expected_salary_currency)}`,
          `Notice period: ${noticeText(row.notice_period)}`,
          `Remote: ${row.working_remotely === null ? 'not given' : row.working_remotely ? 'Yes' : 'No'}`,
          `Preferred locations: ${
            preferred
              .map((p) => cityNames.get(p.locationId))
              .filter(Boolean)
              .join(', ') || 'not given'
          }`,
        ],
      },
      { heading: 'Skills', lines: skills.length ? [skills.map((s) => `${skillNames.get(s.skillId)}${s.isStar ? ' (highlighted)' : ''}`).join(', ')] : [] },
      { heading: 'Languages', lines: languages.map((l) => `${languageNames.get(l.languageId)}: ${level(l.level)}`) },
      {
        heading: 'Experience',
        lines: experiences.flatMap((e) => [
          `${e.title} at ${e.company} (${e.startDate ?? '?'} to ${e.currentPosition ? 'present' : (e.endDate ?? '?')})${e.industryId ? `, ${industryNames.get(e.industryId as number)}` : ''}${e.countryId ? `, ${countryNames.get(e.countryId as number)}` : ''}`,
          ...(e.description ? [`    ${e.description}`] : []),
        ]),
      },
      {
        heading: 'Education',
        lines: educations.map(
          (e) =>
            [e.degree, e.fieldOfStudy, e.institute].filter(Boolean).join(', ') +
            (e.startYear || e.endYear ? ` (${e.startYear ?? '?'} to ${e.endYear ?? '?'})` : ''),
        ),
      },
    ],
  };
}
