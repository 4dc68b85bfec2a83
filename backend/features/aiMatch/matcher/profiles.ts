/**
 * The profiles the matcher weighs, read for a few hundred candidates in four statements: the
 * candidate's match fields (never name, email, phone, photo, links, date of birth, gender or
 * address; citizenship only when the requirements ask for the right to work in a country, and then
 * only as the countries the person may work in), their work history, and the labels of what they
 * hold from the lookups' cached indexes.
 */
import type { Knex } from 'knex';
import { cachedIndex } from '../../lookups';
import type { MatchProfile, ProfileJob } from './score';
import type { Requirements } from './types';

interface Row {
  id: number;
  skills: { skillId: number; isStar?: boolean }[] | null;
  languages: { languageId: number; level: number }[] | null;
  preferred_locations: { locationId: number; visaType?: number | null }[] | null;
  current_location_id: number | null;
  job_title_looking_for: number[] | null;
  expected_salary: number | null;
  expected_salary_currency: string | null;
  notice_period: { type: number; option: string | null } | null;
  working_remotely: boolean | null;
  career_start: string | null;
  citizen_of?: number | null;
}

/** The columns read: what a match may weigh, and nothing that identifies the person. */
const COLUMNS = [
  'c.id',
  'c.skills',
  'c.languages',
  'c.preferred_locations',
  'c.current_location_id',
  'c.job_title_looking_for',
  'c.expected_salary',
  'c.expected_salary_currency',
  'c.notice_period',
  'c.working_remotely',
];

const day = (v: unknown): string | null =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : null;

export async function loadProfiles(knex: Knex, ids: number[], req: Requirements): Promise<MatchProfile[]> {
  if (!ids.length) return [];
  const rightToWork = Boolean(req.rightToWorkIn?.length);
  const careerStart = knex.raw("to_char(d.career_start, 'YYYY-MM-DD') as career_start");
  const columns = rightToWork
    ? [
        ...COLUMNS,
        careerStart,
        knex.raw(
          '(select n.id from citizenships z join countries n on n.code = z.country_code where z.id = c.citizenship_id) as citizen_of',
        ),
      ]
    : [...COLUMNS, careerStart];
  const [rows, jobs, skills, titles, languages] = await Promise.all([
    knex('candidates as c')
      .leftJoin('candidate_search_documents as d', 'd.id', 'c.id')
      .whereIn('c.id', ids)
      .select(columns) as Promise<Row[]>,
    knex('candidate_experiences')
      .whereIn('candidate_id', ids)
      .select(
        'candidate_id',
        'title',
        'company',
        knex.raw("to_char(start_date, 'YYYY-MM-DD') as start"),
        knex.raw("to_char(end_date, 'YYYY-MM-DD') as end"),
        'current_position',
        'description',
      )
      .orderBy([
        { column: 'candidate_id' },
        { column: 'current_position', order: 'desc' },
        { column: 'start_date', order: 'desc' },
      ]) as Promise<
      {
        candidate_id: number;
        title: string;
        company: string;
        start: string | null;
        end: string | null;
        current_position: boolean | null;
        description: string | null;
      }[]
    >,
    cachedIndex(knex, 'skills'),
    cachedIndex(knex, 'jobTitles'),
    cachedIndex(knex, 'languages'),
  ]);
  const cityIds = [
    ...new Set(
      rows
        .flatMap((r) => [r.current_location_id, ...(r.preferred_locations ?? []).map((l) => l.locationId)])
        .filter((v): v is number => !!v),
    ),
  ];
  const cities = new Map(
    (
      (await knex('cities').whereIn('id', cityIds).select('id', 'name', 'country_id')) as {
        id: number;
        name: string;
        country_id: number | null;
      }[]
    ).map((c) => [c.id, c]),
  );
  const jobsOf = new Map<number, ProfileJob[]>();
  for (const j of jobs) {
    const list = jobsOf.get(j.candidate_id) ?? [];
    const resolved = titles.resolve(j.title);
    list.push({
      title: j.title,
      company: j.company,
      titleId: resolved?.id ?? null,
      titleLabel: resolved?.name ?? null,
      start: day(j.start),
      end: day(j.end),
      current: Boolean(j.current_position),
      description: j.description,
    });
    jobsOf.set(j.candidate_id, list);
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const city = (cid: number | null) => (cid ? cities.get(cid) : undefined);
    const home = city(r.current_location_id);
    const preferred = (r.preferred_locations ?? []).flatMap((l) => {
      const c = city(l.locationId);
      return c ? [{ id: c.id, label: c.name, countryId: c.country_id, visaType: l.visaType ?? null }] : [];
    });
    const profile: MatchProfile = {
      candidateId: r.id,
      skills: (r.skills ?? []).flatMap((s) => {
        const row = skills.byId(s.skillId);
        return row ? [{ id: row.id, label: row.name, star: Boolean(s.isStar), aliases: row.aliases ?? [] }] : [];
      }),
      wantedTitles: (r.job_title_looking_for ?? []).flatMap((t) => {
        const row = titles.byId(t);
        return row ? [{ id: row.id, label: row.name }] : [];
      }),
      jobs: jobsOf.get(r.id) ?? [],
      careerStart: r.career_start,
      languages: (r.languages ?? []).flatMap((l) => {
        const row = languages.byId(l.languageId);
        return row ? [{ id: row.id, label: row.name, level: l.level }] : [];
      }),
      currentLocation: home ? { id: home.id, label: home.name, countryId: home.country_id } : null,
      preferred,
      remote: r.working_remotely,
      salary:
        r.expected_salary !== null && r.expected_salary !== undefined
          ? { amount: r.expected_salary, currency: r.expected_salary_currency ?? 'SGD' }
          : null,
      notice: r.notice_period,
    };
    if (rightToWork) {
      // The countries the person may work in: of citizenship, and of preferred places held as a permanent resident or with a work pass.
      const may = new Set<number>(
        preferred
          .filter((l) => l.countryId !== null && l.visaType !== null && l.visaType <= 3)
          .map((l) => l.countryId!),
      );
      if (r.citizen_of) may.add(r.citizen_of);
      profile.mayWorkIn = [...may];
    }
    return [profile];
  });
}
