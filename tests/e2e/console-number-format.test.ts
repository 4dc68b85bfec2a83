/**
 * Numbers in console lists as their declarations write them: a decimal keeps every digit of its declared scale (a
 * currency rate of 0.000085 SGD is not "0"), and a number that names something (`display: 'plain'`: a year, an id)
 * reads without thousands separators ("2019", not "2,019").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

const filter = (value: Record<string, unknown>) => encodeURIComponent(JSON.stringify(value));

describe('Numbers in console lists', () => {
  it('A currency rate of a few millionths shows its digits, not 0', async () => {
    await e2e.db.knex('currency_rates').where('currency', 'IDR').update({ to_sgd: '0.000085' });
    const page = await e2e.signIn('admin@example.com', undefined, `/admin/currency-rates?filter=${filter({})}`);
    const row = page.getByRole('row').filter({ hasText: 'IDR' });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('0.000085');
  });

  it("An education's start year reads 2019, without a thousands separator", async () => {
    const { knex } = e2e.db;
    const education = await knex('candidate_educations').orderBy('id').first('id', 'candidate_id');
    await knex('candidate_educations').where('id', education.id).update({ start_year: 2019, end_year: 2021 });
    const at = `/admin/candidate-educations?filter=${filter({ candidateId: education.candidate_id })}`;
    const page = await e2e.signIn('admin@example.com', undefined, at);
    const cell = page.getByRole('cell', { name: '2019', exact: true });
    await cell.first().waitFor();
    await expect(page.getByText('2,019').count()).resolves.toBe(0);
  });
});
