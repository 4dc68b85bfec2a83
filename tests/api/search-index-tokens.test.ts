/**
 * A search that a selective filter leads (a city few candidates want) reads the index's parts of
 * the statuses the searcher may see, and has the index read its other conditions too: the years a
 * career started in, which every search document carries as index tokens. On a pool of synthetic
 * candidates, such searches find exactly the candidates the documents' own columns say, and follow
 * a candidate's status and experience when they change.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_STATUS } from '../../schema/entities/talentOptions';
import { generateCandidates } from '../../seeds/synthetic/generate';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
let company: string;
let admin: string;

beforeAll(async () => {
  t = await testApp();
  await generateCandidates({ knex: t.knex, connectionString: t.url, count: 600, workers: 2, chunk: 300 });
  await t.knex.raw('analyze candidate_search_documents');
  company = await t.login('owner@acme.example.com');
  admin = await t.login('admin@example.com');
});

async function search(query: string, token: string): Promise<{ ids: number[]; total: number }> {
  const res = await t.http.get(`/api/v1/search?${query}&pp=50`).set('Authorization', `Bearer ${token}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.totalIsEstimate).toBe(false);
  return {
    ids: (res.body.docs as { id: string }[]).map((d) => Number(d.id.split(':')[1])).sort((a, b) => a - b),
    total: res.body.totalResults,
  };
}

/** The candidates whose documents' columns match: statuses, a preferred city, years of experience from `from` to `to` (none counts as 0). */
async function expected(statuses: number[], city: number, from: number, to: number): Promise<number[]> {
  const rows = await t.knex.raw(
    `select id from candidate_search_documents
      where status = any(?::smallint[]) and ? = any(preferred_location_ids)
        and (? = 0 or career_start <= current_date - make_interval(years => ?))
        and (career_start is null or career_start > current_date - make_interval(years => ?))
      order by id`,
    [statuses, city, from, from, to + 1],
  );
  return (rows.rows as { id: number }[]).map((r) => r.id);
}

/** Preferred cities held by a few documents each (at most 4% of them, so they lead the index's read). */
async function rareCities(): Promise<number[]> {
  const rows = await t.knex
    .raw(`select c from (select unnest(preferred_location_ids) as c from candidate_search_documents) x
     group by c having count(*) between 8 and (select count(*) * 0.04 from candidate_search_documents) order by count(*) desc, c limit 4`);
  return (rows.rows as { c: number }[]).map((r) => r.c);
}

describe('Searches led by a selective filter', () => {
  it('Find exactly the candidates of a city in a range of years, for a company and for an admin', async () => {
    const cities = await rareCities();
    expect(cities.length).toBeGreaterThan(2);
    let found = 0;
    for (const city of cities) {
      for (const [from, to] of [
        [0, 3],
        [2, 6],
        [5, 9],
        [1, 1],
      ]) {
        const mine = await search(`l=${city}&ef=${from}&et=${to}`, company);
        const want = await expected([CANDIDATE_STATUS.active], city, from, to);
        expect(mine.ids, `company l=${city} ef=${from} et=${to}`).toEqual(want);
        expect(mine.total).toBe(want.length);
        const all = await search(`l=${city}&ef=${from}&et=${to}`, admin);
        expect(all.ids, `admin l=${city} ef=${from} et=${to}`).toEqual(
          await expected([CANDIDATE_STATUS.active, CANDIDATE_STATUS.semiActive], city, from, to),
        );
        found += mine.total;
      }
    }
    expect(found).toBeGreaterThan(10);
  });

  it('Follow a candidate whose status or experience changes', async () => {
    const [city] = await rareCities();
    const before = await search(`l=${city}&ef=0&et=40`, company);
    const id = before.ids[0];
    expect(id).toBeDefined();

    // Semi-active: no longer found by companies, still by admins.
    const record = (
      await t.http.get(`/api/v1/candidates/Candidate:${id}`).set('Authorization', `Bearer ${admin}`).expect(200)
    ).body;
    const saved = await t.http
      .put(`/api/v1/candidates/Candidate:${id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ ...record, status: CANDIDATE_STATUS.semiActive });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await search(`l=${city}&ef=0&et=40`, company)).ids).not.toContain(id);
    expect((await search(`l=${city}&ef=0&et=40`, admin)).ids).toContain(id);

    // A career that started 20 years ago: found in 18 to 22 years of experience, no longer in 0 to 3.
    const start = new Date();
    start.setUTCFullYear(start.getUTCFullYear() - 20);
    const experiences = [
      {
        title: 'Operations Analyst',
        company: 'Keppel',
        startDate: start.toISOString().slice(0, 10),
        endDate: null,
        currentPosition: true,
        description: null,
      },
    ];
    const again = await t.http
      .put(`/api/v1/candidates/Candidate:${id}`)
      .set('Authorization', `Bearer ${admin}`)
      // From the copy the first save answered: a save from the older one would be refused as changed meanwhile.
      .send({ ...saved.body, status: CANDIDATE_STATUS.active, experiences });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await search(`l=${city}&ef=18&et=22`, company)).ids).toContain(id);
    expect((await search(`l=${city}&ef=0&et=3`, company)).ids).not.toContain(id);
    expect((await search(`l=${city}&ef=18&et=22`, company)).ids).toEqual(
      await expected([CANDIDATE_STATUS.active], city, 18, 22),
    );
  });
});
