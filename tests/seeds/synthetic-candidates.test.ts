import { beforeAll, describe, expect, it } from 'vitest';
import { generateCandidates } from '../../seeds/synthetic/generate';
import { testApp, type TestApp } from '../helpers/app';

describe('Synthetic candidates', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await testApp();
    admin = await t.login('admin@example.com');
  });

  it('The generator adds realistic candidates whose profiles the API accepts as they are', async () => {
    const before = Number((await t.knex('candidates').count({ n: '*' }))[0].n);
    const made = await generateCandidates({
      knex: t.knex,
      connectionString: t.url,
      count: 600,
      workers: 2,
      chunk: 200,
    });
    expect(made.candidates).toBe(600);
    expect(Number((await t.knex('candidates').count({ n: '*' }))[0].n)).toBe(before + 600);
    expect(made.experiences).toBeGreaterThan(600);
    const spread = await t
      .knex('candidates')
      .where('email', 'like', '%@synthetic.example.com')
      .select(
        t.knex.raw(
          'count(distinct status)::int as statuses, count(distinct expected_salary_currency)::int as currencies, count(distinct current_location_id)::int as cities, sum((not visibility)::int)::int as hidden',
        ),
      );
    expect(spread[0].statuses).toBe(5);
    expect(spread[0].currencies).toBeGreaterThan(4);
    expect(spread[0].cities).toBeGreaterThan(20);
    expect(spread[0].hidden).toBeGreaterThan(0);

    const sample = await t
      .knex('candidates')
      .where('email', 'like', '%@synthetic.example.com')
      .orderBy('id')
      .limit(25)
      .pluck('id');
    for (const id of sample) {
      const record = (
        await t.http.get(`/api/v1/candidates/Candidate:${id}`).set('Authorization', `Bearer ${admin}`).expect(200)
      ).body;
      const saved = await t.http
        .put(`/api/v1/candidates/Candidate:${id}`)
        .set('Authorization', `Bearer ${admin}`)
        .send(record);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
  });
});
