/**
 * The names people type: one name matcher (case and accents aside, aliases, then a close match
 * without rival) behind the autocompletes, the search filters, the bulk import and the CV parser,
 * held to one table of cases in memory and in SQL; the autocompletes of spec section 7; and a
 * file of ordinary candidates that imports without a single unknown name.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { abilityFor } from '../../schema/ability';
import {
  cvNameMaps,
  loadIndex,
  resolveNames,
  similarity,
  suggest,
  suggestInSql,
  type LookupKind,
} from '../../backend/features/lookups';
import { importCandidates } from '../../backend/features/talent';
import { testApp, type TestApp } from '../helpers/app';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';

let t: TestApp;
let company: string;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  [company, admin] = await Promise.all([t.login('owner@acme.example.com'), t.login('admin@example.com')]);
});

/** [what was typed, where, the row it means (undefined: none)]. */
const CASES: [string, LookupKind, string | undefined][] = [
  ['Amazon Web Services', 'skills', 'Amazon Web Services'],
  ['amazon web services', 'skills', 'Amazon Web Services'],
  ['AWS', 'skills', 'Amazon Web Services'],
  ['aws', 'skills', 'Amazon Web Services'],
  ['Excel', 'skills', 'Microsoft Excel'],
  ['k8s', 'skills', 'Kubernetes'],
  ['JS', 'skills', 'JavaScript'],
  ['Salesforce', 'skills', 'Salesforce'],
  ['SFDC', 'skills', 'Salesforce'],
  ['  typescript  ', 'skills', 'TypeScript'],
  ['Kubernets', 'skills', 'Kubernetes'],
  ['Pythn Programming Languag', 'skills', undefined],
  ['Java', 'skills', 'Java'],
  ['Go', 'skills', 'Go'],
  ['Gox', 'skills', undefined],
  ['Mandarin', 'languages', 'Mandarin'],
  ['Putonghua', 'languages', 'Mandarin'],
  ['Cantonese', 'languages', 'Cantonese'],
  ['Hokkien', 'languages', 'Hokkien'],
  ['Bahasa Indonesia', 'languages', 'Indonesian'],
  ['Bahasa Melayu', 'languages', 'Malay'],
  ['Tagalog', 'languages', 'Tagalog'],
  ['Filipino', 'languages', 'Tagalog'],
  ['en', 'languages', 'English'],
  ['Software', 'industries', 'Software Development'],
  ['Logistics', 'industries', 'Transportation, Logistics, Supply Chain and Storage'],
  ['Healthcare', 'industries', 'Hospitals and Health Care'],
  ['SWE', 'jobTitles', 'Software Engineer'],
  ['software engineer', 'jobTitles', 'Software Engineer'],
  ['KL', 'locations', 'Kuala Lumpur'],
  ['Kuala Lumpr', 'locations', 'Kuala Lumpur'],
  ['Singapore (SG)', 'locations', 'Singapore'],
  ['Saigon', 'locations', 'Ho Chi Minh City'],
  ['Malaysia', 'citizenships', 'Malaysian'],
  ['USA', 'countries', 'United States'],
  ['toptalent', 'tags', 'Top talent'],
];

describe('The name matcher', () => {
  it.each(CASES)('"%s" among %s means %s, in memory and in SQL alike', async (typed, kind, expected) => {
    const index = await loadIndex(t.knex, kind);
    expect(index.resolve(typed)?.name).toBe(expected);
    const sql = await resolveNames(t.knex, abilityFor({ role: 'admin', id: 1, adminType: 'general' }), kind, [typed]);
    expect(sql.get(typed)?.match?.name).toBe(expected);
  });

  it('Folds letters without an accent (ø, ł, ß) as unaccent does: a name typed as stored is the name itself, not a near miss', async () => {
    for (const typed of ['København', 'kobenhavn']) {
      expect((await loadIndex(t.knex, 'locations')).resolve(typed)).toMatchObject({ name: 'København', by: 'name' });
      const sql = await resolveNames(t.knex, abilityFor({ role: 'admin', id: 1, adminType: 'general' }), 'locations', [
        typed,
      ]);
      expect(sql.get(typed)?.match).toMatchObject({ name: 'København', by: 'name' });
    }
  });

  it("computes pg_trgm's similarity exactly", async () => {
    for (const [a, b] of [
      ['Kubernets', 'Kubernetes'],
      ['kuala lumpr', 'kuala lumpur'],
      ['Salesforce Developer', 'salesforce'],
      ['C++', 'c'],
    ]) {
      const { rows } = await t.knex.raw('select similarity(?, ?) as s', [a, b]);
      expect(similarity(a, b)).toBeCloseTo(rows[0].s, 5);
    }
  });

  it('names the nearest rows of an unknown name', async () => {
    const index = await loadIndex(t.knex, 'skills');
    expect(index.nearest('Salesforce Develpment', 3)[0].name).toBe('Salesforce Development');
  });

  it('gives the CV parser names and aliases as one map', async () => {
    const maps = await cvNameMaps(t.knex);
    expect(maps.skills.get('aws')?.name).toBe('Amazon Web Services');
    expect(maps.skills.get('typescript')?.name).toBe('TypeScript');
    expect(maps.cities.get('kl')?.name).toBe('Kuala Lumpur');
    expect(maps.indexes.jobTitles.resolve('Sofware Engineer')?.name).toBe('Software Engineer');
  });
});

describe('Lookup autocompletes', () => {
  const get = (path: string, token = company) => t.http.get(`/api/v1${path}`).set('Authorization', `Bearer ${token}`);

  it('Answer {id, label, src} options, exact and prefix matches first, then close ones', async () => {
    const res = await get('/skills/search?q=aws');
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual({ id: expect.any(Number), label: 'Amazon Web Services', src: null });
    expect(res.body.slice(1).every((o: { label: string }) => /^AWS/.test(o.label))).toBe(true);
    expect((await get('/job-titles/search?q=swe')).body[0].label).toBe('Software Engineer');
    expect((await get('/locations/search?q=kual')).body[0]).toMatchObject({ label: 'Kuala Lumpur', src: 'MY' });
    expect((await get('/locations/search?q=kuala lumpr')).body[0]).toMatchObject({ label: 'Kuala Lumpur' });
    expect((await get('/languages/search?q=mand')).body[0].label).toBe('Mandarin');
    expect((await get('/industries/search?q=health')).body.map((o: { label: string }) => o.label)).toContain(
      'Hospitals and Health Care',
    );
    expect((await get('/citizenships/search?q=singapore')).body[0].label).toBe('Singaporean');
  });

  it('Rank alike from the cached index (lookups everyone may read) and in SQL (rows read through permissions)', async () => {
    const ability = abilityFor({ role: 'company', id: 1, companyId: 1, subRole: 'admin' });
    const typed: [LookupKind, string][] = [
      ['skills', 'aws'],
      ['skills', 'sa'],
      ['skills', 'jav'],
      ['skills', 'kubernets'],
      ['skills', 'micro'],
      ['jobTitles', 'swe'],
      ['jobTitles', 'engineer'],
      ['jobTitles', 'sofware enginer'],
      ['locations', 'kual'],
      ['locations', 'kuala lumpr'],
      ['locations', 'san'],
      ['locations', 'são'],
      ['languages', 'mand'],
      ['languages', 'en'],
      ['industries', 'health'],
      ['industries', 'soft'],
      ['citizenships', 'singapore'],
    ];
    for (const [kind, q] of typed) {
      const inSql = await suggestInSql(t.knex, ability, kind, q);
      expect(inSql.length, `${kind} ${q}`).toBeGreaterThan(0);
      expect(await suggest(t.knex, ability, kind, q), `${kind} ${q}`).toEqual(inSql);
    }
  });

  it('Need at least 1 character and give at most 20 options', async () => {
    const blank = await get('/skills/search?q=%20');
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ q: 'q.errors.required' });
    expect((await get('/skills/search')).body.error.fields).toEqual({ q: 'q.errors.required' });
    expect((await get('/skills/search?q=sa')).body.length).toBe(20);
    expect((await get('/skills/search?q=sa&limit=5')).body.length).toBe(5);
  });

  it('Read through the caller permissions: companies, admins and tags', async () => {
    expect((await get('/admins/search?q=adm')).status).toBe(403);
    const admins = await get('/admins/search?q=advocate', admin);
    expect(admins.body[0]).toMatchObject({ id: expect.stringMatching(/^Admin:\d+$/) });
    const companies = await get('/companies/search?q=ac');
    expect(companies.body.map((o: { label: string }) => o.label)).toEqual(['Acme']);
    expect((await get('/companies/search?q=glob')).body).toEqual([]);
    expect((await get('/companies/search?q=glob', admin)).body[0]).toMatchObject({
      label: 'Globex Analytics',
      id: expect.stringMatching(/^Company:/),
    });
    await t.knex('tags').where('identifier', 'verified').update({ status: 0 });
    expect((await get('/tags/search?q=verif')).body).toEqual([]);
    expect((await get('/tags/search?q=verif', admin)).body[0]).toMatchObject({
      label: 'Verified',
      id: expect.stringMatching(/^Tags:/),
      src: 'verified',
    });
    await t.knex('tags').where('identifier', 'verified').update({ status: 1 });
    expect((await t.http.get('/api/v1/admins/search?q=ad')).status).toBe(401);
    expect((await t.http.get('/api/v1/skills/search?q=ty')).status).toBe(200);
  });
});

describe('Importing ordinary candidates', () => {
  it('A file naming skills, languages and industries as people write them imports without an unknown name', async () => {
    const dir = tempDirUntilFileEnd('ordinary');
    const file = path.join(dir, 'ordinary.csv');
    const header =
      'email,firstName,lastName,currentLocation,preferredLocations,jobTitles,typeOfEmployment,expectedSalary,noticePeriod,skills,languages,experiences';
    const exp = (industry: string) =>
      `"${JSON.stringify([{ title: 'Analyst', company: 'Acme', startDate: '2019-01-01', currentPosition: true, industry }]).replace(/"/g, '""')}"`;
    // Four different people: alike names at one employer would be reported as likely duplicates.
    const FIRST = ['Sam', 'Priya', 'Wei Ming', 'Aisyah'];
    const LAST = ['Lee', 'Nair', 'Tan', 'Rahman'];
    const rows = [
      ['AWS; Salesforce*', 'Mandarin:expert; English:expert', 'Software'],
      ['Excel; PowerPoint; SFDC', 'Cantonese:intermediate', 'Logistics'],
      ['k8s; JS; Node', 'Bahasa Indonesia:expert', 'Healthcare'],
      ['Power BI; MS Word', 'Hokkien:beginner; Tagalog:expert', 'Finance'],
    ].map(
      ([skills, languages, industry], i) =>
        `ordinary${i}@import.example.com,${FIRST[i]},${LAST[i]},KL,Singapore (SG),SWE,1,7000,1:1,${skills},${languages},${exp(industry)}`,
    );
    await writeFile(file, [header, ...rows].join('\n'));
    const result = await importCandidates({ file, knex: t.knex, connectionString: t.url });
    expect(await readFile(result.reportPath, 'utf8')).toBe('row,email,reasons\n');
    expect(result).toMatchObject({ created: 4, rejected: 0 });
    const first = await t
      .knex('candidates')
      .where('email', 'ordinary0@import.example.com')
      .first('id', 'skill_ids', 'language_ids', 'current_location_id');
    const names = (table: string, ids: number[]) => t.knex(table).whereIn('id', ids).orderBy('name').pluck('name');
    expect(await names('skills', first.skill_ids)).toEqual(['Amazon Web Services', 'Salesforce']);
    expect(await names('languages', first.language_ids)).toEqual(['English', 'Mandarin']);
    // Imported with the database's ordinary triggers off, and still found by search.
    const found = await t.http
      .get('/api/v1/search?s=AWS&lang=Mandarin&i=Software')
      .set('Authorization', `Bearer ${company}`);
    expect(found.body.docs.map((d: { id: string }) => d.id)).toEqual([`Candidate:${first.id}`]);
  });
});
