/**
 * Match keys of spellings the audit found: old LinkedIn links (/pub/ with a name shared by two
 * people, /profile/view?id=..., /pub/dir/ search pages) pair only the same profile; one phone with
 * and without its '+' pairs; names and employers with and without accents pair; the same name at
 * the same employer under another title is proposed, below a shared title. Profiles are written
 * through the console's route, then the pool's scan stores the pairs.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import { runJobs } from '../helpers/jobs';
import { bearer, candidatePayload, talentIds, type TalentIds } from '../helpers/talent';

vi.setConfig({ testTimeout: 120_000 });

let t: TestApp;
let admin: string;
let ids: TalentIds;
const made = new Map<string, number>();
let serial = 0;

const num = (id: unknown) => Number(String(id).split(':').pop());

/** A profile of its own (own employer, phone and address) but for `over`. */
async function profile(label: string, over: Record<string, unknown>) {
  serial += 1;
  const payload = candidatePayload(ids, {
    firstName: `Own${serial}`,
    lastName: `Person${serial}`,
    email: `keys.${label.toLowerCase()}.${Date.now()}@example.org`,
    phone: `+65 8${String(700 + serial)} ${String(1000 + serial * 7)}`,
    linkedInUrl: null,
    experiences: [
      { title: `Role ${serial}`, company: `Employer ${serial}`, startDate: '2019-01-01', currentPosition: true },
    ],
    ...over,
  });
  const res = await t.http.post('/api/v1/candidates').set(bearer(admin)).send(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.set(label, num(res.body.id));
}

const job = (company: string, title: string) => [{ title, company, startDate: '2019-01-01', currentPosition: true }];

/** The open pair of two labelled profiles, if any. */
async function pairOf(x: string, y: string) {
  const [a, b] = [made.get(x)!, made.get(y)!];
  return t
    .knex('candidate_duplicates')
    .where({ candidate_id: Math.min(a, b), other_id: Math.max(a, b) })
    .first('reasons', 'confidence');
}

beforeAll(async () => {
  t = await testApp();
  admin = await t.login('admin@example.com');
  ids = await talentIds(t.knex);
  const li = (url: string) => ({ linkedInUrl: url });
  await profile('pubA', {
    firstName: 'John',
    lastName: 'Tan',
    ...li('https://www.linkedin.com/pub/john-tan/12/345/678'),
  });
  await profile('pubB', {
    firstName: 'Jon',
    lastName: 'Tan',
    ...li('https://www.linkedin.com/pub/john-tan/98/765/432'),
  });
  await profile('pubA2', li('https://linkedin.com/PUB/John-Tan/12/345/678/'));
  await profile('viewA', li('https://www.linkedin.com/profile/view?id=AAAAA111'));
  await profile('viewB', li('https://www.linkedin.com/profile/view?id=BBBBB222'));
  await profile('viewA2', li('https://linkedin.com/profile/view?trk=x&id=aaaaa111'));
  await profile('dirA', li('https://www.linkedin.com/pub/dir/John/Tan'));
  await profile('dirB', li('https://www.linkedin.com/pub/dir/Mary/Lim'));
  await profile('plus', { phone: '+65 9123 4567' });
  await profile('bare', { phone: '6591234567' });
  await profile('accented', { firstName: 'Nguyễn', lastName: 'Văn Anh', experiences: job('FPT Software', 'Tester') });
  await profile('plain', { firstName: 'Nguyen', lastName: 'Van Anh', experiences: job('FPT Software', 'Tester') });
  await profile('telA', { firstName: 'Lucía', lastName: 'Moreno', experiences: job('Telefónica', 'Analyst') });
  await profile('telB', { firstName: 'Lucia', lastName: 'Moreno', experiences: job('TELEFONICA', 'Analyst') });
  await profile('promoA', { firstName: 'Rahul', lastName: 'Menon', experiences: job('Initech', 'Software Engineer') });
  await profile('promoB', {
    firstName: 'Rahul',
    lastName: 'Menon',
    experiences: job('Initech Pte Ltd', 'Senior Software Engineer'),
  });
  await profile('titledA', { firstName: 'Rahul', lastName: 'Menon', experiences: job('Umbrella', 'Architect') });
  await profile('titledB', { firstName: 'Rahul', lastName: 'Menon', experiences: job('Umbrella', 'Architect') });
  await profile('otherA', { firstName: 'Mei', lastName: 'Ong', experiences: job('Hooli', 'Designer') });
  await profile('otherB', { firstName: 'Wei', lastName: 'Ong', experiences: job('Hooli', 'Writer') });
  expect((await t.http.post('/api/v1/candidate-duplicates/scan').set(bearer(admin))).status).toBe(202);
  await runJobs(t);
});

describe('Duplicate keys of old links, phones, accents and promotions', () => {
  it('pairs old LinkedIn links only when they name the same profile', async () => {
    expect(await pairOf('pubA', 'pubB')).toBeUndefined();
    expect(await pairOf('viewA', 'viewB')).toBeUndefined();
    expect(await pairOf('dirA', 'dirB')).toBeUndefined();
    expect((await pairOf('pubA', 'pubA2'))?.reasons).toEqual(['linkedIn']);
    expect((await pairOf('viewA', 'viewA2'))?.reasons).toEqual(['linkedIn']);
  });

  it('pairs one phone with and without its +', async () => {
    expect((await pairOf('plus', 'bare'))?.reasons).toEqual(['phone']);
  });

  it('pairs names and employers with and without accents', async () => {
    expect((await pairOf('accented', 'plain'))?.reasons).toEqual(['nameEmployerTitle']);
    expect((await pairOf('telA', 'telB'))?.reasons).toEqual(['nameEmployerTitle']);
  });

  it('proposes the same name at the same employer under another title, below a shared title', async () => {
    const promoted = await pairOf('promoA', 'promoB');
    expect(promoted?.reasons).toEqual(['nameEmployer']);
    const titled = await pairOf('titledA', 'titledB');
    expect(titled?.reasons).toEqual(['nameEmployerTitle']);
    expect(promoted!.confidence).toBeLessThan(titled!.confidence);
    expect(await pairOf('otherA', 'otherB')).toBeUndefined();
  });

  it('warns a form of the same name at the same employer, and of the same phone without its +', async () => {
    const res = await t.http
      .post('/api/v1/candidate-duplicates/check')
      .set(bearer(admin))
      .send({ firstName: 'Rahul', lastName: 'Menon', phone: '6591234567', experiences: job('INITECH', 'Team Lead') });
    expect(res.status).toBe(200);
    const found = new Map((res.body.twins as { id: string; reasons: string[] }[]).map((x) => [num(x.id), x.reasons]));
    expect(found.get(made.get('promoA')!)).toEqual(['nameEmployer']);
    expect(found.get(made.get('plus')!)).toEqual(['phone']);
  });
});
