/**
 * A small talent pool with known answers for search tests: the demo candidate (Chloe Wong) and
 * nine more, written through the admin API, every other candidate removed. Companies find the six
 * active ones; admins the semi-active one too; the inactive and pending ones nobody finds.
 */
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { refreshSearchTerms } from '../../backend/jobs/tasks/refresh_search_terms';
import { testApp, type TestApp } from './app';
import { candidatePayload, talentIds } from './talent';

export interface SearchWorld {
  t: TestApp;
  tokens: { admin: string; advocate: string; company: string; member: string; raas: string; candidate: string };
  /** Candidate ids by first name. */
  ids: Record<string, number>;
  /** Lookup ids by name. */
  lookup: (table: string, name: string) => Promise<number>;
  search: (query: string, who?: keyof SearchWorld['tokens']) => Promise<SearchAnswer>;
  /** First names of the docs of an answer, sorted. */
  names: (answer: SearchAnswer) => string[];
}

export interface SearchAnswer {
  status: number;
  body: {
    docs: Record<string, unknown>[];
    totalResults: number;
    totalIsEstimate: boolean;
    facets: Record<
      string,
      { options: { id: number | string; label: string; count: number; selected: boolean }[]; estimated: boolean }
    >;
    error?: { code: string; fields?: Record<string, string> };
  };
}

const year = new Date().getUTCFullYear();

async function idOf(knex: Knex, table: string, column: string, value: string): Promise<number> {
  const row = await knex(table).where(column, value).orderBy('id').first('id');
  if (!row) throw new Error(`no ${table}.${column} = ${value}`);
  return row.id as number;
}

export async function searchWorld(): Promise<SearchWorld> {
  const t = await testApp();
  const { knex } = t;
  const base = await talentIds(knex);
  const lookup = (table: string, name: string) =>
    idOf(knex, table, table === 'languages' ? 'code' : table === 'tags' ? 'identifier' : 'name', name);
  const [admin, advocate, company, member, raas, candidate] = await Promise.all(
    [
      'admin@example.com',
      'advocate@example.com',
      'owner@acme.example.com',
      'member@acme.example.com',
      'owner@raas.example.com',
      'candidate@example.com',
    ].map((e) => t.login(e)),
  );
  const demo = await knex('candidates').where('email', 'candidate@example.com').first('id');
  await knex('candidates').whereNot('id', demo.id).delete();

  const city = (name: string) => lookup('cities', name);
  const skill = (name: string) => lookup('skills', name);
  const title = (name: string) => lookup('job_titles', name);
  const industry = (name: string) => lookup('industries', name);
  const language = (code: string) => lookup('languages', code);
  const [sg, kl, hk] = await Promise.all([city('Singapore'), city('Kuala Lumpur'), city('Hong Kong')]);
  const at = (place: number, ...more: number[]) => [place, ...more].map((locationId) => ({ locationId, visaType: 1 }));
  const job = (jobTitle: string, company: string, years: number, industryId: number | null = null) => ({
    title: jobTitle,
    company,
    startDate: `${year - years}-01-01`,
    currentPosition: true,
    industryId,
  });
  const adminId = await idOf(knex, 'admins', 'email', 'admin@example.com');
  const notice = (months: number) => ({ type: 1, option: String(months) });
  const soon = new Date(Date.now() + 150 * 86400_000).toISOString().slice(0, 10);
  const people: [string, string, Record<string, unknown>][] = [
    [
      'Ava',
      'Tan',
      {
        status: 1,
        currentLocationId: sg,
        preferredLocations: at(sg),
        jobTitleLookingFor: [await title('Data Scientist')],
        skills: [
          { skillId: await skill('Python'), isStar: true },
          { skillId: await skill('Machine Learning') },
          { skillId: await skill('PostgreSQL') },
        ],
        languages: [
          { languageId: await language('en'), level: 3 },
          { languageId: await language('cmn'), level: 3 },
        ],
        expectedSalary: 9000,
        expectedSalaryCurrency: 'SGD',
        noticePeriod: { type: 0, option: '0' },
        workingRemotely: false,
        typeOfEmployment: [1],
        candidateStatus: [0],
        tags: [await lookup('tags', 'toptalent')],
        summary: 'Data scientist who turns messy marketplace data into pricing models.',
        experiences: [job('Data Scientist', 'Grab', 6, await industry('Software Development'))],
      },
    ],
    [
      'Ben',
      'Lim',
      {
        status: 1,
        currentLocationId: kl,
        preferredLocations: at(kl, sg),
        jobTitleLookingFor: [await title('Software Engineer')],
        skills: [
          { skillId: await skill('Java') },
          { skillId: await skill('Kubernetes') },
          { skillId: await skill('Amazon Web Services') },
        ],
        languages: [
          { languageId: await language('en'), level: 3 },
          { languageId: await language('ms'), level: 3 },
        ],
        expectedSalary: 20000,
        expectedSalaryCurrency: 'MYR',
        noticePeriod: notice(1),
        workingRemotely: true,
        typeOfEmployment: [2],
        candidateStatus: [1],
        summary: 'Backend engineer for payments at scale.',
        ownerId: adminId,
        experiences: [job('Backend Engineer', 'Maybank', 12, await industry('Banking'))],
      },
    ],
    [
      'Cara',
      'Reyes',
      {
        status: 3,
        currentLocationId: hk,
        preferredLocations: at(hk),
        jobTitleLookingFor: [await title('Product Manager')],
        skills: [{ skillId: await skill('Jira') }],
        languages: [{ languageId: await language('en'), level: 3 }],
        expectedSalary: 60000,
        expectedSalaryCurrency: 'HKD',
        noticePeriod: notice(3),
        workingRemotely: false,
        typeOfEmployment: [1],
        summary: 'Product manager for same-day delivery.',
        experiences: [
          job('Product Manager', 'Lalamove', 4, await industry('Transportation, Logistics, Supply Chain and Storage')),
        ],
      },
    ],
    [
      'Dev',
      'Patel',
      {
        status: 1,
        visibility: false,
        currentLocationId: sg,
        preferredLocations: at(sg),
        jobTitleLookingFor: [await title('Software Engineer')],
        skills: [{ skillId: await skill('TypeScript') }, { skillId: await skill('React') }],
        languages: [{ languageId: await language('en'), level: 3 }],
        expectedSalary: 8000,
        expectedSalaryCurrency: 'USD',
        noticePeriod: { type: 2, option: soon },
        workingRemotely: false,
        typeOfEmployment: [1, 3],
        linkedInUrl: 'linkedin.com/in/devpatel',
        summary: 'Frontend engineer who cares about accessibility.',
        experiences: [job('Frontend Engineer', 'Carousell', 2)],
      },
    ],
    [
      'Eve',
      'Ng',
      {
        status: 1,
        anonymous: true,
        currentLocationId: sg,
        preferredLocations: at(sg),
        jobTitleLookingFor: [await title('Data Analyst')],
        skills: [{ skillId: await skill('Microsoft Excel') }, { skillId: await skill('SQL') }],
        languages: [
          { languageId: await language('en'), level: 3 },
          { languageId: await language('yue'), level: 2 },
        ],
        expectedSalary: 5000,
        expectedSalaryCurrency: 'SGD',
        noticePeriod: { type: 3, option: null },
        workingRemotely: null,
        typeOfEmployment: [1],
        summary: 'Analyst, new to the industry.',
        experiences: [],
      },
    ],
    [
      'Finn',
      'Ho',
      {
        status: 2,
        currentLocationId: sg,
        preferredLocations: at(sg),
        jobTitleLookingFor: [await title('Software Engineer')],
        skills: [{ skillId: await skill('TypeScript') }],
        expectedSalary: 7000,
        noticePeriod: notice(1),
        typeOfEmployment: [1],
        experiences: [],
      },
    ],
    [
      'Gia',
      'Lee',
      {
        status: 0,
        currentLocationId: sg,
        preferredLocations: at(sg),
        jobTitleLookingFor: [await title('Software Engineer')],
        skills: [{ skillId: await skill('TypeScript') }],
        expectedSalary: 7000,
        noticePeriod: notice(1),
        typeOfEmployment: [1],
        experiences: [],
      },
    ],
    [
      'Hugo',
      'Chan',
      {
        status: 4,
        currentLocationId: sg,
        preferredLocations: at(sg),
        jobTitleLookingFor: [await title('Software Engineer')],
        skills: [{ skillId: await skill('TypeScript') }],
        expectedSalary: 7000,
        noticePeriod: notice(1),
        typeOfEmployment: [1],
        experiences: [],
      },
    ],
    [
      'Ivy',
      'Koh',
      {
        status: 1,
        currentLocationId: sg,
        preferredLocations: at(hk),
        jobTitleLookingFor: [await title('Data Analyst')],
        skills: [{ skillId: await skill('Microsoft Excel') }],
        languages: [{ languageId: await language('en'), level: 2 }],
        expectedSalary: 126_642_900,
        expectedSalaryCurrency: 'VND',
        noticePeriod: notice(1),
        workingRemotely: false,
        typeOfEmployment: [4],
        tags: [await lookup('tags', 'verified')],
        summary: 'Graduate analyst.',
        experiences: [job('Data Analyst Intern', 'Shopee', 1)],
      },
    ],
  ];
  const ids: Record<string, number> = { Chloe: demo.id };
  for (const [firstName, lastName, attrs] of people) {
    const payload = candidatePayload(base, {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@talent.example.org`,
      educations: [],
      ...attrs,
    });
    if (!('tags' in attrs)) payload.tags = [];
    const res = await t.http.post('/api/v1/candidates').set('Authorization', `Bearer ${admin}`).send(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids[firstName] = Number(String(res.body.id).replace('Candidate:', ''));
  }
  await knex.raw('analyze candidate_search_documents');
  // The vocabulary typo tolerance reads (normally rebuilt nightly).
  const client = await (knex.client as { acquireConnection(): Promise<import('pg').PoolClient> }).acquireConnection();
  try {
    await refreshSearchTerms(client);
  } finally {
    await (knex.client as { releaseConnection(c: unknown): Promise<void> }).releaseConnection(client);
  }
  const tokens = { admin, advocate, company, member, raas, candidate };
  const search = async (query: string, who: keyof SearchWorld['tokens'] = 'company'): Promise<SearchAnswer> => {
    const res = await t.http
      .get(`/api/v1/search${query ? `?${query}` : ''}`)
      .set('Authorization', `Bearer ${tokens[who]}`);
    return { status: res.status, body: res.body };
  };
  const names = (answer: SearchAnswer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.docs
      .map((d) => Object.entries(ids).find(([, id]) => `Candidate:${id}` === d.id)?.[0] ?? String(d.id))
      .sort();
  };
  return { t, tokens, ids, lookup, search, names };
}
