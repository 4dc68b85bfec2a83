/**
 * A console list's "Select all" selects at most as many rows as one bulk request may name (BULK_MAX), not
 * react-admin's 250 the bulk routes refuse: 101 matching projects select as 100, and Delete deletes those 100. A
 * bulk deletion the server refuses is toasted with the refusal's own words, never the generic "Some fields need
 * your attention".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_MAX } from '../../schema/validation/inputs';
import { startE2E, type E2E } from '../helpers/e2e';
import { projectBody } from '../helpers/projects';

let e2e: E2E;
const tag = `Bulkcap ${Date.now().toString(36)}`;

beforeAll(async () => {
  e2e = await startE2E();
});

/** `count` projects of Acme titled after the tag, inserted straight into the table. */
async function insertProjects(count: number): Promise<void> {
  const { knex } = e2e.db;
  const body = await projectBody(knex);
  const acme = await knex('company_users').where('email', 'owner@acme.example.com').first('company_id', 'id');
  const rows = Array.from({ length: count }, (_, i) => ({
    title: `${tag} ${String(i).padStart(3, '0')}`,
    company_id: acme.company_id,
    owner_id: acme.id,
    job_title_id: body.jobTitleId,
    countries: body.countries,
    headcount: body.headcount,
    salary_min: body.salaryMin,
    salary_max: body.salaryMax,
    salary_currency: body.salaryCurrency,
    job_description: body.jobDescription,
    working_mode: body.workingMode,
  }));
  await knex('projects').insert(rows);
}

const tagged = () => e2e.db.knex('projects').where('title', 'like', `${tag}%`);
const listOf = (q: string) => `/admin/projects?filter=${encodeURIComponent(JSON.stringify({ q }))}`;

describe('Selecting every row of a console list', () => {
  it('101 projects select as 100, and Delete deletes those 100', async () => {
    expect(BULK_MAX).toBe(100);
    await insertProjects(BULK_MAX + 1);
    const page = await e2e.signIn('admin@example.com', undefined, listOf(tag));
    await page
      .getByText(`${tag} 100`)
      .or(page.getByText(`${tag} 000`))
      .first()
      .waitFor();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Select all', exact: true }).click();
    await page.getByText(`${BULK_MAX} items selected`).waitFor();
    // Nothing offers to select the 101st.
    await expect(page.getByRole('button', { name: 'Select all', exact: true }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => Number((await tagged().count({ n: '*' }).first())?.n), { timeout: 20_000 }).toBe(1);
    await expect(page.getByText('Some fields need your attention').count()).resolves.toBe(0);
  });

  it('A bulk deletion the server refuses for its length is toasted in the refusal words', async () => {
    await insertProjects(2);
    const page = await e2e.signIn('admin@example.com', undefined, listOf(`${tag} 00`));
    await page.getByText(`${tag} 001`).first().waitFor();
    // The request names more rows than a bulk request may: as if the console had let 101 be selected.
    await page.route('**/api/v1/projects', async (route) => {
      if (route.request().method() !== 'DELETE') return route.continue();
      const ids = Array.from({ length: BULK_MAX + 1 }, (_, i) => `Project:${900000 + i}`);
      await route.continue({ postData: JSON.stringify({ ids }) });
    });
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Choose at most 100 at a time').waitFor();
    await expect(page.getByText('Some fields need your attention').count()).resolves.toBe(0);
  });
});
