/**
 * The pickers of a company with lots of data (Acme with 250 more projects and 250 more members, a RaaS company with
 * 160 more members): each finds the one past the first page by typing, on the server, and the "Add to project"
 * dialog says when its list is cut. The rows are this file's own, written straight to its database.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../helpers/e2e';
import { createProject, projectsWorld, row, type ProjectsWorld } from '../helpers/projectsE2E';

let e2e: E2E;
let world: ProjectsWorld;
const run = Date.now().toString(36);
const oldest = `Oldest ${run}`;
const lastMember = { first: 'Zelda', last: `Zimmer ${run}`, email: `zelda.${run}@acme.example.com` };
const lastRaas = `zz.${run}@raas.example.com`;
let oldestId: number;

async function members(email: string, count: number, last: { first: string; last: string; email: string }) {
  const knex = e2e.db.knex;
  const { company_id: companyId } = await knex('company_users').where('email', email).first('company_id');
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `bulk.${i}.${run}@${email.split('@')[1]}`,
    first_name: 'Bulk',
    last_name: `Member ${i}`,
    company_id: companyId,
    role: 2,
    status: 1,
  }));
  rows.push({
    email: last.email,
    first_name: last.first,
    last_name: last.last,
    company_id: companyId,
    role: 2,
    status: 1,
  });
  await knex.batchInsert('company_users', rows, 100);
}

beforeAll(async () => {
  e2e = await startE2E();
  world = await projectsWorld(e2e);
  const knex = e2e.db.knex;
  const owner = await knex('company_users').where('email', 'owner@acme.example.com').first('id', 'company_id');
  const jobTitle = await knex('job_titles').orderBy('id').first('id');
  const country = await knex('countries').orderBy('id').first('id');
  const day = 24 * 3600 * 1000;
  const start = Date.UTC(2020, 0, 1);
  const projects = Array.from({ length: 250 }, (_, i) => ({
    title: i === 0 ? oldest : `Bulk ${run} ${String(i).padStart(3, '0')}`,
    company_id: owner.company_id,
    owner_id: owner.id,
    job_title_id: jobTitle.id,
    countries: [country.id],
    headcount: 1,
    salary_min: 1000,
    salary_max: 2000,
    created_at: new Date(start + i * day),
  }));
  await knex.batchInsert('projects', projects, 100);
  oldestId = (await knex('projects').where('title', oldest).first('id')).id as number;
  await members('owner@acme.example.com', 250, lastMember);
  await members('owner@raas.example.com', 160, { first: 'Zz', last: 'Top', email: lastRaas });
});

async function openAddToProject(page: Page) {
  await page.getByTestId('result-card').first().getByTestId('add-to-project').click();
  const dialog = page.getByTestId('add-to-project-dialog');
  await dialog.getByTestId('open-projects').waitFor();
  return dialog;
}

describe('Pickers of a company with lots of data', () => {
  it('"Add to project" says its list is cut and finds the oldest of 250+ open projects by typing', async () => {
    const page = await e2e.signIn(
      'owner@acme.example.com',
      { width: 1440, height: 900 },
      `/search?jt=${world.jobTitle.id}`,
    );
    const dialog = await openAddToProject(page);
    await expect.poll(() => dialog.locator('[data-project-title]').count()).toBe(200);
    await expect(dialog.getByTestId('open-projects-cut').innerText()).resolves.toMatch(
      /^Showing 200 of \d+ open projects — type to narrow$/,
    );
    await dialog.getByTestId('open-projects-search').fill(oldest);
    const item = dialog.locator(`[data-project-title="${oldest}"]`);
    await item.waitFor();
    await expect.poll(() => dialog.locator('[data-project-title]').count()).toBe(1);
    await expect(dialog.getByTestId('open-projects-cut').count()).resolves.toBe(0);
    await item.getByRole('button', { name: `Add ${oldest}` }).click();
    await page.getByText(`Added to ${oldest}`).waitFor();
    await page.close();
  });

  it("The project owner picker finds a company's 250th member by typing, and saves them", async () => {
    const page = await e2e.signIn('owner@acme.example.com', undefined, null);
    const title = `Owner pick ${run}`;
    await page.goto(`${e2e.baseUrl}/projects`);
    const { guid } = await createProject(page, world, title);
    await page.goto(`${e2e.baseUrl}/projects?q=${encodeURIComponent(title)}`);
    await row(page, title).getByTestId('project-actions').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const settings = page.getByTestId('project-settings');
    await expect.poll(() => settings.getByLabel(/^Project name/).inputValue()).toBe(title);
    await settings.getByRole('combobox', { name: /^Project owner/ }).fill('Zelda Zim');
    await page.getByRole('option', { name: new RegExp(lastMember.email.replace(/\./g, '\\.')) }).click();
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Project saved').waitFor();
    const stored = await e2e.db
      .knex('projects as p')
      .join('company_users as u', 'u.id', 'p.owner_id')
      .where('p.guid', guid)
      .first('u.email');
    expect(stored.email).toBe(lastMember.email);
    await page.close();
  });

  it("The order form's member picker finds a RaaS company's 161st member by typing", async () => {
    const page = await e2e.signIn('admin@example.com', undefined, '/credits/active-credits');
    const company = await e2e.db
      .knex('companies')
      .join('company_users', 'company_users.company_id', 'companies.id')
      .where('company_users.email', 'owner@raas.example.com')
      .first('company_name');
    await page.getByRole('button', { name: 'Generate order form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate order form' });
    await dialog.getByLabel('Company').fill(company.company_name.slice(0, 4));
    await page.getByRole('option', { name: company.company_name }).click();
    await dialog.getByLabel('Member').fill(`zz.${run}`);
    await page.getByRole('option', { name: new RegExp(lastRaas.replace(/\./g, '\\.')) }).click();
    await expect(dialog.getByLabel('Member').inputValue()).resolves.toContain(lastRaas);
    await page.close();
  });

  it('A dashboard opened on a project past the first 50 by title names it, not its id', async () => {
    const page = await e2e.signIn(
      'admin@example.com',
      undefined,
      `/dashboard/project-overview?projectId=Project:${oldestId}`,
    );
    const field = page.getByTestId('dashboard-filters').getByRole('combobox', { name: 'Project' });
    await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(oldest);
    await page.close();
  });

  it("The transfer choice of a removed member finds the company's 250th colleague by typing", async () => {
    const knex = e2e.db.knex;
    const leaver = await knex('company_users').where('email', `bulk.7.${run}@acme.example.com`).first('id');
    const project = (await knex('projects').where('title', oldest).first('id')).id as number;
    await knex('projects').where('id', project).update({ owner_id: leaver.id });
    const page = await e2e.signIn('owner@acme.example.com', undefined, `/team?search=bulk.7.${run}`);
    await page.getByRole('button', { name: `Actions for bulk.7.${run}@acme.example.com` }).click();
    await page.getByRole('menuitem', { name: 'Remove from team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this user?' });
    await dialog.getByRole('combobox', { name: 'Transfer their projects to' }).fill('Zelda Zim');
    await page.getByRole('option', { name: new RegExp(lastMember.email.replace(/\./g, '\\.')) }).click();
    await dialog.getByRole('button', { name: 'Remove from team' }).click();
    await expect.poll(() => knex('company_users').where('id', leaver.id).first('id')).toBeUndefined();
    const owner = await knex('projects as p')
      .join('company_users as u', 'u.id', 'p.owner_id')
      .where('p.id', project)
      .first('u.email');
    expect(owner.email).toBe(lastMember.email);
    await page.close();
  });
});
