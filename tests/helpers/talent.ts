/** Lookup ids of the test database and a complete, valid candidate payload built from them. */
import type { Knex } from 'knex';
import { testApp, type TestApp } from './app';

export interface TalentIds {
  singapore: number;
  hongKong: number;
  kualaLumpur: number;
  sgCitizenship: number;
  softwareEngineer: number;
  dataScientist: number;
  skills: number[];
  english: number;
  mandarin: number;
  sgCountry: number;
  industry: number;
  tag: number;
  adminId: number;
}

export async function talentIds(knex: Knex): Promise<TalentIds> {
  const id = async (table: string, column: string, value: string) => {
    const row = await knex(table).where(column, value).orderBy('id').first('id');
    if (!row) throw new Error(`no ${table}.${column} = ${value}`);
    return row.id as number;
  };
  return {
    singapore: await id('cities', 'name', 'Singapore'),
    hongKong: await id('cities', 'name', 'Hong Kong'),
    kualaLumpur: await id('cities', 'name', 'Kuala Lumpur'),
    sgCitizenship: await id('citizenships', 'country_code', 'SG'),
    softwareEngineer: await id('job_titles', 'name', 'Software Engineer'),
    dataScientist: await id('job_titles', 'name', 'Data Scientist'),
    skills: (await knex('skills')
      .whereIn('name', ['TypeScript', 'React', 'Node.js', 'PostgreSQL', 'Python', 'Go', 'Kubernetes'])
      .orderBy('name')
      .pluck('id')) as number[],
    english: await id('languages', 'code', 'en'),
    mandarin: await id('languages', 'code', 'zh'),
    sgCountry: await id('countries', 'code', 'SG'),
    industry: (await knex('industries').orderBy('id').first('id')).id,
    tag: await id('tags', 'identifier', 'toptalent'),
    adminId: await id('admins', 'email', 'admin@example.com'),
  };
}

let counter = 0;

/** A candidate an admin may create as is; `overrides` replace top-level fields. */
export function candidatePayload(ids: TalentIds, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    firstName: 'Jane',
    lastName: 'Tan',
    email: `jane.tan.${Date.now()}.${counter}@example.org`,
    phone: '+659 123 4567',
    phoneWhatsapp: true,
    linkedInUrl: 'linkedin.com/in/janetan',
    summary: 'Backend engineer who likes clear APIs.',
    currentLocationId: ids.singapore,
    citizenshipId: ids.sgCitizenship,
    preferredLocations: [
      { locationId: ids.singapore, visaType: 1 },
      { locationId: ids.hongKong, visaType: 4, visaCategory: 'Employment visa' },
    ],
    jobTitleLookingFor: [ids.softwareEngineer],
    typeOfEmployment: [1, 2],
    candidateStatus: [1],
    expectedSalary: 9000,
    noticePeriod: { type: 1, option: 2 },
    workingRemotely: true,
    skills: [
      { skillId: ids.skills[0], isStar: true },
      { skillId: ids.skills[1], isStar: false },
    ],
    languages: [{ languageId: ids.english, level: 3 }],
    source: 1,
    experiences: [
      {
        title: 'Software Engineer',
        company: 'Acme',
        countryId: ids.sgCountry,
        startDate: '2015-01-01',
        endDate: '2018-06-30',
        industryId: ids.industry,
      },
      { title: 'Senior Software Engineer', company: 'Globex', startDate: '2018-07-01', currentPosition: true },
    ],
    educations: [
      {
        degree: 'Bachelor of Computing',
        institute: 'National University of Singapore',
        fieldOfStudy: 'Computer Science',
        startYear: 2010,
        endYear: 2014,
      },
      { degree: 'Diploma', institute: 'Ngee Ann Polytechnic', startYear: 2007, endYear: 2010 },
    ],
    ...overrides,
  };
}

/** A talent test's world: the app, lookup ids, the demo candidate's id and tokens of the people who act on talent. */
export interface TalentWorld {
  t: TestApp;
  ids: TalentIds;
  admin: string;
  company: string;
  raas: string;
  candidate: string;
  demoId: string;
}

export async function talentWorld(): Promise<TalentWorld> {
  const t = await testApp();
  const ids = await talentIds(t.knex);
  const [admin, company, raas, candidate] = await Promise.all(
    ['admin@example.com', 'owner@acme.example.com', 'owner@raas.example.com', 'candidate@example.com'].map((e) =>
      t.login(e),
    ),
  );
  const demoId = `Candidate:${(await t.knex('candidates').where('email', 'candidate@example.com').first('id')).id}`;
  return { t, ids, admin, company, raas, candidate, demoId };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Puts a candidate on the shortlist of a project of the RaaS company of owner@raas.example.com, as
 * an advocate's move there would: a RaaS company has no search and reaches only the candidates its
 * projects' boards show, from the shortlist on (RAAS_STAGES).
 */
export async function inRaasPipeline(t: TestApp, candidateRef: string): Promise<void> {
  const user = await t.knex('company_users').where('email', 'owner@raas.example.com').first('id', 'company_id');
  let project = await t
    .knex('projects')
    .where({ company_id: user.company_id, owner_id: user.id })
    .orderBy('id')
    .first('id');
  if (!project) {
    const jobTitle = await t.knex('job_titles').orderBy('id').first('id');
    const country = await t.knex('countries').orderBy('id').first('id');
    [project] = await t
      .knex('projects')
      .insert({
        title: 'Northwind hires',
        company_id: user.company_id,
        owner_id: user.id,
        project_type: 2,
        plan: 2,
        job_title_id: jobTitle.id,
        countries: [country.id],
        headcount: 1,
      })
      .returning('id');
  }
  const candidateId = Number(candidateRef.replace(/^Candidate:/, ''));
  await t
    .knex('project_candidates')
    .insert({ project_id: project.id, candidate_id: candidateId, company_id: user.company_id, stage: 2 })
    .onConflict(['project_id', 'candidate_id'])
    .ignore();
}
